/** Public surface of agents/models: resolve a model spec, account usage, handle malformed tool calls. */
export { resolveModel, usageOf, type ResolveModelOptions } from './resolve.ts';
export { parseModelSpec, type ModelSpec, type Provider } from './modelSpec.ts';
export { UsageLedger, type ModelCallRecord, type UsageTotals } from './usage.ts';
export { answerInvalidToolCalls } from './malformedToolCall.ts';
export { priceOf, costUsd, type Price } from './prices.ts';
export type { RetryEvent } from './callPolicy.ts';
