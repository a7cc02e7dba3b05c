/**
 * Token and cost accounting. Each chat model made by resolve.ts carries a UsageHandler (a
 * LangChain callback handler, awaited, so records exist when invoke() returns) that writes one
 * record per model call into a UsageLedger: { model, inputTokens, outputTokens, costUsd,
 * latencyMs }. latencyMs spans the whole call, including retries. Share one ledger across the
 * supervisor and specialists to get run totals.
 */
import { BaseCallbackHandler } from '@langchain/core/callbacks/base';
import type { LLMResult } from '@langchain/core/outputs';
import type { AIMessage } from '@langchain/core/messages';
import { performance } from 'node:perf_hooks';
import type { RetryEvent } from './callPolicy.ts';
import { costUsd, type Price } from './prices.ts';

export interface ModelCallRecord {
  /** The model spec text, e.g. openai:gpt-4o-mini. */
  model: string;
  inputTokens: number;
  outputTokens: number;
  costUsd: number;
  latencyMs: number;
  ok: boolean;
  /** Error class name when ok is false. */
  error?: string;
}

export interface UsageTotals {
  calls: number;
  failedCalls: number;
  retries: number;
  inputTokens: number;
  outputTokens: number;
  costUsd: number;
  latencyMs: number;
}

export class UsageLedger {
  readonly calls: ModelCallRecord[] = [];
  readonly retries: RetryEvent[] = [];
  private readonly listeners: Array<(record: ModelCallRecord) => void> = [];

  record(record: ModelCallRecord): void {
    this.calls.push(record);
    for (const listener of this.listeners) listener(record);
  }

  noteRetry(event: RetryEvent): void {
    this.retries.push(event);
  }

  /** Called after each record (e.g. to forward to the tracer). Returns an unsubscribe function. */
  onRecord(listener: (record: ModelCallRecord) => void): () => void {
    this.listeners.push(listener);
    return () => this.listeners.splice(this.listeners.indexOf(listener), 1);
  }

  totals(): UsageTotals {
    const sum = (pick: (r: ModelCallRecord) => number) => this.calls.reduce((acc, r) => acc + pick(r), 0);
    return {
      calls: this.calls.length,
      failedCalls: this.calls.filter((r) => !r.ok).length,
      retries: this.retries.length,
      inputTokens: sum((r) => r.inputTokens),
      outputTokens: sum((r) => r.outputTokens),
      costUsd: sum((r) => r.costUsd),
      latencyMs: sum((r) => r.latencyMs),
    };
  }
}

export class UsageHandler extends BaseCallbackHandler {
  name = 'engiai_usage';
  override awaitHandlers = true;
  private readonly started = new Map<string, number>();

  constructor(
    private readonly ledger: UsageLedger,
    private readonly model: string,
    private readonly price: Price,
  ) {
    super();
  }

  override handleChatModelStart(_llm: unknown, _messages: unknown, runId: string): void {
    this.started.set(runId, performance.now());
  }

  override handleLLMEnd(output: LLMResult, runId: string): void {
    const { inputTokens, outputTokens } = tokensOf(output);
    this.ledger.record({ model: this.model, inputTokens, outputTokens, costUsd: costUsd(this.price, inputTokens, outputTokens), latencyMs: this.elapsed(runId), ok: true });
  }

  override handleLLMError(err: unknown, runId: string): void {
    const error = err instanceof Error ? err.name : 'Error';
    this.ledger.record({ model: this.model, inputTokens: 0, outputTokens: 0, costUsd: 0, latencyMs: this.elapsed(runId), ok: false, error });
  }

  private elapsed(runId: string): number {
    const t0 = this.started.get(runId);
    this.started.delete(runId);
    return t0 === undefined ? 0 : performance.now() - t0;
  }
}

/** usage_metadata on the message (all three providers), else llmOutput.tokenUsage. */
function tokensOf(output: LLMResult): { inputTokens: number; outputTokens: number } {
  const generation = output.generations?.[0]?.[0] as { message?: AIMessage } | undefined;
  const usage = generation?.message?.usage_metadata;
  if (usage) return { inputTokens: usage.input_tokens ?? 0, outputTokens: usage.output_tokens ?? 0 };
  const legacy = output.llmOutput?.tokenUsage as { promptTokens?: number; completionTokens?: number } | undefined;
  return { inputTokens: legacy?.promptTokens ?? 0, outputTokens: legacy?.completionTokens ?? 0 };
}
