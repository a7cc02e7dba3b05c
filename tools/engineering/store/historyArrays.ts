/**
 * The OptiStep arrays of a 'full' history as `.npy` files beside a stored design (meta.json keeps only step,
 * objectives and objectivesUpdate, designMeta.ts storedStep). Each file stacks the steps that carry the field,
 * one row per step, each row the step's array flattened in the order the problem records it (its design order;
 * Beams2D: the column-major vector EngiBench uses):
 *   history_steps.npy (S,)  the step numbers of those rows;
 *   history_x.npy (S, n), history_x_update.npy (S, n), history_x_sensitivities.npy (S, k, n).
 */
import type { OptiStep } from '../problem.ts';
import { encodeNpyArray } from './npy.ts';

export interface HistoryArrayFile {
  fileName: string;
  role: string;
  bytes: Uint8Array;
}

function stack(rows: Float64Array[][], shape: number[]): Float64Array {
  const out = new Float64Array(shape.reduce((a, b) => a * b, 1));
  let o = 0;
  for (const parts of rows) for (const r of parts) {
    out.set(r, o);
    o += r.length;
  }
  return out;
}

/** The files for a history, or none when no step carries arrays. */
export function historyArrayFiles(history: readonly OptiStep[]): HistoryArrayFile[] {
  const steps = history.filter((s) => s.x);
  if (!steps.length) return [];
  const n = steps[0].x!.length;
  const files: HistoryArrayFile[] = [{ fileName: 'history_steps.npy', role: 'history_steps', bytes: encodeNpyArray([steps.length], Float64Array.from(steps, (s) => s.step)) }];
  files.push({ fileName: 'history_x.npy', role: 'history_x', bytes: encodeNpyArray([steps.length, n], stack(steps.map((s) => [s.x!]), [steps.length, n])) });
  if (steps.every((s) => s.xUpdate)) {
    files.push({ fileName: 'history_x_update.npy', role: 'history_x_update', bytes: encodeNpyArray([steps.length, n], stack(steps.map((s) => [s.xUpdate!]), [steps.length, n])) });
  }
  const k = steps[0].xSensitivities?.length ?? 0;
  if (k && steps.every((s) => s.xSensitivities?.length === k)) {
    const shape = [steps.length, k, n];
    files.push({ fileName: 'history_x_sensitivities.npy', role: 'history_x_sensitivities', bytes: encodeNpyArray(shape, stack(steps.map((s) => s.xSensitivities!), shape)) });
  }
  return files;
}
