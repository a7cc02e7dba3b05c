/**
 * The child-process side shared by the perf benchmarks that time our engine in its own process
 * (`<name>.ts --worker ...`): the command that starts that child, the timed cold-start optimize it
 * runs, and the entry that prints a benchmark's one JSON line when the file is run directly.
 */
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { optimize, type Design, type OptimizeResult, type Problem } from '../../../tools/engineering/problem.ts';
import type { ConfigValues } from '../../../tools/engineering/constraint.ts';
import { perfDir, repoRoot } from './discover.ts';
import type { Command } from './processTimer.ts';

/** User + system CPU seconds of this process so far. */
export function cpuSeconds(): number {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1e6;
}

/** `node --import tsx benchmarks/perf/<file> --worker [mode] ...argv`, labelled "ours". */
export function workerCommand(file: string, argv: string[], mode?: string): Command {
  return { label: 'ours', command: process.execPath, args: ['--import', 'tsx', join(perfDir, file), '--worker', ...(mode ? [mode] : []), ...argv], cwd: repoRoot };
}

export interface TimedOptimize {
  /** Wall seconds of the optimize loop. */
  seconds: number;
  /** CPU seconds of the optimize loop. */
  cpu_seconds: number;
  /** Wall seconds of the first simulate (engine setup: patterns, symbolic analyses), timed apart. */
  setup_s: number;
  result: OptimizeResult;
}

/** One simulate of `warmup` (setup), then one optimize of `problem` under `config`, each timed. */
export function timedOptimize(problem: Problem, config: ConfigValues, warmup: Design): TimedOptimize {
  const t0 = performance.now();
  problem.simulate(warmup, config);
  const setup = (performance.now() - t0) / 1000;
  const w = performance.now();
  const u = cpuSeconds();
  const result = optimize(problem, config);
  return { seconds: (performance.now() - w) / 1000, cpu_seconds: cpuSeconds() - u, setup_s: setup, result };
}

/**
 * When the module at `moduleUrl` is the process's entry: runs `main` on the arguments, prints its
 * object as one JSON line on stdout, and on failure writes the message to stderr and exits 1.
 */
export function runWhenEntry(moduleUrl: string, main: (argv: string[], log: (line: string) => void) => object | Promise<object>): void {
  if (!process.argv[1] || moduleUrl !== pathToFileURL(process.argv[1]).href) return;
  Promise.resolve()
    .then(() => main(process.argv.slice(2), (line) => process.stderr.write(`${line}\n`)))
    .then((result) => {
      process.stdout.write(JSON.stringify(result) + '\n');
    })
    .catch((err: unknown) => {
      process.stderr.write(`${err instanceof Error ? err.message : String(err)}\n`);
      process.exitCode = 1;
    });
}
