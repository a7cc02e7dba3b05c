/**
 * pass^k (τ-bench): the probability that all k of k independent trials of a task succeed,
 * estimated without bias from n ≥ k trials with c successes as C(c, k)/C(n, k), averaged over tasks.
 */
function choose(n: number, k: number): number {
  if (k < 0 || k > n) return 0;
  let r = 1;
  for (let i = 1; i <= k; i++) r = (r * (n - k + i)) / i;
  return r;
}

/** Per-task (successes, trials) → mean pass^k; tasks with fewer than k trials are skipped. */
export function passHatK(tasks: readonly { successes: number; trials: number }[], k: number): number {
  const usable = tasks.filter((t) => t.trials >= k);
  if (!usable.length) return NaN;
  return usable.reduce((s, t) => s + choose(t.successes, k) / choose(t.trials, k), 0) / usable.length;
}
