/**
 * ThermoElastic3D mesh, supports, sinks, loads and the two system layouts, built once per grid (EngiBench
 * `fe_mthm_bc_3d`, engibench-3d-and-api.md §2.3). The grid, node and element numbering and the mechanical
 * pattern are Beams3D's (beams3d/setup.ts `createHex8Setup`: 3 DOFs per node, clamped DOFs as identity rows).
 * The thermal system (thermalSystem.ts) has one DOF per node on the node graph of the same pattern; a heat-sink node keeps its
 * row and column in the pattern, gets no element contribution and 1 on the diagonal, so with a zero load
 * there its temperature solves to exactly 0 (EngiBench's identity row with fth = 0).
 *
 * Supports, loads and sinks from the masks (masks.ts; by default EngiBench v0's: clamps (ix, iy, iz) = (0, 0, 0),
 * (0, nely, 0), (0, nely, nelz); a 0.5 point load in x, y and z at (nelx, nely, nelz); one heat sink at (nelx, nely, 0)).
 * Legend: nn nodes, edof8 the 8 node ids of each element (element order e = ex·nely·nelz + ey·nelz + ez).
 */
import { createHex8Setup, nodeId, type Hex8Setup } from '../beams3d/setup.ts';
import type { Thermo3DConfig } from './conditions.ts';
import { elementConductivity, elementCoupling, MATERIAL, symmetricStiffness } from './elementMatrices.ts';
import { checkMasks, defaultMasks, type Thermo3DMasks } from './masks.ts';
import { assembleScalar, createThermalSystem, type ThermalSystem } from './thermalSystem.ts';

export interface Thermo3DSetup {
  nelx: number;
  nely: number;
  nelz: number;
  nel: number;
  nn: number;
  mech: Hex8Setup;
  therm: ThermalSystem;
  edof8: Int32Array;
  /** Element e → index of its density in the design's data. */
  densityIndex: Int32Array;
  KE: Float64Array;
  KEth: Float64Array;
  CEthm: Float64Array;
  /** Point loads (all DOFs). */
  fp: Float64Array;
  /** Supports, loads and sinks (EngiBench's defaults unless given). */
  masks: Thermo3DMasks;
}

export function createSetup(c: Pick<Thermo3DConfig, 'nelx' | 'nely' | 'nelz'>, masks: Thermo3DMasks = defaultMasks(c)): Thermo3DSetup {
  const { nelx, nely, nelz } = c;
  checkMasks(masks, c);
  const mech = createHex8Setup(c, masks.fixed);
  const { nel, nn } = mech;
  const therm = createThermalSystem(nelx, nely, nelz, masks.sinks);

  const fp = new Float64Array(mech.ndof);
  [masks.forceX, masks.forceY, masks.forceZ].forEach((nodes, d) => {
    for (const [ix, iy, iz] of nodes) fp[3 * nodeId(ix, iy, iz, nely, nelz) + d] += MATERIAL.pointLoad;
  });

  return {
    nelx, nely, nelz, nel, nn, mech, edof8: therm.edof8, densityIndex: mech.densityIndex, therm,
    KE: symmetricStiffness(), KEth: elementConductivity(), CEthm: elementCoupling(),
    fp, masks,
  };
}

/** CSR values of Kth = Σ_e s_e·KEth (s_e = x_e^p in element order), with 1 on the sinks' diagonals. */
export function assembleThermal(setup: Thermo3DSetup, s: Float64Array, values: Float64Array = new Float64Array(setup.therm.pattern.colIdx.length)): Float64Array {
  return assembleScalar(setup.therm, s, setup.KEth, values, true);
}
