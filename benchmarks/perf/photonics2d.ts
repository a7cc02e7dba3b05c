/**
 * Photonics2D perf: one Adam step of our engine (2 factorizations + 4 solves of the 14,400-unknown
 * complex FDFD system, plus blur/projection and adjoints) against the SciPy peer doing what ceviche
 * does per step (reference/photonics2d_scipy.py: four `spsolve` calls), as separate processes run
 * interleaved ours, scipy, ours, ...; then one default 200-step optimization of ours.
 * Flags: --runs N (3), --steps K (ours 10, scipy 4 steps per run), --nx/--ny (120), --lambda1 (1.5),
 * --lambda2 (1.3), --full-steps (200; 0 skips the full optimization), --python PATH, --tol (1e-6).
 * Run directly: `npx tsx benchmarks/perf/photonics2d.ts [flags]`; `--worker steps|optimize` is the
 * child-process mode used by run() itself.
 */
import { performance } from 'node:perf_hooks';
import { DEFAULT_PYTHON, pythonCommand } from './lib/commands.ts';
import { cpuSeconds, runWhenEntry, workerCommand } from './lib/childMode.ts';
import type { RunLog } from './lib/discover.ts';
import { numberFlag, parseFlags, type Flags } from './lib/flags.ts';
import { runInterleaved } from './lib/interleave.ts';
import { timeProcess } from './lib/processTimer.ts';
import { median, relDiff, round } from './lib/stats.ts';
import { numberField } from './lib/summary.ts';
import { optimize } from '../../tools/engineering/problem.ts';
import { photonics2d, simulateVerbose } from '../../tools/engineering/photonics2d/problem.ts';
import { makeGrid } from '../../tools/engineering/photonics2d/grid.ts';

export const description = 'Photonics2D v1 Adam step (120x120, 2 factorizations + 4 solves): ours vs SciPy spsolve x4; plus a 200-step optimize';

interface Case {
  nx: number;
  ny: number;
  lambda1: number;
  lambda2: number;
}

function caseOf(flags: Flags): Case {
  return {
    nx: numberFlag(flags, 'nx', 120, { integer: true, min: 60 }),
    ny: numberFlag(flags, 'ny', 120, { integer: true, min: 105 }),
    lambda1: numberFlag(flags, 'lambda1', 1.5),
    lambda2: numberFlag(flags, 'lambda2', 1.3),
  };
}

const configOf = (c: Case, steps: number) => ({ num_elems_x: c.nx, num_elems_y: c.ny, lambda1: c.lambda1, lambda2: c.lambda2, num_optimization_steps: steps });

/** Child mode "steps": setup (step 0) then K timed Adam steps of the default 200-step schedule. */
function workerSteps(c: Case, K: number): object {
  const t0 = performance.now();
  const gen = photonics2d.optimizeSteps(configOf(c, 200));
  gen.next();
  const setup = (performance.now() - t0) / 1000;
  const wall: number[] = [], cpu: number[] = [];
  for (let k = 0; k < K; k++) {
    const w = performance.now(), u = cpuSeconds();
    if (gen.next().done) break;
    wall.push((performance.now() - w) / 1000);
    cpu.push(cpuSeconds() - u);
  }
  gen.return(undefined as never);
  const grid = makeGrid(c.nx, c.ny);
  const ref = simulateVerbose({ shape: [c.nx, c.ny], data: grid.designMask.map((d) => 0.5 * d) }, configOf(c, 200));
  return { seconds: wall.reduce((a, b) => a + b, 0), setup_s: setup, step_s: median(wall), step_min_s: Math.min(...wall), step_cpu_s: median(cpu), steps: wall.length, ...ref };
}

/** Child mode "optimize": one full optimization with the default settings. */
function workerOptimize(c: Case, steps: number): object {
  const t0 = performance.now(), u = cpuSeconds();
  const r = optimize(photonics2d, configOf(c, steps));
  return { seconds: (performance.now() - t0) / 1000, cpu_s: cpuSeconds() - u, iterations: r.iterations, first: r.history[0].objectives[0], final: r.history[r.history.length - 1].objectives[0] };
}

const oursWorker = (mode: string, argv: string[]) => workerCommand('photonics2d.ts', argv, mode);

export async function run(argv: string[], log: RunLog = () => {}): Promise<object> {
  const { flags } = parseFlags(argv);
  const c = caseOf(flags);
  const runs = numberFlag(flags, 'runs', 3, { integer: true, min: 1 });
  const steps = numberFlag(flags, 'steps', 0, { integer: true, min: 0 });
  const fullSteps = numberFlag(flags, 'full-steps', 200, { integer: true, min: 0 });
  const tol = numberFlag(flags, 'tol', 1e-6, { min: 0 });
  const python = typeof flags.python === 'string' ? flags.python : DEFAULT_PYTHON;
  const grid = ['--nx', `${c.nx}`, '--ny', `${c.ny}`, '--lambda1', `${c.lambda1}`, '--lambda2', `${c.lambda2}`];
  log(`photonics2d ${c.nx}x${c.ny}: ${runs} interleaved runs of ours (${steps || 10} steps) and scipy (${steps || 4} steps)`);
  const byLabel = await runInterleaved([oursWorker('steps', [...grid, '--steps', `${steps || 10}`]), pythonCommand('scipy', 'photonics2d_scipy.py', [...grid, '--steps', `${steps || 4}`], python)], runs, log);
  const med = (label: string, key: string) => median(byLabel.get(label)!.map((r) => numberField(r, key)));
  const last = (label: string, key: string) => numberField(byLabel.get(label)!.at(-1)!, key);
  const out: Record<string, unknown> = {
    benchmark: 'photonics2d',
    nx: c.nx,
    ny: c.ny,
    runs,
    ours_step_s: round(med('ours', 'step_s')),
    scipy_step_s: round(med('scipy', 'step_s')),
    ratio_scipy: round(med('scipy', 'step_s') / med('ours', 'step_s'), 3),
    ours_step_cpu_s: round(med('ours', 'step_cpu_s')),
    scipy_step_cpu_s: round(med('scipy', 'step_cpu_s')),
    ratio_scipy_cpu: round(med('scipy', 'step_cpu_s') / med('ours', 'step_cpu_s'), 3),
    ours_setup_s: round(med('ours', 'setup_s')),
    ours_total_overlap: last('ours', 'total_overlap'),
    scipy_total_overlap: last('scipy', 'total_overlap'),
    agree: relDiff(last('ours', 'total_overlap'), last('scipy', 'total_overlap')) <= tol,
  };
  if (fullSteps > 0) {
    log(`photonics2d: one ${fullSteps}-step optimization of ours`);
    const full = await timeProcess(oursWorker('optimize', [...grid, '--full-steps', `${fullSteps}`]));
    Object.assign(out, {
      full_steps: fullSteps,
      ours_full_s: round(numberField(full, 'seconds'), 2),
      ours_full_cpu_s: round(numberField(full, 'cpu_s'), 2),
      ours_full_wall_s: round(full.wallS, 2),
      ours_full_first: numberField(full, 'first'),
      ours_full_final: numberField(full, 'final'),
    });
  }
  return out;
}

runWhenEntry(import.meta.url, (argv, log) => {
  const { flags } = parseFlags(argv);
  const c = caseOf(flags);
  if (flags.worker === 'steps') return workerSteps(c, numberFlag(flags, 'steps', 10, { integer: true, min: 1 }));
  if (flags.worker === 'optimize') return workerOptimize(c, numberFlag(flags, 'full-steps', 200, { integer: true, min: 0 }));
  return run(argv, log);
});
