/**
 * `engiai bench compare A B` (benchmarks.md §5.5): a paired comparison of two runs over identical
 * trials — same trial id and the same sample (prompt and ground truth) — per group and overall:
 * means, the difference B − A with a seeded paired-bootstrap interval, and for 0/1 metrics the
 * discordant counts (trials only A completes, only B completes). Pure: scored trials in, rows out.
 */
import { pairedBootstrap } from './stats/bootstrap.ts';

export interface PairedTrial {
  trialId: string;
  /** Rows of the comparison (e.g. "beams2d W-Cond"). */
  group: string;
  /** Identifies the sample: trials pair only when these agree. */
  sampleKey: string;
  metrics: Record<string, number>;
}

export interface ComparisonRow {
  group: string;
  metric: string;
  n: number;
  a: number;
  b: number;
  diff: number;
  ci95: [number, number];
  /** 0/1 metrics: trials where only A (only B) scored 1. */
  onlyA?: number;
  onlyB?: number;
}

export interface Comparison {
  pairs: number;
  /** Trial ids in both runs whose samples differ (not compared). */
  mismatched: string[];
  onlyInA: number;
  onlyInB: number;
  rows: ComparisonRow[];
}

const mean = (xs: readonly number[]) => xs.reduce((s, x) => s + x, 0) / xs.length;

export function compareTrials(a: readonly PairedTrial[], b: readonly PairedTrial[], metrics: readonly string[], seed = 0): Comparison {
  const byId = new Map(b.map((t) => [t.trialId, t]));
  const pairs: [PairedTrial, PairedTrial][] = [];
  const mismatched: string[] = [];
  for (const x of a) {
    const y = byId.get(x.trialId);
    if (!y) continue;
    if (y.sampleKey !== x.sampleKey) mismatched.push(x.trialId);
    else pairs.push([x, y]);
  }
  const groups = ['all', ...[...new Set(pairs.map(([x]) => x.group))].sort()];
  const rows: ComparisonRow[] = [];
  for (const g of groups) {
    const ps = g === 'all' ? pairs : pairs.filter(([x]) => x.group === g);
    for (const m of metrics) {
      const va = ps.map(([x]) => x.metrics[m]).filter(Number.isFinite);
      const vb = ps.map(([, y]) => y.metrics[m]).filter(Number.isFinite);
      if (!va.length || va.length !== vb.length) continue;
      const ci = pairedBootstrap(va, vb, { seed, resamples: 2000 });
      const binary = [...va, ...vb].every((v) => v === 0 || v === 1);
      rows.push({
        group: g,
        metric: m,
        n: va.length,
        a: mean(va),
        b: mean(vb),
        diff: mean(vb) - mean(va),
        ci95: [ci.lo, ci.hi],
        ...(binary ? { onlyA: va.filter((v, i) => v === 1 && vb[i] === 0).length, onlyB: va.filter((v, i) => v === 0 && vb[i] === 1).length } : {}),
      });
    }
  }
  const ids = new Set(a.map((t) => t.trialId));
  return { pairs: pairs.length, mismatched, onlyInA: a.filter((t) => !byId.has(t.trialId)).length, onlyInB: b.filter((t) => !ids.has(t.trialId)).length, rows };
}
