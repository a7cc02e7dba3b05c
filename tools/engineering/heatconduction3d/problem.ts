/**
 * HeatConduction3D v0 (EngiBench `heatconduction3d`, engibench-3d-and-api.md §3): the 3-D version
 * of HeatConduction2D on the unit cube — uniform heat source, heat sink T = 0 on the top face and
 * the side faces above the bottom, the bottom face a sink except a plus-shaped insulated cross of
 * width `area`; minimize J = ∫fT + α∫|∇a|² under ∫a dx ≤ volume. Designs are nodal arrays
 * [i, j, k] (x, y, z; z up), resolution³ (51³ by default), values in [0, 1].
 *
 * The same model, simulate semantics and optimizer as HeatConduction2D (one Problem builder,
 * heatconduction2d/heatProblem.ts), on dolfin's UnitCubeMesh (mesh.ts) with FIAT's tetrahedron
 * rules (quadrature.ts). EngiBench solves with CG + petsc_amg under -ffast-math (results
 * machine-dependent at round-off); we solve with the sparse Cholesky, which equals dolfin's LU
 * solve to ≤ 6e-15 on the fixture.
 */
import { smoothRandomDesign } from '../beams3d/randomDesign.ts';
import { solidBlock } from '../export/solidBlock.ts';
import { isosurfacePicture } from '../export/solidRender.ts';
import { fmt, heatProblem } from '../heatconduction2d/heatProblem.ts';
import type { Design, Problem, RenderPanel } from '../problem.ts';
import { configConstraints, configFields, conditions, typedConfig, type Heat3Config } from './conditions.ts';
import { nodalImage3, readDesign3 } from './mesh.ts';
import { cachedSetup3 } from './setup.ts';

export const ID = 'heatconduction3d';

/** Layer k of a vertex-order field as a picture: row 0 at y = 1, column = x. */
function layer(side: number, vertexValues: Float64Array, k: number): Design {
  const data = new Float64Array(side * side);
  for (let r = 0; r < side; r++) for (let col = 0; col < side; col++) data[r * side + col] = vertexValues[(k * side + (side - 1 - r)) * side + col];
  return { shape: [side, side], data };
}

export const heatconduction3d: Problem = heatProblem<Heat3Config>({
  id: ID,
  title: 'HeatConduction3D: 3-D heat-sink topology optimization (P1 tetrahedra, SIMP-like conductivity)',
  description:
    'Distribute high-conductivity material (volume fraction `volume`) in a uniformly heated unit cube (source f = 0.01) cooled at T = 0 through its top face, its side faces above the bottom and the bottom face outside a plus-shaped insulated cross of width `area`, to minimize J = ∫fT dx + 1e-8·∫|∇a|² dx with k = 1e-3 + 0.999·a^5, P1 tetrahedra on a UnitCubeMesh and MMA updates. Designs are nodal arrays [i, j, k] (x, y, z), resolution³.',
  conditions,
  configFields,
  configConstraints,
  typedConfig,
  shapeOf: (c) => [c.resolution, c.resolution, c.resolution],
  expectedDesign: (c) => `expected a ${c.resolution}x${c.resolution}x${c.resolution} nodal array [i, j, k] (x, y, z; z up) with finite values in [0, 1]`,
  setupOf: (c) => cachedSetup3(c.resolution, c.area),
  readDesign: (setup, image) => readDesign3(setup.mesh, image),
  nodalImage: (setup, a) => nodalImage3(setup.mesh, a),
  // Beams3D's smooth random field on an r³ block (its shape [ny, nx, nz] is r³ here too).
  randomDesign: (c, seed) => smoothRandomDesign(c.resolution, c.resolution, c.resolution, c.volume, seed),
  designPanels(design, c): RenderPanel[] {
    const side = c.resolution;
    const vertexOrder = new Float64Array(side ** 3);
    for (let i = 0; i < side; i++) for (let j = 0; j < side; j++) for (let k = 0; k < side; k++) vertexOrder[(k * side + j) * side + i] = design.data[(i * side + j) * side + k];
    const layers = [...new Set([0, Math.floor((side - 1) / 2), side - 1])];
    return layers.map((k) => ({ title: `material a, layer z = ${k} (x →, y ↑)`, field: layer(side, vertexOrder, k), colormap: 'inferno', vmin: 0, vmax: 1 }));
  },
  // a nodal array [x, y, z]: each node drawn as a voxel centred on it (the same isosurface as its STL export)
  solidAxes: 'xyz',
  designPictures: (design) => [isosurfacePicture(solidBlock(design, 'xyz'))],
  temperaturePanel: (T, c, tMax) => ({ title: `temperature T, bottom layer z = 0 (max ${tMax})`, field: layer(c.resolution, T, 0), colormap: 'magma' }),
  renderTitle: (c) => `HeatConduction3D v0 ${c.resolution}³ (volume ${fmt(c.volume)}, insulated area ${fmt(c.area)})`,
});
