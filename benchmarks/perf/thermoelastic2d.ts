/**
 * ThermoElastic2D perf: one cold-start optimize (64×64, MMA, exact_gradient mode) of our engine against
 * the NumPy/SciPy reference of the same algorithm (reference/thermoelastic2d_ref.py: SuperLU `splu`, 3 solves per
 * iteration, numpy MMA), as separate processes run interleaved ours, scipy, ours, ...
 * Flags: --runs N (3), --max-iter K (120; the loop records at most K+1 steps), --volfrac (0.3),
 * --weight (0.5), --python PATH, --tol (5e-3, on the final f_m and f_t: exact-mode round-off drift, see
 * tests/unit/thermoelastic2d/regressionDefault.test.ts).
 * Run directly: `npx tsx benchmarks/perf/thermoelastic2d.ts [flags]`; `--worker` is the child mode.
 */
import { DEFAULT_PYTHON, pythonCommand } from './lib/commands.ts';
import { runWhenEntry, timedOptimize, workerCommand } from './lib/childMode.ts';
import type { RunLog } from './lib/discover.ts';
import { numberFlag, parseFlags, type Flags } from './lib/flags.ts';
import { runInterleaved } from './lib/interleave.ts';
import type { ProcessRun } from './lib/processTimer.ts';
import { median, relDiff, round } from './lib/stats.ts';
import { numberField, timingFields } from './lib/summary.ts';
import { getProblem } from '../../tools/engineering/registry.ts';

export const description = 'ThermoElastic2D 64x64 MMA optimize (default 121 steps): ours vs the NumPy/SciPy reference of the same algorithm';

interface Case {
  volfrac: number;
  weight: number;
  maxIter: number;
}

function caseOf(flags: Flags): Case {
  return {
    volfrac: numberFlag(flags, 'volfrac', 0.3, { min: 0 }),
    weight: numberFlag(flags, 'weight', 0.5, { min: 0 }),
    maxIter: numberFlag(flags, 'max-iter', 120, { integer: true, min: 0 }),
  };
}

/**
 * Child mode: the engine loaded through the registry (as the CLI and tools do: its WebAssembly kernels' binary
 * then comes from the ENGIAI_HOME cache instead of being assembled at every start), setup (first simulate)
 * timed apart from the optimize loop.
 */
async function worker(c: Case): Promise<object> {
  const thermoelastic2d = await getProblem('thermoelastic2d');
  const config = { volfrac: c.volfrac, weight: c.weight, max_iter: c.maxIter, exact_gradient: true };
  const { seconds, cpu_seconds, setup_s, result: r } = timedOptimize(thermoelastic2d, config, { shape: [64, 64], data: new Float64Array(64 * 64).fill(c.volfrac) });
  return { seconds, cpu_seconds, setup_s, iterations: r.iterations, first: r.history[0].objectives, final: r.history.at(-1)?.objectives };
}

const oursWorker = (argv: string[]) => workerCommand('thermoelastic2d.ts', argv);

const finalOf = (run: ProcessRun, k: number) => {
  const f = run.result.final;
  return Array.isArray(f) && typeof f[k] === 'number' ? f[k] : NaN;
};

export async function run(argv: string[], log: RunLog = () => {}): Promise<object> {
  const { flags } = parseFlags(argv);
  const c = caseOf(flags);
  const runs = numberFlag(flags, 'runs', 3, { integer: true, min: 1 });
  const tol = numberFlag(flags, 'tol', 5e-3, { min: 0 });
  const python = typeof flags.python === 'string' ? flags.python : DEFAULT_PYTHON;
  const args = ['--volfrac', `${c.volfrac}`, '--weight', `${c.weight}`, '--max-iter', `${c.maxIter}`];
  log(`thermoelastic2d 64x64 volfrac ${c.volfrac} weight ${c.weight} max_iter ${c.maxIter}: ${runs} interleaved runs of ours and scipy`);
  const byLabel = await runInterleaved([oursWorker(args), pythonCommand('scipy', 'thermoelastic2d_ref.py', args, python)], runs, log);
  const ours = byLabel.get('ours')!;
  const scipy = byLabel.get('scipy')!;
  const iterations = numberField(ours[0], 'iterations');
  const oursLoop = median(ours.map((r) => numberField(r, 'seconds')));
  const oursCpu = median(ours.map((r) => numberField(r, 'cpu_seconds')));
  const scipyLoop = median(scipy.map((r) => numberField(r, 'seconds')));
  return {
    benchmark: 'thermoelastic2d',
    ...c,
    runs,
    ...timingFields(byLabel),
    iterations,
    scipy_iterations: numberField(scipy[0], 'iterations'),
    ours_setup_s: round(median(ours.map((r) => numberField(r, 'setup_s')))),
    ours_iter_ms: round((1000 * oursLoop) / iterations, 1),
    ours_iter_cpu_ms: round((1000 * oursCpu) / iterations, 1),
    scipy_iter_ms: round((1000 * scipyLoop) / numberField(scipy[0], 'iterations'), 1),
    ours_final: ours.at(-1)!.result.final,
    scipy_final: scipy.at(-1)!.result.final,
    agree: [0, 1].every((k) => relDiff(finalOf(ours.at(-1)!, k), finalOf(scipy.at(-1)!, k)) <= tol),
  };
}

runWhenEntry(import.meta.url, (argv, log) => {
  const { flags } = parseFlags(argv);
  return flags.worker ? worker(caseOf(flags)) : run(argv, log);
});
