/** The HPC suite for `bench score | compare | report` (benchmarks/suites.ts). */
import type { SuiteAdapter } from '../suites.ts';
import { runProvenance } from '../runner/runProvenance.ts';
import { readTraceDir } from '../trace/index.ts';
import { hpcBlocks } from './report.ts';
import { HPC_SUITE, scoreHpcDir, scoreHpcTraces } from './rescore.ts';

export const adapter: SuiteAdapter = {
  name: HPC_SUITE,
  metrics: ['s_hpc', 'c_config'],
  async scoreDir(dir) {
    return scoreHpcDir(dir);
  },
  async paired(dir) {
    return scoreHpcTraces(readTraceDir(dir)).trials.map((t) => ({ trialId: t.trialId, group: t.sample.style, sampleKey: t.sample.text, metrics: { s_hpc: t.score.s_hpc, c_config: t.score.c_config } }));
  },
  async report(dirs) {
    const all = [];
    const runs = [];
    for (const dir of dirs) {
      const traces = readTraceDir(dir).filter((t) => t.header.suite === HPC_SUITE);
      const r = scoreHpcTraces(traces);
      all.push(...r.trials);
      runs.push(runProvenance(dir, HPC_SUITE, traces, r.failed));
    }
    return { blocks: hpcBlocks(all), runs };
  },
};
