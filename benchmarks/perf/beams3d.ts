/**
 * Beams3D perf: one cold-start optimize (16³ by default, MMA, max_iter iterations) of our engine against
 * the NumPy/SciPy peer of EngiBench's Beams3D v0 loop (reference/beams3d_ref.py: SciPy CG at rtol 1e-8,
 * preconditioned with a CHOLMOD factor in place of pyamg (--precond ilu|jacobi for the others); our Svanberg MMA in
 * Python, or mmapy.mmasub with --mma mmapy when it is on PYTHONPATH), as separate processes run
 * interleaved ours, peer, ours, ... Reports the per-iteration milliseconds side by side and their ratio,
 * and whether the two compliance histories agree (relative, --tol, default 1e-6 per step).
 * Flags: --runs N (3), --n SIDE (16; nelx = nely = nelz), --max-iter K (10), --precond cholmod|ilu|jacobi,
 * --mma ours|mmapy, --python PATH, --tol.
 * Run directly: `npx tsx benchmarks/perf/beams3d.ts [flags]`; `--worker` is the child mode.
 */
import { DEFAULT_PYTHON, pythonCommand } from './lib/commands.ts';
import { runWhenEntry, workerCommand } from './lib/childMode.ts';
import { cubeCaseOf, cubeOptimize, cubePeerGrid, cubeWorkerArgs, type CubeCase } from './lib/cubeCase.ts';
import type { RunLog } from './lib/discover.ts';
import { numberFlag, parseFlags, type Flags } from './lib/flags.ts';
import { runInterleaved } from './lib/interleave.ts';
import { median, relDiff, round } from './lib/stats.ts';
import { numberField, timingFields } from './lib/summary.ts';
import { beams3d } from '../../tools/engineering/beams3d/problem.ts';

export const description = 'Beams3D 16³ MMA optimize (10 iterations): ours vs the NumPy/SciPy peer of EngiBench’s loop, per-iteration ratio';

const caseOf = (flags: Flags) => cubeCaseOf(flags, 10);

/** Child mode: engine import + setup (first simulate: pattern, symbolic analysis) timed apart from the loop. */
function worker(c: CubeCase): object {
  const { seconds, cpu_seconds, setup_s, result: r } = cubeOptimize(beams3d, c);
  return { seconds, cpu_seconds, setup_s, iterations: r.iterations, history: r.history.map((h) => h.objectives) };
}

const oursWorker = (argv: string[]) => workerCommand('beams3d.ts', argv);

const historyOf = (r: { result: Record<string, unknown> }): number[] => ((r.result.history as number[][] | undefined) ?? []).map((h) => h[0]);

export async function run(argv: string[], log: RunLog = () => {}): Promise<object> {
  const { flags } = parseFlags(argv);
  const c = caseOf(flags);
  const runs = numberFlag(flags, 'runs', 3, { integer: true, min: 1 });
  const tol = numberFlag(flags, 'tol', 1e-6, { min: 0 });
  const python = typeof flags.python === 'string' ? flags.python : DEFAULT_PYTHON;
  const precond = typeof flags.precond === 'string' ? flags.precond : 'cholmod';
  const mma = typeof flags.mma === 'string' ? flags.mma : 'ours';
  const grid = cubePeerGrid(c);
  log(`beams3d ${c.n}³ max_iter ${c.maxIter}: ${runs} interleaved runs of ours and the peer (precond ${precond}, mma ${mma})`);
  const byLabel = await runInterleaved(
    [oursWorker(cubeWorkerArgs(c)), pythonCommand('peer', 'beams3d_ref.py', ['optimize', ...grid, '--precond', precond, '--mma', mma], python)],
    runs,
    log,
  );
  const ours = byLabel.get('ours')!;
  const peer = byLabel.get('peer')!;
  const iterations = numberField(ours[0], 'iterations');
  const peerIterations = numberField(peer[0], 'iterations');
  const oursIter = (1000 * median(ours.map((r) => numberField(r, 'seconds')))) / iterations;
  const peerIter = (1000 * median(peer.map((r) => numberField(r, 'seconds')))) / peerIterations;
  const a = historyOf(ours.at(-1)!);
  const b = historyOf(peer.at(-1)!);
  const maxRel = a.length === b.length && a.length ? Math.max(...a.map((v, i) => relDiff(v, b[i]))) : NaN;
  return {
    benchmark: 'beams3d',
    ...c,
    runs,
    precond,
    mma,
    ...timingFields(byLabel),
    iterations,
    peer_iterations: peerIterations,
    ours_setup_s: round(median(ours.map((r) => numberField(r, 'setup_s')))),
    ours_iter_ms: round(oursIter, 3),
    ours_iter_cpu_ms: round((1000 * median(ours.map((r) => numberField(r, 'cpu_seconds')))) / iterations, 3),
    peer_iter_ms: round(peerIter, 3),
    peer_over_ours: round(peerIter / oursIter, 3),
    history_max_rel_diff: maxRel,
    agree: maxRel <= tol,
  };
}

runWhenEntry(import.meta.url, (argv, log) => {
  const { flags } = parseFlags(argv);
  return flags.worker ? worker(caseOf(flags)) : run(argv, log);
});
