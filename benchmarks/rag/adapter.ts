/** The RAG suite for `bench score | compare | report` (benchmarks/suites.ts). */
import { createHash } from 'node:crypto';
import { duplicateBlocks, separateRuns } from '../reports/cells.ts';
import type { SuiteAdapter } from '../suites.ts';
import { parseProtocol } from '../runner/protocol.ts';
import { runProvenance } from '../runner/runProvenance.ts';
import { readTraceDir } from '../trace/index.ts';
import { ragBlocks, ragSummary } from './report.ts';
import { RAG_SUITE, scoreRagDir, scoreRagTraces } from './rescore.ts';

export const adapter: SuiteAdapter = {
  name: RAG_SUITE,
  metrics: ['s_rag', 's_rag_paper', 's_rag_engiai', 'searched'],
  /** `options.protocol` (`bench score --protocol`): whose numbers are at the top level; both are always computed. */
  async scoreDir(dir: string, _home?: string, options?: { protocol?: string }) {
    return scoreRagDir(dir, options?.protocol === undefined ? undefined : parseProtocol(options.protocol, 'engiai'));
  },
  async paired(dir) {
    return scoreRagTraces(readTraceDir(dir)).trials.map((t) => ({
      trialId: t.trialId,
      group: `${t.sample.prompt} ${t.sample.condition}`,
      sampleKey: createHash('sha256').update(JSON.stringify([t.sample.text, t.sample.expected])).digest('hex').slice(0, 16),
      metrics: { s_rag: t.score.s_rag, s_rag_paper: t.score.paper.s_rag, s_rag_engiai: t.score.engiai.s_rag, searched: t.score.searched },
    }));
  },
  async report(dirs) {
    const parts = [];
    const runs = [];
    for (const dir of dirs) {
      const traces = readTraceDir(dir).filter((t) => t.header.suite === RAG_SUITE);
      const r = scoreRagTraces(traces);
      const prov = runProvenance(dir, RAG_SUITE, traces, r.failed);
      parts.push({ configHash: prov.configHash, trials: r.trials });
      runs.push(prov);
    }
    // cells never pool runs of different configurations, and a trial found twice (a copied run) counts once
    const { trials, duplicates, hashOf } = separateRuns(parts);
    const tagged = trials.map((t) => ({ ...t, configHash: hashOf.get(t.model) }));
    return { blocks: [...ragBlocks(tagged), ...duplicateBlocks(duplicates)], runs, cells: ragSummary(tagged).cells as Record<string, unknown>[] };
  },
};
