/** The HPC suite for `bench score | compare | report` (benchmarks/suites.ts). */
import { duplicateBlocks, separateRuns } from '../reports/cells.ts';
import type { SuiteAdapter } from '../suites.ts';
import { runProvenance } from '../runner/runProvenance.ts';
import { readTraceDir } from '../trace/index.ts';
import { hpcBlocks, hpcSummary } from './report.ts';
import { HPC_SUITE, scoreHpcDir, scoreHpcTraces } from './rescore.ts';
import { trainedModelBlocks, trainedModelMetrics } from './trainedModels.ts';

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
    const parts = [];
    const runs = [];
    const tracesOf = [];
    for (const dir of dirs) {
      const traces = readTraceDir(dir).filter((t) => t.header.suite === HPC_SUITE);
      const r = scoreHpcTraces(traces);
      const prov = runProvenance(dir, HPC_SUITE, traces, r.failed);
      parts.push({ configHash: prov.configHash, trials: r.trials });
      tracesOf.push({ configHash: prov.configHash, traces });
      runs.push(prov);
    }
    const { trials, duplicates, hashOf } = separateRuns(parts);
    const cells = (hpcSummary(trials).cells as Record<string, unknown>[]).map((c) => ({ ...c, configHash: hashOf.get(String(c.model)) }));
    // the trained models' metrics (Figures 8 and 9), each trial once, under the labels the tables use
    const seen = new Set<string>();
    const models = tracesOf.flatMap(({ configHash, traces }) => {
      const label = (m: string) => (hashOf.has(`${m} · cfg ${configHash.slice(0, 8)}`) ? `${m} · cfg ${configHash.slice(0, 8)}` : m);
      return trainedModelMetrics(traces, (t) => label(t.header.model)).filter((m) => !seen.has(`${configHash}|${m.agent}|${m.trialId}`) && !!seen.add(`${configHash}|${m.agent}|${m.trialId}`));
    });
    return { blocks: [...hpcBlocks(trials), ...trainedModelBlocks(models), ...duplicateBlocks(duplicates)], runs, cells };
  },
};
