/** The HPC suite for `bench score | compare | report` (benchmarks/suites.ts). */
import { duplicateBlocks, separateRuns } from '../reports/cells.ts';
import type { SuiteAdapter } from '../suites.ts';
import { parseProtocol } from '../runner/protocol.ts';
import { runProvenance } from '../runner/runProvenance.ts';
import { readTraceDir } from '../trace/index.ts';
import { hpcBlocks, hpcSummary } from './report.ts';
import { HPC_SUITE, scoreHpcDir, scoreHpcTraces } from './rescore.ts';
import { trainedModelBlocks, trainedModelMetrics } from './trainedModels.ts';

export const adapter: SuiteAdapter = {
  name: HPC_SUITE,
  metrics: ['s_hpc', 's_hpc_paper', 's_hpc_engiai', 'c_config'],
  /** `options.protocol` (`bench score --protocol`): whose numbers are at the top level; both are always computed. */
  async scoreDir(dir: string, _home?: string, options?: { protocol?: string }) {
    return scoreHpcDir(dir, options?.protocol === undefined ? undefined : parseProtocol(options.protocol, 'engiai'));
  },
  async paired(dir) {
    return scoreHpcTraces(readTraceDir(dir)).trials.map((t) => ({ trialId: t.trialId, group: t.sample.style, sampleKey: t.sample.text, metrics: { s_hpc: t.score.s_hpc, s_hpc_paper: t.score.paper.s_hpc, s_hpc_engiai: t.score.engiai.s_hpc, c_config: t.score.c_config } }));
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
    // cells never pool runs of different configurations, and a trial found twice (a copied run) counts once
    const { trials, duplicates, hashOf } = separateRuns(parts);
    const tagged = trials.map((t) => ({ ...t, configHash: hashOf.get(t.model) }));
    // the trained models' metrics (Figures 8 and 9), each trial once, under the labels the tables use
    const seen = new Set<string>();
    const models = tracesOf.flatMap(({ configHash, traces }) => {
      const label = (m: string) => (hashOf.has(`${m} · cfg ${configHash.slice(0, 8)}`) ? `${m} · cfg ${configHash.slice(0, 8)}` : m);
      return trainedModelMetrics(traces, (t) => label(t.header.model)).filter((m) => !seen.has(`${configHash}|${m.agent}|${m.trialId}`) && !!seen.add(`${configHash}|${m.agent}|${m.trialId}`));
    });
    return { blocks: [...hpcBlocks(tagged), ...trainedModelBlocks(models), ...duplicateBlocks(duplicates)], runs, cells: hpcSummary(tagged).cells as Record<string, unknown>[] };
  },
};
