/**
 * The design array of a Hex8 block nelx × nely × nelz (Beams3D, ThermoElastic3D): shape
 * [nely, nelx, nelz], C order, indexed [y, x, z], finite values in [0, 1].
 */
import { assertInDesignSpace } from '../fields.ts';
import type { Design } from '../problem.ts';

export interface HexGrid {
  nelx: number;
  nely: number;
  nelz: number;
}

export const hexDesignShape = (c: HexGrid): [number, number, number] => [c.nely, c.nelx, c.nelz];

/** The design's values, or an InputError of `problemId` naming `what` and the expected array. */
export function assertHexDesign(problemId: string, design: Design, c: HexGrid, what: string): Float64Array {
  assertInDesignSpace(problemId, design, hexDesignShape(c), what, `expected a ${c.nely}x${c.nelx}x${c.nelz} array [nely, nelx, nelz] (C order, indexed [y, x, z]) with finite values in [0, 1]`);
  return design.data;
}
