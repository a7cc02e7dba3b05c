/**
 * HeatConduction2D/3D perf: our simulate (forward solve and J) against Debian's python3-dolfin solving
 * EngiBench's FEniCS model (reference/heatconduction_dolfin.py; LU), as separate processes run
 * interleaved ours, dolfin, ours, ... Each side times its setup (mesh, pattern, analysis; dolfin: its
 * forms, JIT-cached after the first run) apart from --repeats evaluations of a uniform design.
 * Flags: --runs N (3), --dim 2|3 (2), --resolution R (101; 3-D: 21), --volume (0.5), --length (0.5),
 * --repeats K (3), --python PATH. `agree`: |J_ours − J_dolfin| ≤ 1e-10·J.
 * Run directly: `npx tsx benchmarks/perf/heatconduction.ts [flags]`; `--worker` is the child mode.
 */
import { performance } from 'node:perf_hooks';
import { DEFAULT_PYTHON, pythonCommand } from './lib/commands.ts';
import { runWhenEntry, workerCommand } from './lib/childMode.ts';
import type { RunLog } from './lib/discover.ts';
import { numberFlag, parseFlags, type Flags } from './lib/flags.ts';
import { runInterleaved } from './lib/interleave.ts';
import { median, relDiff, round } from './lib/stats.ts';
import { numberField, timingFields } from './lib/summary.ts';
import { evaluate } from '../../tools/engineering/heatconduction2d/model.ts';
import { createSetup } from '../../tools/engineering/heatconduction2d/setup.ts';
import { createSetup3 } from '../../tools/engineering/heatconduction3d/setup.ts';

export const description = 'HeatConduction2D/3D simulate (forward solve + J): ours vs python3-dolfin on the same FEniCS model';

interface Case {
  dim: 2 | 3;
  resolution: number;
  volume: number;
  length: number;
  repeats: number;
}

function caseOf(flags: Flags): Case {
  const dim = numberFlag(flags, 'dim', 2, { integer: true, min: 2 }) === 3 ? 3 : 2;
  return {
    dim,
    resolution: numberFlag(flags, 'resolution', dim === 2 ? 101 : 21, { integer: true, min: 3 }),
    volume: numberFlag(flags, 'volume', 0.5, { min: 0 }),
    length: numberFlag(flags, 'length', 0.5, { min: 0 }),
    repeats: numberFlag(flags, 'repeats', 3, { integer: true, min: 1 }),
  };
}

function worker(c: Case): object {
  const t0 = performance.now();
  const setup = c.dim === 2 ? createSetup(c.resolution, c.length) : createSetup3(c.resolution, c.length);
  const a = new Float64Array(setup.mesh.nv).fill(c.volume);
  let J = evaluate(setup, a).J;
  const setupS = (performance.now() - t0) / 1000;
  const times: number[] = [];
  for (let k = 0; k < c.repeats; k++) {
    const t = performance.now();
    J = evaluate(setup, a).J;
    times.push((performance.now() - t) / 1000);
  }
  return { seconds: times.reduce((p, q) => p + q, 0), setup_s: setupS, repeats: c.repeats, eval_s: median(times), J, nodes: setup.mesh.nv };
}

const oursWorker = (argv: string[]) => workerCommand('heatconduction.ts', argv);

export async function run(argv: string[], log: RunLog = () => {}): Promise<object> {
  const { flags } = parseFlags(argv);
  const c = caseOf(flags);
  const runs = numberFlag(flags, 'runs', 3, { integer: true, min: 1 });
  const python = typeof flags.python === 'string' ? flags.python : DEFAULT_PYTHON;
  const args = ['--dim', `${c.dim}`, '--resolution', `${c.resolution}`, '--volume', `${c.volume}`, '--length', `${c.length}`, '--repeats', `${c.repeats}`];
  log(`heatconduction${c.dim}d ${c.resolution}^${c.dim}: ${runs} interleaved runs of ours and dolfin, ${c.repeats} evaluations each`);
  const byLabel = await runInterleaved([oursWorker(args), pythonCommand('dolfin', 'heatconduction_dolfin.py', args, python)], runs, log);
  const ours = byLabel.get('ours')!;
  const dolfin = byLabel.get('dolfin')!;
  const oursEval = median(ours.map((r) => numberField(r, 'eval_s')));
  const dolfinEval = median(dolfin.map((r) => numberField(r, 'eval_s')));
  const jOurs = numberField(ours.at(-1)!, 'J');
  const jDolfin = numberField(dolfin.at(-1)!, 'J');
  return {
    benchmark: 'heatconduction',
    ...c,
    runs,
    ...timingFields(byLabel),
    nodes: numberField(ours[0], 'nodes'),
    ours_setup_s: round(median(ours.map((r) => numberField(r, 'setup_s')))),
    dolfin_setup_s: round(median(dolfin.map((r) => numberField(r, 'setup_s')))),
    ours_eval_ms: round(1000 * oursEval),
    dolfin_eval_ms: round(1000 * dolfinEval),
    speedup_eval: round(dolfinEval / oursEval, 3),
    J_ours: jOurs,
    J_dolfin: jDolfin,
    agree: relDiff(jOurs, jDolfin) <= 1e-10,
  };
}

runWhenEntry(import.meta.url, (argv, log) => {
  const { flags } = parseFlags(argv);
  return flags.worker ? worker(caseOf(flags)) : run(argv, log);
});
