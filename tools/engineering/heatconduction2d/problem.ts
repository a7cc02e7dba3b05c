/**
 * HeatConduction2D v0 (EngiBench `heatconduction2d`, engibench-3d-and-api.md §3): distribute
 * conductive material on the unit square, heated uniformly (f = 0.01) and cooled through its
 * boundary at T = 0 except an adiabatic segment of width `length` centred on the bottom edge, to
 * minimize J = ∫fT + α∫|∇a|² under ∫a dx ≤ volume. Designs are nodal images [i, j] (axis 0 = x,
 * axis 1 = y, y up), resolution × resolution (101² by default), values in [0, 1].
 *
 * Decisions (details in the files named; the Problem itself is heatProblem.ts, shared with 3-D):
 * - simulate is EngiBench's FEniCS model computed natively (mesh.ts, model.ts; checked against
 *   python3-dolfin 2019.2 to ~1e-13). EngiBench reports J after IPOPT's bound push with zero
 *   iterations, written with "%.14f": we clip the nodal values to IPOPT's pushed box (push.ts) and
 *   round J to 14 decimals the same way; simulateVerbose also gives J of the design as given.
 * - optimize is ours (MMA with the exact gradient; optimize.ts), not EngiBench's IPOPT trajectory.
 * - Designs outside [0, 1] or with NaN are refused (EngiBench's push would silently move them inside).
 */
import type { Design, Problem } from '../problem.ts';
import { smoothRandomDesign } from '../thermoelastic2d/randomDesign.ts';
import { configConstraints, configFields, conditions, typedConfig, type HeatConfig } from './conditions.ts';
import { fmt, heatProblem } from './heatProblem.ts';
import { nodalImage, readDesign } from './mesh.ts';
import { cachedSetup } from './setup.ts';

export const ID = 'heatconduction2d';

/** A nodal field [i, j] drawn as a picture: row 0 at the top (y = 1), column = x. */
function picture(side: number, vertexValues: Float64Array): Design {
  const data = new Float64Array(side * side);
  for (let r = 0; r < side; r++) for (let col = 0; col < side; col++) data[r * side + col] = vertexValues[(side - 1 - r) * side + col];
  return { shape: [side, side], data };
}

export const heatconduction2d: Problem = heatProblem<HeatConfig>({
  id: ID,
  title: 'HeatConduction2D: heat-sink topology optimization (P1 FEM, SIMP-like conductivity)',
  description:
    'Distribute high-conductivity material (volume fraction `volume`) on a uniformly heated unit square (source f = 0.01) whose boundary is a heat sink at T = 0 except an insulated segment of width `length` centred on the bottom edge, to minimize the thermal compliance J = ∫fT dx + 1e-8·∫|∇a|² dx with conductivity k = 1e-3 + 0.999·a^5, P1 finite elements on a UnitSquareMesh and MMA updates. Designs are nodal images [i, j] (x, y), resolution × resolution.',
  conditions,
  configFields,
  configConstraints,
  typedConfig,
  shapeOf: (c) => [c.resolution, c.resolution],
  expectedDesign: (c) => `expected a ${c.resolution}x${c.resolution} nodal image [i, j] (axis 0 = x, axis 1 = y) with finite values in [0, 1]`,
  setupOf: (c) => cachedSetup(c.resolution, c.length),
  readDesign: (setup, image) => readDesign(setup.mesh, image),
  nodalImage: (setup, a) => nodalImage(setup.mesh, a),
  randomDesign: (c, seed) => ({ shape: [c.resolution, c.resolution], data: smoothRandomDesign(c.resolution, c.resolution, c.volume, seed) }),
  designPanels(design, c) {
    const side = c.resolution;
    // The design image [i, j] → vertex order j·side + i, then drawn y up.
    const vertexOrder = new Float64Array(side * side);
    for (let i = 0; i < side; i++) for (let j = 0; j < side; j++) vertexOrder[j * side + i] = design.data[i * side + j];
    return [{ title: 'conductive material a (x →, y ↑)', field: picture(side, vertexOrder), colormap: 'inferno', vmin: 0, vmax: 1 }];
  },
  temperaturePanel: (T, c, tMax) => ({ title: `temperature T (max ${tMax}; sink T = 0 except the insulated bottom segment)`, field: picture(c.resolution, T), colormap: 'magma' }),
  renderTitle: (c) => `HeatConduction2D v0 ${c.resolution}x${c.resolution} (volume ${fmt(c.volume)}, insulated length ${fmt(c.length)})`,
});
