/**
 * What the agentic bench commands (workflow, rag, hpc) share at run time: their common flags turned
 * into the suites' common run options, a progress bar, Ctrl-C stopping after the trials in flight
 * (cli/shared.ts interruptSignal), and the response cache.
 */
import type { BaseChatModel } from '@langchain/core/language_models/chat_models';
import type { EngiConfig } from '../../config/schema.ts';
import { interruptSignal } from '../shared.ts';
import { agentOrModel, integer } from './benchArgs.ts';

/** The flags every agentic suite takes. */
export interface SuiteRunFlags {
  agent?: string;
  model?: string;
  seeds: string;
  extraTools: string;
  concurrency?: string;
  cache?: boolean;
  resume: boolean;
  out?: string;
  json?: boolean;
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

/**
 * The flags → the suites' common run options (SuiteRunOptions), with a progress bar labelled
 * `label` that ticks per trial (`tick` for a suite that shows more); call `done()` at the end.
 */
export async function prepareSuiteRun(opts: SuiteRunFlags, label: string) {
  const { loadConfig } = await import('../../config/load.ts');
  const config = loadConfig();
  const who = agentOrModel(opts, config.model.spec);
  const chatModel = opts.cache && who.model && who.model !== 'offline' ? await openResponseCache(who.model, config) : undefined;
  const { createProgress } = await import('../../benchmarks/runner/progress.ts');
  let progress: ReturnType<typeof createProgress> | undefined;
  const { signal, dispose } = interruptSignal();
  const tick = (text: string) => progress?.tick(text);
  return {
    config,
    common: {
      ...who,
      chatModel,
      extraTools: integer('extra-tools', opts.extraTools, 0, 200),
      out: opts.out,
      concurrency: integer('concurrency', opts.concurrency, 1, 64),
      resume: opts.resume,
      config,
      signal,
      onStart: (total: number) => (progress = createProgress({ label, total })),
      onTrial: (id: string, status: string) => tick(status === 'done' ? id : `${status} ${id}`),
    },
    tick,
    done: () => {
      progress?.stop();
      dispose();
    },
  };
}
