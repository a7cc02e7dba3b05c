/** The HPC suite for `bench score | compare | report` (benchmarks/suites.ts). */
import type { SuiteAdapter } from '../suites.ts';
import { parseProtocol } from '../runner/protocol.ts';
import { runProvenance } from '../runner/runProvenance.ts';
import { readTraceDir } from '../trace/index.ts';
import { hpcBlocks } from './report.ts';
import { HPC_SUITE, scoreHpcDir, scoreHpcTraces } from './rescore.ts';

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
    const all = [];
    const runs = [];
    const seen = new Set<string>();
    for (const dir of dirs) {
      const traces = readTraceDir(dir).filter((t) => t.header.suite === HPC_SUITE);
      const r = scoreHpcTraces(traces);
      const prov = runProvenance(dir, HPC_SUITE, traces, r.failed);
      // cells never pool runs of different configurations, and a trial found twice (a copied run) counts once
      for (const t of r.trials) {
        const key = `${prov.configHash}|${t.trialId}`;
        if (!seen.has(key)) all.push({ ...t, configHash: prov.configHash });
        seen.add(key);
      }
      runs.push(prov);
    }
    return { blocks: hpcBlocks(all), runs };
  },
};
