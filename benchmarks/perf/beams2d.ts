/**
 * Beams2D perf: our TypeScript engine against two NumPy peers of the same v0 loop
 * (reference/beams2d_scipy.py: SciPy spsolve; reference/beams2d_cholmod.py: CHOLMOD via cvxopt),
 * cold start, run as separate processes interleaved ours, scipy, cholmod, ours, ...
 * Flags: --runs N (3), --nelx (100), --nely (50), --volfrac (0.35), --rmin (2), --forcedist (0),
 * --max-iter (100), --overhang, --python PATH (/usr/bin/python3), --tol (1e-3, agreement),
 * --peer-threads N (cap the peers' BLAS/OpenMP threads; default: the libraries' own choice, as EngiBench runs).
 */
import { parseFlags, numberFlag } from './lib/flags.ts';
import { DEFAULT_PYTHON, oursCommand, pythonCommand } from './lib/commands.ts';
import { runInterleaved } from './lib/interleave.ts';
import { allAgree, round } from './lib/stats.ts';
import { lastValue, timingFields } from './lib/summary.ts';
import type { RunLog } from './lib/discover.ts';

export const description = 'Beams2D v0 optimize (default 100x50, 100 iterations): ours vs SciPy spsolve vs CHOLMOD';

export interface Beams2dCase {
  nelx: number;
  nely: number;
  volfrac: number;
  rmin: number;
  forcedist: number;
  maxIter: number;
  overhang: boolean;
}

export interface Beams2dRunOptions {
  c: Beams2dCase;
  runs: number;
  python: string;
  tol: number;
  peerThreads?: number;
}

export function caseFromFlags(argv: string[]): Beams2dRunOptions {
  const { flags } = parseFlags(argv);
  const c: Beams2dCase = {
    nelx: numberFlag(flags, 'nelx', 100, { integer: true, min: 1 }),
    nely: numberFlag(flags, 'nely', 50, { integer: true, min: 1 }),
    volfrac: numberFlag(flags, 'volfrac', 0.35),
    rmin: numberFlag(flags, 'rmin', 2),
    forcedist: numberFlag(flags, 'forcedist', 0),
    maxIter: numberFlag(flags, 'max-iter', 100, { integer: true, min: 0 }),
    overhang: flags.overhang === true || flags.overhang === 'true',
  };
  const runs = numberFlag(flags, 'runs', 3, { integer: true, min: 1 });
  const tol = numberFlag(flags, 'tol', 1e-3, { min: 0 });
  const python = typeof flags.python === 'string' ? flags.python : DEFAULT_PYTHON;
  const peerThreads = flags['peer-threads'] === undefined ? undefined : numberFlag(flags, 'peer-threads', 1, { integer: true, min: 1 });
  return { c, runs, python, tol, peerThreads };
}

/** The commands of one comparison, in interleaving order. */
export function beams2dCommands(c: Beams2dCase, python = DEFAULT_PYTHON, peerThreads?: number) {
  const common = ['--nelx', `${c.nelx}`, '--nely', `${c.nely}`, '--volfrac', `${c.volfrac}`, '--rmin', `${c.rmin}`, '--forcedist', `${c.forcedist}`];
  const ours = oursCommand('beams2d', [...common, '--max_iter', `${c.maxIter}`, ...(c.overhang ? ['--overhang_constraint', 'true'] : [])]);
  const peer = [...common, '--max-iter', `${c.maxIter}`, ...(c.overhang ? ['--overhang'] : [])];
  return [
    ours,
    pythonCommand('scipy', 'beams2d_scipy.py', peer, python, peerThreads),
    pythonCommand('cholmod', 'beams2d_cholmod.py', peer, python, peerThreads),
  ];
}

export async function run(argv: string[], log: RunLog = () => {}): Promise<object> {
  const { c, runs, python, tol, peerThreads } = caseFromFlags(argv);
  log(`beams2d ${c.nelx}x${c.nely}, ${c.maxIter} iterations${c.overhang ? ', overhang' : ''}: ${runs} interleaved runs of ours, scipy, cholmod`);
  const byLabel = await runInterleaved(beams2dCommands(c, python, peerThreads), runs, log);
  const finals = ['ours', 'scipy', 'cholmod'].map((l) => lastValue(byLabel, l, 'final_c'));
  return {
    benchmark: 'beams2d',
    nelx: c.nelx,
    nely: c.nely,
    volfrac: c.volfrac,
    rmin: c.rmin,
    forcedist: c.forcedist,
    max_iter: c.maxIter,
    overhang: c.overhang,
    runs,
    peer_threads: peerThreads ?? 'default',
    ...timingFields(byLabel),
    ours_c: round(finals[0], 10),
    scipy_c: round(finals[1], 10),
    cholmod_c: round(finals[2], 10),
    ours_iterations: lastValue(byLabel, 'ours', 'iterations'),
    scipy_iterations: lastValue(byLabel, 'scipy', 'iterations'),
    cholmod_iterations: lastValue(byLabel, 'cholmod', 'iterations'),
    agree: allAgree(finals, tol),
  };
}
