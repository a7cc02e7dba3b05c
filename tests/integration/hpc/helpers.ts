/** Running the HPC tools as the agent runtime does: bound to a context, with a thread id and progress events. */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { configSchema, type EngiConfig } from '../../../config/schema.ts';
import { hpcContext, hpcTools, type HpcContext, type SshEvent } from '../../../tools/hpc/index.ts';
import { bindTools, type ProgressEvent } from '../../../tools/tool.ts';

/** Tiny datasets and evaluations keep every job to a few seconds. */
export const TINY_HPC = {
  datasets: { small: { rows: 12, seed: 0, nelx: 20, nely: 10, maxIter: 15 } },
  evaluation: { nSamples: 4 },
  pollSeconds: 0.3,
};

export function testConfig(hpc: Record<string, unknown>, home = mkdtempSync(join(tmpdir(), 'engiai-hpc-'))): EngiConfig {
  return configSchema.parse({ home, hpc: { ...TINY_HPC, ...hpc } });
}

export interface ToolHarness {
  ctx: HpcContext;
  events: SshEvent[];
  progress: ProgressEvent[];
  call(name: string, args?: Record<string, unknown>, threadId?: string): Promise<Record<string, unknown>>;
}

export function harness(config: EngiConfig, threadId = 'thread-1'): ToolHarness {
  const events: SshEvent[] = [];
  const progress: ProgressEvent[] = [];
  const ctx = hpcContext(config, (_c, e) => events.push(e));
  const tools = new Map(bindTools(hpcTools, ctx).map((t) => [t.name, t]));
  return {
    ctx,
    events,
    progress,
    async call(name, args = {}, thread = threadId) {
      const tool = tools.get(name)!;
      const out = await tool.run(tool.schema.parse(args), { askHuman: async () => 'yes', threadId: thread, progress: (e) => progress.push(e) });
      return out.result;
    },
  };
}

export const SIX_METRICS = ['iog', 'cog', 'fog', 'mmd', 'dpp', 'viol'] as const;
