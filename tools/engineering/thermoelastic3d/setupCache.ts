/**
 * The last grid's ThermoElastic3D setup and mechanical solver, reused across simulate/optimize calls of the
 * same grid and masks (the patterns, slot tables and both symbolic analyses cost ≈ 0.6 s at 16³; the solvers per solvers.ts).
 */
import type { Thermo3DConfig } from './conditions.ts';
import { createSetup, type Thermo3DSetup } from './setup.ts';
import { createSolvers, type Thermo3DSolvers } from './solvers.ts';
import { defaultMasks, type Thermo3DMasks } from './masks.ts';

let last: { key: string; setup: Thermo3DSetup; solvers: Thermo3DSolvers } | undefined;

export function cachedSetup(c: Pick<Thermo3DConfig, 'nelx' | 'nely' | 'nelz'> & { masks?: Thermo3DMasks }): { setup: Thermo3DSetup; solvers: Thermo3DSolvers } {
  const masks = c.masks ?? defaultMasks(c);
  const key = `${c.nelx}x${c.nely}x${c.nelz}:${JSON.stringify(masks)}`;
  if (last?.key !== key) {
    const setup = createSetup(c, masks);
    last = { key, setup, solvers: createSolvers(setup) };
  }
  return last;
}
