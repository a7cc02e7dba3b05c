/** The HeatConduction3D setup of a resolution and an insulated area (the shared simplex setup on the cube mesh), and its cache. */
import { lastSetupCache, setupFor, type HeatSetup } from '../heatconduction2d/setup.ts';
import { buildCubeMesh, dirichletNodes3 } from './mesh.ts';
import { TET_DEGREE3, TET_DEGREE4 } from './quadrature.ts';

export function createSetup3(resolution: number, area: number): HeatSetup {
  const mesh = buildCubeMesh(resolution - 1);
  return setupFor(mesh, dirichletNodes3(mesh, area), { forward: TET_DEGREE3, engibench: TET_DEGREE4 });
}

export const cachedSetup3 = lastSetupCache(createSetup3);
