/**
 * EngiBench's five ThermoElastic3D node masks (engibench-3d-and-api.md §2.2–2.3; `fe_mthm_bc_3d`'s
 * `mask_to_indices`): `fixed_elements` (all three DOFs clamped), `force_elements_x`, `_y`, `_z` (0.5 in that
 * component per masked node) and `heatsink_elements` (T = 0). Each is an array of shape
 * (nelx+1, nely+1, nelz+1) indexed [ix][iy][iz], whose C-order flattening is the node numbering; a node is in
 * the mask where the entry is nonzero. Here the entries must be exactly 0 or 1 (or false/true).
 *
 * Checks (InputError naming the mask): the nested shape, the values, at least one fixed node, at least one
 * loaded node over the three force masks, at least one heat sink (Kth is singular without one). A mask not
 * given is EngiBench's default (setup.ts `defaultMasks`). Work is bounded by the grid: every level's length is
 * checked before it is read.
 * Legend: Node = (ix, iy, iz); node lists are in node-id order.
 */
import { InputError } from '../../errors.ts';
import type { ConfigValues } from '../constraint.ts';
import { checkMaskOnGrid, isNodeMask, type MaskSpec, type Node } from '../nodeMask.ts';

export type { Node };

export interface Thermo3DMasks {
  fixed: Node[];
  forceX: Node[];
  forceY: Node[];
  forceZ: Node[];
  sinks: Node[];
}

export const MASK_NAMES = ['fixed_elements', 'force_elements_x', 'force_elements_y', 'force_elements_z', 'heatsink_elements'] as const;
export type MaskName = (typeof MASK_NAMES)[number];
const KEY: Record<MaskName, keyof Thermo3DMasks> = {
  fixed_elements: 'fixed',
  force_elements_x: 'forceX',
  force_elements_y: 'forceY',
  force_elements_z: 'forceZ',
  heatsink_elements: 'sinks',
};

type Grid = { nelx: number; nely: number; nelz: number };

/** The five masks as the Problem declares them (conditions, as in EngiBench; given as node masks, nodeMask.ts). */
export function maskSpecs(maxSide: number): MaskSpec[] {
  const as = "EngiBench's (nelx+1, nely+1, nelz+1) [x][y][z] 0/1 array, or a list of nodes [[x, y, z], ...]";
  return [
    { name: 'fixed_elements', role: 'condition', maxSide, description: `nodes clamped in x, y and z (${as})`, default: 'three corners of the x = 0 face: (0,0,0), (0,nely,0), (0,nely,nelz)' },
    { name: 'force_elements_x', role: 'condition', maxSide, description: `nodes loaded by 0.5 in x (${as})`, default: 'the far top corner (nelx,nely,nelz)' },
    { name: 'force_elements_y', role: 'condition', maxSide, description: `nodes loaded by 0.5 in y (${as})`, default: 'the far top corner (nelx,nely,nelz)' },
    { name: 'force_elements_z', role: 'condition', maxSide, description: `nodes loaded by 0.5 in z (${as})`, default: 'the far top corner (nelx,nely,nelz)' },
    { name: 'heatsink_elements', role: 'condition', maxSide, description: `heat-sink nodes, T = 0 (${as})`, default: 'one node (nelx,nely,0)' },
  ];
}

/** The masks of resolved config values: each given node mask, EngiBench's default for the rest (unchecked; see maskViolation). */
export function masksOfConfig(v: ConfigValues, g: Grid): Thermo3DMasks {
  const masks = defaultMasks(g);
  for (const name of MASK_NAMES) {
    const m = v[name];
    if (isNodeMask(m)) masks[KEY[name]] = m.nodes;
  }
  return masks;
}

/** bc_check: the given masks' shapes (EngiBench's "Invalid shape for <name>."), every node on the grid, and checkMasks' rules; null when they hold. */
export function maskViolation(v: ConfigValues, g: Grid): string | null {
  const dims = [g.nelx + 1, g.nely + 1, g.nelz + 1] as const;
  for (const name of MASK_NAMES) {
    const m = v[name];
    const bad = isNodeMask(m) ? checkMaskOnGrid(name, m, dims) : null;
    if (bad) return bad;
  }
  try {
    checkMasks(masksOfConfig(v, g), g);
    return null;
  } catch (e) {
    if (e instanceof InputError) return e.message.replace(/^thermoelastic3d: /, '');
    throw e;
  }
}

