/**
 * Beams2D perf: our TypeScript engine against two NumPy peers of the same v0 loop
 * (reference/beams2d_scipy.py: SciPy spsolve; reference/beams2d_cholmod.py: CHOLMOD via cvxopt),
 * cold start, run as separate processes interleaved ours, scipy, cholmod, ours, ...
 * Flags: --runs N (3), --nelx (100), --nely (50), --volfrac (0.35), --rmin (2), --forcedist (0),
 * --max-iter (100), --overhang, --python PATH (/usr/bin/python3), --tol (1e-3, agreement),
 * --peer-threads N (cap the peers' BLAS/OpenMP threads; default: the libraries' own choice, as EngiBench runs),
 * --peers scipy,cholmod (the peers to run, default both; `--peers cholmod` skips SciPy, ≈ 10 min a run at 200x100).
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

export const PEERS = ['scipy', 'cholmod'] as const;
export type Peer = (typeof PEERS)[number];

export interface Beams2dRunOptions {
  c: Beams2dCase;
  runs: number;
  python: string;
  tol: number;
  peerThreads?: number;
  peers: Peer[];
}

function peersFlag(value: string | boolean | undefined): Peer[] {
  if (value === undefined) return [...PEERS];
  const names = typeof value === 'string' ? value.split(',').map((p) => p.trim()).filter(Boolean) : [];
  const bad = names.filter((p) => !(PEERS as readonly string[]).includes(p));
  if (names.length === 0 || bad.length > 0) throw new RangeError(`--peers takes a comma-separated list of ${PEERS.join(', ')}, got "${String(value)}"`);
  return PEERS.filter((p) => names.includes(p));
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
  return { c, runs, python, tol, peerThreads, peers: peersFlag(flags.peers) };
}

/** The commands of one comparison, in interleaving order: ours, then the chosen peers. */
export function beams2dCommands(c: Beams2dCase, python = DEFAULT_PYTHON, peerThreads?: number, peers: readonly Peer[] = PEERS) {
  const common = ['--nelx', `${c.nelx}`, '--nely', `${c.nely}`, '--volfrac', `${c.volfrac}`, '--rmin', `${c.rmin}`, '--forcedist', `${c.forcedist}`];
  const ours = oursCommand('beams2d', [...common, '--max_iter', `${c.maxIter}`, ...(c.overhang ? ['--overhang_constraint', 'true'] : [])]);
  const peer = [...common, '--max-iter', `${c.maxIter}`, ...(c.overhang ? ['--overhang'] : [])];
  const script: Record<Peer, string> = { scipy: 'beams2d_scipy.py', cholmod: 'beams2d_cholmod.py' };
  return [ours, ...peers.map((p) => pythonCommand(p, script[p], peer, python, peerThreads))];
}

export async function run(argv: string[], log: RunLog = () => {}): Promise<object> {
  const { c, runs, python, tol, peerThreads, peers } = caseFromFlags(argv);
  log(`beams2d ${c.nelx}x${c.nely}, ${c.maxIter} iterations${c.overhang ? ', overhang' : ''}: ${runs} interleaved runs of ours, ${peers.join(', ')}`);
  const byLabel = await runInterleaved(beams2dCommands(c, python, peerThreads, peers), runs, log);
  const labels = ['ours', ...peers];
  const finals = labels.map((l) => lastValue(byLabel, l, 'final_c'));
  const final = (l: string) => (labels.includes(l) ? round(lastValue(byLabel, l, 'final_c'), 10) : null);
  const iterations = (l: string) => (labels.includes(l) ? lastValue(byLabel, l, 'iterations') : null);
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
    peers: peers.join(','),
    ours_c: final('ours'),
    scipy_c: final('scipy'),
    cholmod_c: final('cholmod'),
    ours_iterations: iterations('ours'),
    scipy_iterations: iterations('scipy'),
    cholmod_iterations: iterations('cholmod'),
    agree: allAgree(finals, tol),
  };
}
