/**
 * Which failures a trial may retry (style.md §7.3: the runner retries InfraError) and the back-off
 * between attempts: exponential, capped, deterministic (no jitter, so runs are reproducible).
 */
import { InfraError, TimeoutError } from '../../tools/errors.ts';

export function isRetryable(err: unknown): boolean {
  if (err instanceof InfraError) return err.retryable;
  if (err instanceof TimeoutError) return true;
  const status = (err as { status?: unknown; statusCode?: unknown } | null)?.status ?? (err as { statusCode?: unknown } | null)?.statusCode;
  return typeof status === 'number' && (status === 429 || status >= 500);
}

/** Delay before attempt `attempt` (1 = the first retry): base·2^(attempt−1), at most max. */
export function backoffMs(attempt: number, baseMs: number, maxMs: number): number {
  return Math.min(maxMs, baseMs * Math.pow(2, Math.max(0, attempt - 1)));
}

export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (ms <= 0 || signal?.aborted) return resolve();
    const timer = setTimeout(done, ms);
    signal?.addEventListener('abort', done, { once: true });
    function done() {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    }
  });
}
