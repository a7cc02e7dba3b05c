/**
 * Every problem's hard limits on grid size and iterations: over a limit, setting a problem up (the
 * path of the CLI, the agent tools and the web server) and calling the engine directly both fail
 * at once with an InputError naming the limit; at the limit the config is accepted.
 */
import { describe, expect, it } from 'vitest';
import { LIMITS as BEAMS } from '../../../tools/engineering/beams2d/conditions.ts';
import { LIMITS as PHOTONICS } from '../../../tools/engineering/photonics2d/conditions.ts';
import { LIMITS as THERMO } from '../../../tools/engineering/thermoelastic2d/conditions.ts';
import { errorsOnly } from '../../../tools/engineering/constraint.ts';
import { getProblem } from '../../../tools/engineering/registry.ts';
import { setupProblem } from '../../../tools/engineering/workflow.ts';
import { InputError } from '../../../tools/errors.ts';

const over: [string, Record<string, number>, RegExp][] = [
  ['beams2d', { nelx: 100_000, nely: 50 }, /nelx_limit.*limit of 2000.*grid_cells_limit.*250000 cells/],
  ['beams2d', { nelx: 50, nely: BEAMS.nely + 1 }, /nely_limit/],
  ['beams2d', { nelx: 600, nely: 500 }, /grid_cells_limit \[IMPL\]: nelx·nely = 600·500 = 300000 is above EngiAI's limit of 250000 cells/],
  ['beams2d', { max_iter: BEAMS.maxIter + 1 }, /max_iter_limit.*limit of 5000/],
  ['beams2d@0', { max_iter: 1e9 }, /max_iter_limit/],
  ['photonics2d', { num_elems_x: 100_000 }, /num_elems_x_limit/],
  ['photonics2d', { num_elems_y: PHOTONICS.numElemsY + 1 }, /num_elems_y_limit/],
  ['photonics2d', { num_elems_x: 400, num_elems_y: 400 }, /grid_cells_limit.*100000 cells/],
  ['photonics2d', { num_optimization_steps: PHOTONICS.steps + 1 }, /num_optimization_steps_limit/],
  ['thermoelastic2d', { max_iter: THERMO.maxIter + 1 }, /max_iter_limit.*limit of 2000/],
];

describe('hard limits on grid size and iterations', () => {
  it.each(over)('%s %j is refused, naming the limit', async (id, values, pattern) => {
    const err = await setupProblem(id, values).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(InputError);
    expect((err as Error).message).toMatch(pattern);
    // the engine refuses too, before any allocation (a caller that skipped setupProblem)
    const problem = await getProblem(id);
    const config = problem.resolveConfig(values);
    expect(() => problem.optimizeSteps(config).next()).toThrow(InputError);
  });

  it('the largest allowed grids and iteration counts pass the config check', async () => {
    const at: [string, Record<string, number>][] = [
      ['beams2d', { nelx: 500, nely: 500, max_iter: BEAMS.maxIter, rmin: 2 }],
      ['beams2d', { nelx: BEAMS.nelx, nely: 125, max_iter: 1 }],
      ['photonics2d', { num_elems_x: 200, num_elems_y: 500, num_optimization_steps: PHOTONICS.steps }],
      ['thermoelastic2d', { max_iter: THERMO.maxIter }],
    ];
    for (const [id, values] of at) {
      const problem = await getProblem(id);
      expect(errorsOnly(problem.checkConfig(problem.resolveConfig(values)))).toEqual([]);
    }
  });
});
