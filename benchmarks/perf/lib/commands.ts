/** How to start ours (the TypeScript engine, through tsx) and a Python peer as child processes. */
import { join } from 'node:path';
import type { Command } from './processTimer.ts';
import { perfDir, repoRoot } from './discover.ts';

/** Debian's interpreter with NumPy/SciPy/cvxopt (benchmarks/perf/setup.sh); the pyenv one on PATH has none. */
export const DEFAULT_PYTHON = '/usr/bin/python3';

/** `node tools/launch.js benchmarks/perf/lib/<entry> ...args` from the repo root: the way the engiai command runs TypeScript (the launcher's cached bundle). */
export function launchedCommand(label: string, entry: string, args: string[]): Command {
  return { label, command: process.execPath, args: [join(repoRoot, 'tools', 'launch.js'), join(perfDir, 'lib', entry), ...args], cwd: repoRoot };
}

/** `node tools/launch.js benchmarks/perf/lib/optimizeOnce.ts <problem> ...flags` from the repo root. */
export function oursCommand(problemId: string, flags: string[], label = 'ours'): Command {
  return launchedCommand(label, 'optimizeOnce.ts', [problemId, ...flags]);
}

/** Environment that caps a NumPy/SciPy/cvxopt process's BLAS/OpenMP threads at `threads`. */
export function threadEnv(threads: number): NodeJS.ProcessEnv {
  const n = String(threads);
  return { ...process.env, OPENBLAS_NUM_THREADS: n, OMP_NUM_THREADS: n, MKL_NUM_THREADS: n };
}

/** `python benchmarks/perf/reference/<script> ...flags`; `threads` caps BLAS threads (default: the library's own choice). */
export function pythonCommand(label: string, script: string, flags: string[], python = DEFAULT_PYTHON, threads?: number): Command {
  const cmd: Command = { label, command: python, args: [join(perfDir, 'reference', script), ...flags], cwd: repoRoot };
  if (threads !== undefined) cmd.env = threadEnv(threads);
  return cmd;
}
