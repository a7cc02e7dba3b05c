/**
 * Chooses, call by call, between the serial and the two-thread factorization from their measured
 * wall times: on a busy machine the helper may get no core of its own, and then waiting for it only
 * costs. Both are tried a few times, then the faster one is used, with the other one re-measured
 * every probeEvery-th call so a change in machine load is noticed.
 *
 * Legend: ema[m] = exponential moving average of the wall time (ms) of mode m (0 serial, 1 two
 * threads), alpha its weight for a new sample; n[m] = samples of mode m.
 */

export interface ThreadChooser {
  ema: [number, number];
  n: [number, number];
  calls: number;
}

const WARM_SAMPLES = 3;
const ALPHA = 0.3;
const PROBE_EVERY = 16;

export const createThreadChooser = (): ThreadChooser => ({ ema: [0, 0], n: [0, 0], calls: 0 });

/** True when the next factorization should use the helper thread. */
export function chooseParallel(c: ThreadChooser): boolean {
  c.calls++;
  if (c.n[1] < WARM_SAMPLES) return true;
  if (c.n[0] < WARM_SAMPLES) return false;
  const best = c.ema[1] <= c.ema[0];
  return c.calls % PROBE_EVERY === 0 ? !best : best;
}

/** Records the wall time (ms) of a factorization done serially (parallel = false) or with the helper. */
export function recordTime(c: ThreadChooser, parallel: boolean, ms: number): void {
  const m = parallel ? 1 : 0;
  c.ema[m] = c.n[m] === 0 ? ms : c.ema[m] + ALPHA * (ms - c.ema[m]);
  c.n[m]++;
}
