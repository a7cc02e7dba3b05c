/**
 * The benchmarks' plain chat call (system + user → text), the one place a suite reaches a model:
 * resolveModel from the agents layer (temperature, seed, retries, timeouts, usage ledger), plus the
 * opt-in response cache. Tokens per call come from the reply's usage metadata.
 */
import { HumanMessage, SystemMessage, type AIMessage } from '@langchain/core/messages';
import { performance } from 'node:perf_hooks';
import { resolveModel, usageOf } from '../../agents/index.ts';
import type { EngiConfig } from '../../config/schema.ts';
import { ResponseCache } from './responseCache.ts';

export interface ChatRequest {
  system: string;
  user: string;
}

export interface ChatReply {
  text: string;
  model: string;
  inputTokens: number;
  outputTokens: number;
  latencyMs: number;
  cached: boolean;
}

export type ChatCaller = (request: ChatRequest) => Promise<ChatReply>;

export interface ChatCallerOptions {
  config: EngiConfig;
  cache?: ResponseCache;
}

export function messageText(message: AIMessage): string {
  const c = message.content;
  if (typeof c === 'string') return c;
  return c.map((part) => (typeof part === 'string' ? part : part.type === 'text' ? String((part as { text?: unknown }).text ?? '') : '')).join('');
}

export async function createChatCaller(spec: string, options: ChatCallerOptions): Promise<ChatCaller & { totals(): { calls: number; costUsd: number } }> {
  const model = await resolveModel(spec, { config: options.config });
  const settings = { temperature: options.config.model.temperature, seed: options.config.model.seed };
  const call = async (request: ChatRequest): Promise<ChatReply> => {
    const key = ResponseCache.key({ spec, settings, system: request.system, user: request.user });
    const hit = options.cache?.get<ChatReply>(key);
    if (hit) return { ...hit, cached: true };
    const t0 = performance.now();
    const reply = (await model.invoke([new SystemMessage(request.system), new HumanMessage(request.user)])) as AIMessage;
    const usage = reply.usage_metadata;
    const out: ChatReply = {
      text: messageText(reply),
      model: spec,
      inputTokens: usage?.input_tokens ?? 0,
      outputTokens: usage?.output_tokens ?? 0,
      latencyMs: Math.round(performance.now() - t0),
      cached: false,
    };
    options.cache?.set(key, out);
    return out;
  };
  return Object.assign(call, {
    totals: () => {
      const t = usageOf(model)?.totals();
      return { calls: t?.calls ?? 0, costUsd: t?.costUsd ?? 0 };
    },
  });
}
