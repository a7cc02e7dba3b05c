/**
 * Turns interleaved process runs into the flat JSON fields every perf benchmark reports:
 * for each label L: L_s (median wall seconds of the whole process), L_min_s, L_median_s,
 * L_loop_s / L_loop_min_s (median / min of the in-process `seconds` the command printed),
 * L_loop_cpu_s (median of its `cpu_seconds`, when printed: user+system CPU of the loop, which a
 * loaded machine inflates far less than wall time);
 * for each peer P other than `ours`: ratio_P = P_s / ours_s, ratio_P_loop and ratio_P_loop_cpu.
 */
import type { ProcessRun } from './processTimer.ts';
import { median, min, round } from './stats.ts';

export function numberField(run: ProcessRun, key: string): number {
  const v = run.result[key];
  return typeof v === 'number' ? v : NaN;
}

export function timingFields(byLabel: Map<string, ProcessRun[]>, ours = 'ours'): Record<string, number> {
  const out: Record<string, number> = {};
  for (const [label, runs] of byLabel) {
    const wall = runs.map((r) => r.wallS);
    const loop = runs.map((r) => numberField(r, 'seconds'));
    out[`${label}_s`] = round(median(wall));
    out[`${label}_min_s`] = round(min(wall));
    out[`${label}_median_s`] = round(median(wall));
    out[`${label}_loop_s`] = round(median(loop));
    out[`${label}_loop_min_s`] = round(min(loop));
    const cpu = runs.map((r) => numberField(r, 'cpu_seconds'));
    if (cpu.every(Number.isFinite)) out[`${label}_loop_cpu_s`] = round(median(cpu));
  }
  const base = byLabel.get(ours);
  if (!base) return out;
  const baseWall = median(base.map((r) => r.wallS));
  const baseLoop = median(base.map((r) => numberField(r, 'seconds')));
  for (const [label, runs] of byLabel) {
    if (label === ours) continue;
    out[`ratio_${label}`] = round(median(runs.map((r) => r.wallS)) / baseWall);
    out[`ratio_${label}_loop`] = round(median(runs.map((r) => numberField(r, 'seconds'))) / baseLoop);
    const cpu = out[`${label}_loop_cpu_s`];
    const baseCpu = out[`${ours}_loop_cpu_s`];
    if (cpu !== undefined && baseCpu !== undefined) out[`ratio_${label}_loop_cpu`] = round(cpu / baseCpu);
  }
  return out;
}

/** The value of `key` printed by the last run of `label` (runs of one command are deterministic). */
export function lastValue(byLabel: Map<string, ProcessRun[]>, label: string, key: string): number {
  const runs = byLabel.get(label) ?? [];
  return runs.length ? numberField(runs[runs.length - 1], key) : NaN;
}