/** EngiBench v0's defaults: clamps at (0, 0, 0), (0, nely, 0), (0, nely, nelz); 0.5 in x, y and z at (nelx, nely, nelz); one sink at (nelx, nely, 0). */
export function defaultMasks({ nelx, nely, nelz }: Grid): Thermo3DMasks {
  return {
    fixed: [[0, 0, 0], [0, nely, 0], [0, nely, nelz]],
    forceX: [[nelx, nely, nelz]],
    forceY: [[nelx, nely, nelz]],
    forceZ: [[nelx, nely, nelz]],
    sinks: [[nelx, nely, 0]],
  };
}

function maskNodes(name: MaskName, value: unknown, g: Grid): Node[] {
  const dims = [g.nelx + 1, g.nely + 1, g.nelz + 1];
  const shapeError = (where: string) => new InputError(`thermoelastic3d: ${name} must be an array of shape (nelx+1, nely+1, nelz+1) = (${dims.join(', ')}) indexed [x][y][z]; ${where}`, { field: name });
  if (!Array.isArray(value) || value.length !== dims[0]) throw shapeError(`got ${Array.isArray(value) ? `length ${value.length}` : typeof value} at the top level`);
  const nodes: Node[] = [];
  for (let ix = 0; ix < dims[0]; ix++) {
    const plane: unknown = value[ix];
    if (!Array.isArray(plane) || plane.length !== dims[1]) throw shapeError(`[${ix}] is not an array of length ${dims[1]}`);
    for (let iy = 0; iy < dims[1]; iy++) {
      const row: unknown = plane[iy];
      if (!Array.isArray(row) || row.length !== dims[2]) throw shapeError(`[${ix}][${iy}] is not an array of length ${dims[2]}`);
      for (let iz = 0; iz < dims[2]; iz++) {
        const v: unknown = row[iz];
        if (v === 1 || v === true) nodes.push([ix, iy, iz]);
        else if (v !== 0 && v !== false) throw new InputError(`thermoelastic3d: ${name}[${ix}][${iy}][${iz}] = ${JSON.stringify(v) ?? String(v)}; mask entries must be 0 or 1`, { field: name });
      }
    }
  }
  return nodes;
}

/** The masks of `given` (EngiBench-shaped arrays, by EngiBench's names), the defaults for the rest, checked. */
export function parseMasks(given: Partial<Record<MaskName, unknown>>, g: Grid): Thermo3DMasks {
  for (const k of Object.keys(given)) {
    if (!(MASK_NAMES as readonly string[]).includes(k)) throw new InputError(`thermoelastic3d: unknown mask ${k}; the masks are ${MASK_NAMES.join(', ')}`, { field: k });
  }
  const masks = defaultMasks(g);
  for (const name of MASK_NAMES) if (given[name] !== undefined) masks[KEY[name]] = maskNodes(name, given[name], g);
  checkMasks(masks, g);
  return masks;
}

/** At least one support, one load and one sink, every node on the grid. */
export function checkMasks(m: Thermo3DMasks, g: Grid): void {
  for (const name of MASK_NAMES) {
    for (const [ix, iy, iz] of m[KEY[name]]) {
      const ok = [ix, iy, iz].every(Number.isInteger) && ix >= 0 && ix <= g.nelx && iy >= 0 && iy <= g.nely && iz >= 0 && iz <= g.nelz;
      if (!ok) throw new InputError(`thermoelastic3d: ${name} node (${ix}, ${iy}, ${iz}) is off the (${g.nelx + 1}, ${g.nely + 1}, ${g.nelz + 1}) node grid`, { field: name });
    }
  }
  if (m.fixed.length === 0) throw new InputError('thermoelastic3d: fixed_elements must contain at least one fixed node', { field: 'fixed_elements' });
  if (m.forceX.length + m.forceY.length + m.forceZ.length === 0) throw new InputError('thermoelastic3d: force_elements_x, _y and _z together must contain at least one loaded node', { field: 'force_elements_z' });
  if (m.sinks.length === 0) throw new InputError('thermoelastic3d: heatsink_elements must contain at least one heat-sink node (Kth is singular without one)', { field: 'heatsink_elements' });
}

/** A mask as EngiBench's (nelx+1, nely+1, nelz+1) array of 0/1, for listing. */
export function maskArray(nodes: readonly Node[], g: Grid): number[][][] {
  const a = Array.from({ length: g.nelx + 1 }, () => Array.from({ length: g.nely + 1 }, () => new Array<number>(g.nelz + 1).fill(0)));
  for (const [ix, iy, iz] of nodes) a[ix][iy][iz] = 1;
  return a;
}

