/** The provenance block of a run directory (benchmarks.md §5.6): from run.json and the trace headers. */
import type { Provenance } from '../reports/reportModel.ts';
import type { Trace } from '../trace/index.ts';
import { readManifest } from './runConfig.ts';

export function runProvenance(dir: string, suite: string, traces: readonly Trace[], failed: number): Provenance & { dir: string } {
  const manifest = readManifest(dir);
  const first = traces[0]?.header;
  return {
    dir,
    suite,
    suiteVersion: first?.suiteVersion ?? manifest?.suiteVersion ?? 0,
    configHash: manifest?.configHash ?? first?.configHash ?? 'unknown',
    gitSha: first?.gitSha ?? manifest?.gitSha ?? 'unknown',
    gitDirty: traces.some((t) => t.header.gitDirty) || !!manifest?.gitDirty,
    models: [...new Set(traces.map((t) => t.header.model))].sort(),
    seeds: [...new Set(traces.map((t) => t.header.seed))].sort((a, b) => a - b),
    traces: traces.length,
    failed,
    config: manifest?.config,
  };
}
