/**
 * The last grid's setup and solver, reused across simulate/optimize calls of the same grid (the
 * pattern, slot table and the solver's symbolic analysis cost ≈ 0.6 s at 16³), keyed by the grid and
 * the fixed nodes; the loads are applied per call.
 */
import type { Beams3DConfig } from './conditions.ts';
import { createSetup, withLoad, type Beams3DSetup } from './setup.ts';
import { createSolver } from './solverFactory.ts';
import type { Beams3DSolver } from './solver.ts';
import { maskHash } from '../nodeMask.ts';

let last: { key: string; setup: Beams3DSetup; solver: Beams3DSolver } | undefined;

/** The last grid's setup when the grid and its fixed nodes are the same; the loads (forcedist or force_elements_z) per call. */
export function cachedSetup(c: Beams3DConfig): { setup: Beams3DSetup; solver: Beams3DSolver } {
  const key = `${c.nelx}x${c.nely}x${c.nelz}:${maskHash({ nodes: c.fixedNodes })}`;
  if (last?.key !== key) {
    const setup = createSetup(c);
    last = { key, setup, solver: createSolver(setup) };
  }
  return { setup: withLoad(last.setup, c), solver: last.solver };
}
