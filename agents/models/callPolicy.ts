/**
 * Puts a LangChain chat model under our call policy, whatever the provider:
 *   - timeout: each HTTP attempt (request and whole stream) is bounded by timeoutMs → TimeoutError;
 *     a timed-out attempt is not retried (the benchmark runner decides about whole calls);
 *   - retries: HTTP 408/409/429/5xx and network failures, up to maxRetries, waiting
 *     retryBaseDelayMs * 2^k (capped at retryMaxDelayMs) or what Retry-After asks; a Retry-After
 *     longer than retryMaxDelayMs is not waited for; streams are retried only before their first chunk;
 *   - errors: mapped to ConfigError / InfraError / TimeoutError with secrets scrubbed;
 *   - malformed tool calls: a provider-specific detector turns them into AIMessage.invalid_tool_calls
 *     instead of an exception (see malformedToolCall.ts).
 * The library's own retries are switched off by the adapters (maxRetries: 0) so nothing retries twice.
 * The policy is a wrapper model (`PolicyChatModel`, a BaseChatModel subclass): it calls the provider
 * model's own generation methods — the ones a custom chat model implements — under the policy, and
 * nothing is replaced on the provider's instance. bindTools() lets the provider convert the tools
 * and binds the result to the wrapper, so tool-bound calls keep the policy.
 */
import { BaseChatModel, type BaseChatModelCallOptions, type BindToolsInput } from '@langchain/core/language_models/chat_models';
import type { BaseLanguageModelInput } from '@langchain/core/language_models/base';
import type { CallbackManagerForLLMRun } from '@langchain/core/callbacks/manager';
import { AIMessage, AIMessageChunk, type AIMessageChunk as Chunk, type BaseMessage } from '@langchain/core/messages';
import { ChatGenerationChunk, type ChatResult } from '@langchain/core/outputs';
import { RunnableBinding, type Runnable } from '@langchain/core/runnables';
import { ConfigError, ModelBehaviorError, TimeoutError } from '../../tools/errors.ts';
import { inspectError, isRetryable, toEngiError, type ErrorContext } from './providerError.ts';
import type { MalformedDetector } from './malformedToolCall.ts';

export interface RetryEvent {
  model: string;
  /** 1 for the first retry. */
  retry: number;
  delayMs: number;
  status?: number;
  retryAfterMs?: number;
  reason: string;
}

export interface CallPolicy {
  timeoutMs: number;
  maxRetries: number;
  retryBaseDelayMs: number;
  retryMaxDelayMs: number;
  context: ErrorContext;
  onRetry?: (event: RetryEvent) => void;
  malformed?: MalformedDetector;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Any = any;

/** A provider's chat model under the call policy. */
export class PolicyChatModel extends BaseChatModel {
  constructor(
    readonly inner: BaseChatModel,
    readonly policy: CallPolicy,
    callbacks: BaseChatModel['callbacks'] = inner.callbacks,
  ) {
    super({ callbacks });
  }

  _llmType(): string {
    // core reads it while constructing, before `inner` is set
    return (this.inner as BaseChatModel | undefined)?._llmType() ?? 'engiai-policy';
  }

  override _identifyingParams(): Record<string, unknown> {
    return this.inner._identifyingParams();
  }

  override getLsParams(options: this['ParsedCallOptions']) {
    return this.inner.getLsParams(options);
  }

  override async _generate(messages: BaseMessage[], options: this['ParsedCallOptions'], runManager?: CallbackManagerForLLMRun): Promise<ChatResult> {
    return generateWithPolicy((m: BaseMessage[], o: Any, r: Any) => this.inner._generate(m, o, r), messages, options, runManager, this.policy);
  }

  override async *_streamResponseChunks(messages: BaseMessage[], options: this['ParsedCallOptions'], runManager?: CallbackManagerForLLMRun): AsyncGenerator<ChatGenerationChunk> {
    yield* chunksWithPolicy((m: BaseMessage[], o: Any, r: Any) => this.inner._streamResponseChunks(m, o, r), messages, options, runManager, this.policy);
  }

  override async *_streamChatModelEvents(messages: BaseMessage[], options: this['ParsedCallOptions'], runManager?: CallbackManagerForLLMRun): AsyncGenerator<Any> {
    // a provider without its own event stream: core's, over this wrapper's chunks (and their policy)
    if (this.inner._streamChatModelEvents === BaseChatModel.prototype._streamChatModelEvents) {
      yield* super._streamChatModelEvents(messages, options, runManager);
      return;
    }
    yield* eventsWithPolicy((m: BaseMessage[], o: Any, r: Any) => this.inner._streamChatModelEvents(m, o, r), messages, options, runManager, this.policy);
  }

