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
  /** Sample std (n − 1). */
  std: number;
  /** Population std (n), the paper's. */
  popStd: number;
  lo: number;
  hi: number;
}

export interface GroupRow {
  group: string;
  n: number;
  metrics: Record<string, MetricSummary>;
}

/** Above this many values the bootstrap of a mean is replaced by the normal interval (they agree there). */
export const BOOTSTRAP_MAX_N = 2000;

/**
 * n, mean, sample and population std and a 95 % interval: Wilson for proportions; for means a seeded percentile
 * bootstrap (1000 resamples) up to BOOTSTRAP_MAX_N values, mean ± 1.96·std/√n beyond; a
 * constant sample has the degenerate interval [mean, mean].
 */
export function summarize(values: readonly number[], kind: MetricSpec['kind'], seed = 0): MetricSummary {
  const ms = meanStd(values);
  if (!values.length) return { n: 0, mean: NaN, std: NaN, popStd: NaN, lo: NaN, hi: NaN };
  const base = { n: ms.n, mean: ms.mean, std: ms.std, popStd: ms.popStd };
  if (kind === 'proportion') {
    const ci = wilson(values.reduce((s, v) => s + v, 0), values.length);
    return { ...base, lo: ci.lo, hi: ci.hi };
  }
  if (ms.std === 0) return { ...base, lo: ms.mean, hi: ms.mean };
  if (ms.n > BOOTSTRAP_MAX_N) {
    const half = (1.959964 * ms.std) / Math.sqrt(ms.n);
    return { ...base, lo: ms.mean - half, hi: ms.mean + half };
  }
  const ci = bootstrapCi(values, { seed, resamples: 1000 });
  return { ...base, lo: ci.lo, hi: ci.hi };
}

const rowCache = new WeakMap<readonly ScoredTrial[], Map<string, GroupRow[]>>();

/** One row per value of `group.key` (sorted), or a single "all" row when the key is ''. */
export function groupRows(trials: readonly ScoredTrial[], group: GroupSpec, metrics: readonly MetricSpec[], seed = 0): GroupRow[] {
  // Memoised per trials array: the Markdown, HTML and JSON views of one run share the statistics.
  const key = `${group.key}|${(group.order ?? []).join(',')}|${metrics.map((m) => `${m.key}:${m.kind}`).join(',')}|${seed}`;
  const cached = rowCache.get(trials)?.get(key);
  if (cached) return cached;
  const rows = computeRows(trials, group, metrics, seed);
  if (!rowCache.has(trials)) rowCache.set(trials, new Map());
  rowCache.get(trials)!.set(key, rows);
  return rows;
}

function computeRows(trials: readonly ScoredTrial[], group: GroupSpec, metrics: readonly MetricSpec[], seed: number): GroupRow[] {
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

/** "63.1 ± 4.2 [55.0, 70.3]" (percent) or "0.631 ± 0.042 [0.550, 0.703]", with the sample std. */
export function formatSummary(s: MetricSummary, percent = false, withCi = true): string {
  if (!s.n) return '–';
  const f = (v: number) => (percent ? (100 * v).toFixed(1) : v.toFixed(3));
  return `${f(s.mean)} ± ${f(s.std)}${withCi ? ` [${f(s.lo)}, ${f(s.hi)}]` : ''}`;
}
