/**
 * What a report is made of, independent of the suite: scored trials (tags to group by, metrics to
 * summarise), which metrics and groupings to show, count tables, and the provenance block.
 * Suites turn their traces into this; markdown.ts and html.ts render it. Everything here is pure.
 */
import { bootstrapCi } from '../stats/bootstrap.ts';
import { meanStd } from '../stats/summary.ts';
import { wilson } from '../stats/wilson.ts';

export interface ScoredTrial {
  id: string;
  tags: Record<string, string>;
  /** null: not applicable to this trial (left out of that metric's statistics). */
  metrics: Record<string, number | null>;
}

export interface MetricSpec {
  key: string;
  label: string;
  /** proportion: 0/1 values, Wilson interval; mean: bootstrap interval of the mean. */
  kind: 'proportion' | 'mean';
  /** Show as a percentage. */
  percent?: boolean;
}

export interface GroupSpec {
  /** Tag to group by; '' for the overall row. */
  key: string;
  label: string;
  /** Display order of known group values (others follow, sorted). */
  order?: string[];
}

export interface CountTable {
  title: string;
  rowLabel: string;
  columns: string[];
  rows: { label: string; counts: number[] }[];
}

export interface Provenance {
  suite: string;
  suiteVersion: number;
  configHash: string;
  gitSha: string;
  gitDirty: boolean;
  models: string[];
  seeds: number[];
  traces: number;
  failed: number;
  config?: unknown;
}

export interface ReportSpec {
  title: string;
  metrics: MetricSpec[];
  groups: GroupSpec[];
  provenance: Provenance;
  countTables?: CountTable[];
  notes?: string[];
  /** Seed of the bootstrap intervals. */
  seed?: number;
}

export interface MetricSummary {
  n: number;
  mean: number;
  std: number;
  lo: number;
  hi: number;
}

export interface GroupRow {
  group: string;
  n: number;
  metrics: Record<string, MetricSummary>;
}

export function summarize(values: readonly number[], kind: MetricSpec['kind'], seed = 0): MetricSummary {
  const ms = meanStd(values);
  if (!values.length) return { n: 0, mean: NaN, std: NaN, lo: NaN, hi: NaN };
  const ci = kind === 'proportion' ? wilson(values.reduce((s, v) => s + v, 0), values.length) : bootstrapCi(values, { seed, resamples: 1000 });
  return { n: ms.n, mean: ms.mean, std: ms.std, lo: ci.lo, hi: ci.hi };
}

/** One row per value of `group.key` (sorted), or a single "all" row when the key is ''. */
export function groupRows(trials: readonly ScoredTrial[], group: GroupSpec, metrics: readonly MetricSpec[], seed = 0): GroupRow[] {
  const buckets = new Map<string, ScoredTrial[]>();
  for (const t of trials) {
    const g = group.key ? (t.tags[group.key] ?? '(none)') : 'all';
    const list = buckets.get(g) ?? [];
    list.push(t);
    buckets.set(g, list);
  }
  const rank = (g: string) => {
    const i = group.order?.indexOf(g) ?? -1;
    return i < 0 ? Infinity : i;
  };
  const keys = [...buckets.keys()].sort((a, b) => rank(a) - rank(b) || (a < b ? -1 : a > b ? 1 : 0));
  return keys.map((g) => {
    const list = buckets.get(g)!;
    const out: Record<string, MetricSummary> = {};
    for (const m of metrics) {
      const values = list.map((t) => t.metrics[m.key]).filter((v): v is number => typeof v === 'number' && Number.isFinite(v));
      out[m.key] = summarize(values, m.kind, seed);
    }
    return { group: g, n: list.length, metrics: out };
  });
}

/** "63.1 ± 4.2 [55.0, 70.3]" (percent) or "0.631 ± 0.042 [0.550, 0.703]". */
export function formatSummary(s: MetricSummary, percent = false, withCi = true): string {
  if (!s.n) return '–';
  const f = (v: number) => (percent ? (100 * v).toFixed(1) : v.toFixed(3));
  return `${f(s.mean)} ± ${f(s.std)}${withCi ? ` [${f(s.lo)}, ${f(s.hi)}]` : ''}`;
}
