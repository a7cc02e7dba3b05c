/**
 * ThermoElastic3D perf: one cold-start optimize (16³ by default, max_iter iterations plus EngiBench's extra
 * pass) of our engine against the NumPy/SciPy peer of EngiBench's ThermoElastic3D v0 loop
 * (reference/thermoelastic3d_ref.py: SciPy CG at rtol 1e-8 preconditioned by CHOLMOD for the forward solves,
 * SuperLU for the thermal adjoint; our Svanberg MMA in Python, or mmapy.mmasub with --mma mmapy when it is on
 * PYTHONPATH), as separate processes run interleaved ours, peer, ours, ... Reports milliseconds per FE pass
 * (the extra pass counted on both sides) and their ratio, and whether the two [sc, tc] histories agree
 * (relative, --tol, default 1e-6 per step and objective).
 * Flags: --runs N (3), --n SIDE (16; nelx = nely = nelz), --max-iter K (5), --mma ours|mmapy, --python PATH, --tol.
 * Run directly: `npx tsx benchmarks/perf/thermoelastic3d.ts [flags]`; `--worker` is the child mode.
 */
import { DEFAULT_PYTHON, pythonCommand } from './lib/commands.ts';
import { runWhenEntry, workerCommand } from './lib/childMode.ts';
import { cubeCaseOf, cubeOptimize, cubePeerGrid, cubeWorkerArgs, type CubeCase } from './lib/cubeCase.ts';
import type { RunLog } from './lib/discover.ts';
import { numberFlag, parseFlags, type Flags } from './lib/flags.ts';
import { runInterleaved } from './lib/interleave.ts';
import { median, relDiff, round } from './lib/stats.ts';
import { numberField, timingFields } from './lib/summary.ts';
import { thermoelastic3d } from '../../tools/engineering/thermoelastic3d/problem.ts';

export const description = 'ThermoElastic3D 16³ MMA optimize (5 iterations + the extra pass): ours vs the NumPy/SciPy peer of EngiBench’s loop, per-pass ratio';

const caseOf = (flags: Flags) => cubeCaseOf(flags, 5);

/** Child mode: engine import + setup (first simulate: patterns, symbolic analyses) timed apart from the loop. */
function worker(c: CubeCase): object {
  const { seconds, cpu_seconds, setup_s, result: r } = cubeOptimize(thermoelastic3d, c);
  // FE passes: the iterations and the extra one at the end
  return { seconds, cpu_seconds, setup_s, iterations: r.iterations, passes: r.iterations + 1, history: r.history.map((h) => h.objectives) };
}

const oursWorker = (argv: string[]) => workerCommand('thermoelastic3d.ts', argv);

const historyOf = (r: { result: Record<string, unknown> }): number[][] => (r.result.history as number[][] | undefined) ?? [];

export async function run(argv: string[], log: RunLog = () => {}): Promise<object> {
  const { flags } = parseFlags(argv);
  const c = caseOf(flags);
  const runs = numberFlag(flags, 'runs', 3, { integer: true, min: 1 });
  const tol = numberFlag(flags, 'tol', 1e-6, { min: 0 });
  const python = typeof flags.python === 'string' ? flags.python : DEFAULT_PYTHON;
  const mma = typeof flags.mma === 'string' ? flags.mma : 'ours';
  const grid = cubePeerGrid(c);
  log(`thermoelastic3d ${c.n}³ max_iter ${c.maxIter}: ${runs} interleaved runs of ours and the peer (mma ${mma})`);
  const byLabel = await runInterleaved(
    [oursWorker(cubeWorkerArgs(c)), pythonCommand('peer', 'thermoelastic3d_ref.py', ['optimize', ...grid, '--mma', mma], python)],
    runs,
    log,
  );
  const ours = byLabel.get('ours')!;
  const peer = byLabel.get('peer')!;
  const passes = numberField(ours[0], 'passes');
  // the peer counts the extra pass as an iteration
  const peerPasses = numberField(peer[0], 'iterations');
  const oursPass = (1000 * median(ours.map((r) => numberField(r, 'seconds')))) / passes;
  const peerPass = (1000 * median(peer.map((r) => numberField(r, 'seconds')))) / peerPasses;
  const a = historyOf(ours.at(-1)!);
  const b = historyOf(peer.at(-1)!);
  const maxRel = a.length === b.length && a.length ? Math.max(...a.flatMap((v, i) => v.map((x, k) => relDiff(x, b[i][k])))) : NaN;
  return {
    benchmark: 'thermoelastic3d',
    ...c,
    runs,
    mma,
    ...timingFields(byLabel),
    iterations: numberField(ours[0], 'iterations'),
    passes,
    peer_passes: peerPasses,
    ours_setup_s: round(median(ours.map((r) => numberField(r, 'setup_s')))),
    ours_pass_ms: round(oursPass, 3),
    ours_pass_cpu_ms: round((1000 * median(ours.map((r) => numberField(r, 'cpu_seconds')))) / passes, 3),
    peer_pass_ms: round(peerPass, 3),
    peer_over_ours: round(peerPass / oursPass, 3),
    history_max_rel_diff: maxRel,
    agree: maxRel <= tol,
  };
}

runWhenEntry(import.meta.url, (argv, log) => {
  const { flags } = parseFlags(argv);
  return flags.worker ? worker(caseOf(flags)) : run(argv, log);
});