  /**
   * The tools as call options of the wrapper, converted by the provider where its bindTools() binds
   * them as call options (Gemini, Ollama). ChatOpenAI's bindTools() returns a copy holding them as
   * defaults that only its own invoke() applies; its generation converts call-option tools itself,
   * so there they are bound as given.
   */
  override bindTools(tools: BindToolsInput[], kwargs?: Partial<BaseChatModelCallOptions>): Runnable<BaseLanguageModelInput, Chunk, BaseChatModelCallOptions> {
    if (!this.inner.bindTools) throw new ConfigError(`${this.policy.context.provider}:${this.policy.context.model} does not take tools`);
    const bound = this.inner.bindTools(tools, kwargs);
    if (bound instanceof BaseChatModel) return this.withConfig({ tools, ...(kwargs ?? {}) } as Partial<BaseChatModelCallOptions>) as Runnable<BaseLanguageModelInput, Chunk, BaseChatModelCallOptions>;
    if (!(bound instanceof RunnableBinding) || bound.bound !== this.inner) {
      throw new ConfigError(`${this.policy.context.provider}:${this.policy.context.model}: its bindTools() did not bind the tools as call options`, { hint: 'this adapter needs a call-policy wrapper of its own' });
    }
    return this.withConfig({ ...(bound.kwargs ?? {}), ...bound.config } as Partial<BaseChatModelCallOptions>) as Runnable<BaseLanguageModelInput, Chunk, BaseChatModelCallOptions>;
  }
}

/** The model under the policy: a wrapper, the provider's instance unchanged. */
export function withCallPolicy(model: BaseChatModel, policy: CallPolicy): PolicyChatModel {
  return new PolicyChatModel(model, policy);
}

const inner = (options: Any, signal: AbortSignal) => ({ ...options, signal });

async function generateWithPolicy(generate: Any, messages: BaseMessage[], options: Any, runManager: Any, policy: CallPolicy): Promise<ChatResult> {
  const run = async (signal: AbortSignal): Promise<ChatResult> => {
    const result: ChatResult = await generate(messages, inner(options, signal), runManager);
    for (const generation of result.generations) {
      const invalid = policy.malformed?.fromMessage?.(generation.message, generation.generationInfo);
      if (invalid) generation.message = new AIMessage({ ...messageFields(generation.message), invalid_tool_calls: [...((generation.message as AIMessage).invalid_tool_calls ?? []), invalid] });
    }
    return result;
  };
  try {
    for await (const result of withPolicy((signal) => once(run(signal)), options?.signal, policy)) return result;
    throw new Error('model call produced no result');
  } catch (err) {
    const invalid = policy.malformed?.fromError?.(err);
    if (!invalid) throw err;
    return { generations: [{ text: '', message: new AIMessage({ content: '', invalid_tool_calls: [invalid] }) }] };
  }
}

async function* chunksWithPolicy(stream: Any, messages: BaseMessage[], options: Any, runManager: Any, policy: CallPolicy): AsyncGenerator<ChatGenerationChunk> {
  try {
    for await (const chunk of withPolicy<ChatGenerationChunk>((signal) => stream(messages, inner(options, signal), runManager), options?.signal, policy)) {
      yield chunk;
      const invalid = policy.malformed?.fromMessage?.(chunk.message, chunk.generationInfo);
      if (invalid) yield invalidChunk(invalid);
    }
  } catch (err) {
    const invalid = policy.malformed?.fromError?.(err);
    if (!invalid) throw err;
    yield invalidChunk(invalid);
  }
}

/**
 * The content-block event protocol (LangGraph v3 streaming) has no invalid-tool-call event we can
 * synthesise, so a malformed call reported as an error becomes a ModelBehaviorError here.
 */
async function* eventsWithPolicy(events: Any, messages: BaseMessage[], options: Any, runManager: Any, policy: CallPolicy): AsyncGenerator<unknown> {
  try {
    yield* withPolicy((signal) => events(messages, inner(options, signal), runManager), options?.signal, policy);
  } catch (err) {
    const invalid = policy.malformed?.fromError?.(err);
    if (!invalid) throw err;
    const { provider, model } = policy.context;
    throw new ModelBehaviorError(`${provider}:${model} produced a malformed tool call: ${invalid.error}`, {
      hint: 'invoke() and stream() return it as AIMessage.invalid_tool_calls instead; see answerInvalidToolCalls().',
    });
  }
}

/** A chunk without a tool-call id always collapses into invalid_tool_calls (core's rule). */
function invalidChunk(invalid: { name?: string; args?: string; error?: string }): ChatGenerationChunk {
  const args = invalid.args && invalid.args.trim() ? invalid.args : `<${invalid.error ?? 'malformed tool call'}>`;
  return new ChatGenerationChunk({ text: '', message: new AIMessageChunk({ content: '', tool_call_chunks: [{ type: 'tool_call_chunk', name: invalid.name, args, index: 999 }] }) });
}

function messageFields(message: BaseMessage) {
  const ai = message as AIMessage;
  return { content: ai.content, id: ai.id, name: ai.name, additional_kwargs: ai.additional_kwargs, response_metadata: ai.response_metadata, tool_calls: ai.tool_calls, usage_metadata: ai.usage_metadata };
}

async function* once<T>(promise: Promise<T>): AsyncGenerator<T> {
  yield await promise;
}

/**
 * Runs open(signal) as an async stream under the policy: a deadline per attempt, retries only
 * while nothing has been yielded, errors mapped at the end.
 */
async function* withPolicy<T>(open: (signal: AbortSignal) => AsyncIterable<T>, callerSignal: AbortSignal | undefined, policy: CallPolicy): AsyncGenerator<T> {
  for (let retry = 0; ; retry++) {
    const deadline = startDeadline(policy.timeoutMs, callerSignal);
    const iterator = open(deadline.signal)[Symbol.asyncIterator]();
    let yielded = false;
    try {
      while (true) {
        const step = await Promise.race([iterator.next(), deadline.expired]);
        if (step.done) return;
        yielded = true;
        yield step.value;
      }
    } catch (err) {
      void iterator.return?.(undefined)?.catch(() => undefined);
      if (deadline.timedOut) throw timeoutError(policy);
      if (callerSignal?.aborted || policy.malformed?.fromError?.(err)) throw err;
      const facts = inspectError(err);
      const delayMs = yielded || retry >= policy.maxRetries || !isRetryable(facts) ? undefined : backoffMs(policy, retry, facts.retryAfterMs);
      if (delayMs === undefined) throw toEngiError(err, facts, policy.context);
      policy.onRetry?.({ model: policy.context.model, retry: retry + 1, delayMs, status: facts.status, retryAfterMs: facts.retryAfterMs, reason: facts.network ? 'network' : `HTTP ${facts.status}` });
      await sleep(delayMs, callerSignal);
    } finally {
      deadline.clear();
    }
  }
}

/** Retry-After wins when given (undefined = too long to wait); otherwise exponential back-off. */
export function backoffMs(policy: Pick<CallPolicy, 'retryBaseDelayMs' | 'retryMaxDelayMs'>, retry: number, retryAfterMs?: number): number | undefined {
  if (retryAfterMs !== undefined) return retryAfterMs <= policy.retryMaxDelayMs ? retryAfterMs : undefined;
  return Math.min(policy.retryMaxDelayMs, policy.retryBaseDelayMs * 2 ** retry);
}

function timeoutError(policy: CallPolicy): TimeoutError {
  const { provider, model } = policy.context;
  return new TimeoutError(`${provider}:${model} did not answer within ${policy.timeoutMs} ms`, policy.timeoutMs, {
    hint: 'Raise model.timeoutMs (ENGIAI_TIMEOUT_MS) or use a faster model.',
  });
}

function startDeadline(timeoutMs: number, callerSignal?: AbortSignal) {
  const controller = new AbortController();
  const state = { timedOut: false };
  let timer: NodeJS.Timeout | undefined;
  const expired = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      state.timedOut = true;
      const reason = new Error(`timeout after ${timeoutMs} ms`);
      controller.abort(reason);
      reject(reason);
    }, timeoutMs);
  });
  expired.catch(() => undefined);
  const signal = callerSignal ? AbortSignal.any([callerSignal, controller.signal]) : controller.signal;
  return {
    signal,
    expired,
    get timedOut() {
      return state.timedOut;
    },
    clear: () => clearTimeout(timer),
  };
}

function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
