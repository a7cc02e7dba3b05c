/** What the agentic bench commands share at run time: Ctrl-C stops after the trials in flight; the response cache. */
import type { BaseChatModel } from '@langchain/core/language_models/chat_models';
import type { EngiConfig } from '../../config/schema.ts';

export function runSignal(): { signal: AbortSignal; dispose(): void } {
  const controller = new AbortController();
  const onSignal = () => controller.abort();
  process.once('SIGINT', onSignal);
  return { signal: controller.signal, dispose: () => process.off('SIGINT', onSignal) };
}

/** The model of `spec` behind the response cache under ENGIAI_HOME/cache/bench-responses. */
export async function openResponseCache(spec: string, config: EngiConfig): Promise<BaseChatModel> {
  const { join } = await import('node:path');
  const { resolveModel } = await import('../../agents/index.ts');
  const { ResponseCache } = await import('../../benchmarks/runner/responseCache.ts');
  const { CachingChatModel } = await import('../../benchmarks/runner/cachingChatModel.ts');
  const inner = await resolveModel(spec, { config });
  return new CachingChatModel({ inner, cache: new ResponseCache(join(config.home, 'cache', 'bench-responses')), spec, settings: { temperature: config.model.temperature, seed: config.model.seed } });
}
