/**
 * Reuse of finished optimizations inside one process. An optimization is deterministic: the same
 * problem version, the same resolved config and the same start give the same design, history and
 * objectives, bit for bit (Beams2D's two-thread factorization included, linalg/README.md). So a
 * finished result is kept under a key of exactly those inputs, and a later identical call gets a
 * copy of it, with the same progress events replayed in order, instead of computing it again
 * (the offline workflow suite asks for the same optimization from many trials).
 *
 * Only in memory and only in this process: the code that computed a kept result is the code that
 * is running, so a changed engine can never serve an old answer. Failed and cancelled runs are not
 * kept; a cancelled signal stops a replay as it stops a run. Bounded by entries and bytes (least
 * recently used first out). `ENGIAI_OPTIMIZE_REUSE=0` turns it off.
 */
import { createHash } from 'node:crypto';
import { throwIfCancelled } from '../errors.ts';
import type { ConfigValues } from './constraint.ts';
import type { Design, OptimizeResult, StepEvent } from './problem.ts';
import { storedStep } from './store/designMeta.ts';

export type ReusableResult = OptimizeResult & { objectives: number[] };

interface Kept {
  result: ReusableResult;
  steps: StepEvent[];
  bytes: number;
}

const MAX_ENTRIES = 64;
const MAX_BYTES = 256 * 1024 * 1024;

const kept = new Map<string, Kept>();
let keptBytes = 0;
const counts = { hits: 0, misses: 0 };

/** A number as text that round-trips exactly and keeps −0 apart from 0. */
const num = (x: number) => (Object.is(x, -0) ? '-0' : String(x));

/** The key of an optimization: problem id and version, every config value, the start's shape and bytes. */
export function optimizationKey(problem: { id: string; version: number | string }, config: ConfigValues, start: Design | undefined): string {
  const h = createHash('sha256');
  h.update(`${problem.id}@${problem.version}\n`);
  for (const name of Object.keys(config).sort()) {
    const v = config[name];
    h.update(`${JSON.stringify(name)}=${typeof v === 'number' ? num(v) : JSON.stringify(v)}\n`);
  }
  if (start) {
    h.update(`start ${start.shape.join('x')} ${start.data.length}\n`);
    h.update(new Uint8Array(start.data.buffer, start.data.byteOffset, start.data.byteLength));
  } else h.update('uniform start\n');
  return h.digest('hex');
}

const enabled = () => process.env.ENGIAI_OPTIMIZE_REUSE !== '0';

function copyOf(r: ReusableResult): ReusableResult {
  return {
    design: { shape: [...r.design.shape] as Design['shape'], data: new Float64Array(r.design.data) },
    history: r.history.map((s) => storedStep({ ...s, objectives: [...s.objectives] })),
    iterations: r.iterations,
    objectives: [...r.objectives],
    ...(r.warnings ? { warnings: structuredClone(r.warnings) } : {}),
  };
}

const sizeOf = (r: ReusableResult, steps: StepEvent[]) => r.design.data.byteLength + 64 * (r.history.length + steps.length) * (1 + (r.objectives.length || 1));

function keep(key: string, result: ReusableResult, steps: StepEvent[]): void {
  const entry = { result: copyOf(result), steps: steps.map((s) => ({ ...s, objectives: [...s.objectives] })), bytes: 0 };
  entry.bytes = sizeOf(entry.result, entry.steps);
  if (entry.bytes > MAX_BYTES) return;
  const old = kept.get(key);
  if (old) keptBytes -= old.bytes;
  kept.delete(key);
  kept.set(key, entry);
  keptBytes += entry.bytes;
  for (const [k, e] of kept) {
    if (kept.size <= MAX_ENTRIES && keptBytes <= MAX_BYTES) break;
    kept.delete(k);
    keptBytes -= e.bytes;
  }
}

/**
 * The kept result of the identical optimization (its progress events replayed to `onStep`), or
 * `run(onStep)`'s result, kept for the next identical call. The result is the caller's own copy.
 */
export async function reuseOrRun(key: string, onStep: (e: StepEvent) => void, signal: AbortSignal | undefined, run: (onStep: (e: StepEvent) => void) => Promise<ReusableResult>): Promise<ReusableResult> {
  const hit = enabled() ? kept.get(key) : undefined;
  if (hit) {
    counts.hits++;
    kept.delete(key); // most recently used goes last
    kept.set(key, hit);
    for (const e of hit.steps) {
      throwIfCancelled(signal);
      onStep({ ...e, objectives: [...e.objectives] });
    }
    throwIfCancelled(signal);
    return copyOf(hit.result);
  }
  counts.misses++;
  const steps: StepEvent[] = [];
  const result = await run((e) => {
    steps.push({ ...e, objectives: [...e.objectives] });
    onStep(e);
  });
  if (enabled()) keep(key, result, steps);
  return result;
}

/** Hits and misses so far, and what is kept (diagnostics, benchmarks, tests). */
export function optimizeReuseStats(): { hits: number; misses: number; entries: number; bytes: number } {
  return { ...counts, entries: kept.size, bytes: keptBytes };
}

/** Forgets every kept result (tests compare a reused result with a fresh one). */
export function clearOptimizeReuse(): void {
  kept.clear();
  keptBytes = 0;
}
