/**
 * The last grid's ThermoElastic3D setup and mechanical solver, reused across simulate/optimize calls of the
 * same grid (the patterns, slot tables and both symbolic analyses cost ≈ 0.6 s at 16³; the solvers per solvers.ts).
 */
import type { Thermo3DConfig } from './conditions.ts';
import { createSetup, type Thermo3DSetup } from './setup.ts';
import { createSolvers, type Thermo3DSolvers } from './solvers.ts';

let last: { key: string; setup: Thermo3DSetup; solvers: Thermo3DSolvers } | undefined;

export function cachedSetup(c: Pick<Thermo3DConfig, 'nelx' | 'nely' | 'nelz'>): { setup: Thermo3DSetup; solvers: Thermo3DSolvers } {
  const key = `${c.nelx}x${c.nely}x${c.nelz}`;
  if (last?.key !== key) {
    const setup = createSetup(c);
    last = { key, setup, solvers: createSolvers(setup) };
  }
  return last;
}
