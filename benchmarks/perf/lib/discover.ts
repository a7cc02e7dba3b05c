/**
 * Finds the perf benchmarks: every `benchmarks/perf/<name>.ts` except run.ts is one benchmark
 * module (see ../README.md for the contract). Helpers live in lib/ and peers in reference/.
 */
import { readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

export type RunLog = (line: string) => void;

/** What each `benchmarks/perf/<name>.ts` exports. */
export interface PerfBenchmark {
  /** One line shown by `npm run bench:perf` without a name. */
  description: string;
  /** Runs the benchmark with the flags after its name; resolves to the JSON object printed on stdout. */
  run(argv: string[], log: RunLog): Promise<object>;
}

export const perfDir = dirname(dirname(fileURLToPath(import.meta.url)));
export const repoRoot = dirname(dirname(perfDir));

const NOT_BENCHMARKS = new Set(['run']);

export function benchmarkNames(dir = perfDir): string[] {
  return readdirSync(dir, { withFileTypes: true })
    .filter((e) => e.isFile() && e.name.endsWith('.ts') && !e.name.endsWith('.d.ts'))
    .map((e) => e.name.slice(0, -3))
    .filter((n) => !NOT_BENCHMARKS.has(n))
    .sort();
}

export async function loadBenchmark(name: string, dir = perfDir): Promise<PerfBenchmark> {
  const names = benchmarkNames(dir);
  if (!names.includes(name)) throw new RangeError(`unknown perf benchmark "${name}"; available: ${names.join(', ') || '(none)'}`);
  const mod = (await import(pathToFileURL(join(dir, `${name}.ts`)).href)) as Partial<PerfBenchmark>;
  if (typeof mod.run !== 'function' || typeof mod.description !== 'string') {
    throw new TypeError(`benchmarks/perf/${name}.ts must export \`description: string\` and \`run(argv, log): Promise<object>\``);
  }
  return mod as PerfBenchmark;
}
