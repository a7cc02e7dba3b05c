/**
 * Small LRU caches so repeated simulate/optimize calls skip the mesh setup (keyed by grid, load
 * position and filter radius) and the sparse symbolic analysis (keyed by the grid alone: the
 * reduced pattern depends only on nelx × nely, ~0.1–0.3 s at 100×50). Setups are immutable; a
 * solver's solve() is synchronous and self-contained (factor + solve), so interleaved generators
 * can share one safely.
 */
import type { LinearSolver } from './fe.ts';
import { createSetup, type Beams2DSetup, type SetupParams } from './setup.ts';
import { createLinearSolver } from './solverFactory.ts';

const CAPACITY = 4;
const setups = new Map<string, Beams2DSetup>();
const solvers = new Map<string, LinearSolver>();

function lru<T>(map: Map<string, T>, key: string, make: () => T): T {
  let v = map.get(key);
  if (v !== undefined) map.delete(key);
  else {
    v = make();
    if (map.size >= CAPACITY) map.delete(map.keys().next().value as string);
  }
  map.set(key, v);
  return v;
}

export function cachedSetup(p: SetupParams): { setup: Beams2DSetup; solver: LinearSolver } {
  const grid = `${p.nelx}x${p.nely}`;
  const setup = lru(setups, `${grid}:fd=${p.forcedist}:rmin=${p.rmin}`, () => createSetup(p));
  const solver = lru(solvers, grid, () => createLinearSolver(setup));
  return { setup, solver };
}
