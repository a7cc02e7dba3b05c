/**
 * Beams3D conditions, config knobs and their declared constraints (EngiBench `Beams3D.Conditions`
 * and `Config`, engibench-3d-and-api.md §1.2). THEORY: physically meaningless outside; IMPL: the
 * implementation is not meant for it. Errors refuse to run; warnings only inform.
 *
 * EngiBench's `fixed_elements` and `force_elements_z` node masks are Config there and here (`masks`, given as
 * node masks, nodeMask.ts): not given, they are its defaults (the four bottom corners clamped; one load node on
 * the top face built from forcedist_x/forcedist_y; a force_elements_z given wins over forcedist, as a per-call
 * forcedist rebuilds EngiBench's load mask only when no force_elements_z comes with it). `bc_check` is EngiBench's
 * (its messages); force_elements_x/_y are accepted and ignored with EngiBench's warning.
 */
import { bounded, crossField, greaterThan, limit, type ConfigValues, type Constraint } from '../constraint.ts';
import { checkMaskOnGrid, isNodeMask, type MaskSpec, type Node } from '../nodeMask.ts';
import { coarsestCells } from './coarsestLevel.ts';
import type { FieldSpec } from '../problem.ts';

export const conditions: readonly FieldSpec[] = [
  { name: 'volfrac', type: 'number', default: 0.3, description: 'target volume fraction of material (mean density)' },
  { name: 'rmin', type: 'number', default: 1.5, description: 'sensitivity filter radius', unit: 'elements' },
  { name: 'forcedist_x', type: 'number', default: 0.5, description: 'load position on the top face along x, as a fraction of nelx (node round(fx·nelx), half to even)' },
  { name: 'forcedist_y', type: 'number', default: 0.5, description: 'load position on the top face along y, as a fraction of nely (node round(fy·nely), half to even)' },
];

export const configFields: readonly FieldSpec[] = [
  { name: 'penal', type: 'number', default: 3.0, description: 'SIMP penalization power p (x^p, no Emin)' },
  { name: 'nelx', type: 'integer', default: 16, description: 'elements along x', unit: 'elements' },
  { name: 'nely', type: 'integer', default: 16, description: 'elements along y', unit: 'elements' },
  { name: 'nelz', type: 'integer', default: 16, description: 'elements along z (height; the load is on the top face z = nelz)', unit: 'elements' },
  { name: 'max_iter', type: 'integer', default: 200, description: 'maximum number of MMA iterations' },
];

/**
 * EngiAI's hard limits (errors), from memory (README.md of this folder): up to 4,000 cells the
 * sparse Cholesky (it would need 1.8 GB at 32³); above, the multigrid CG on any side lengths, whose
 * memory is the fine grid's slot table, CSR pattern and values, their float32 copy and the coarser
 * levels (64³ = 262,144 cells: 2.1 GB peak RSS measured over setup and two iterations), and whose
 * coarsest level, which the Cholesky factors, has at most 12,288 DOFs on every grid allowed here
 * (checked over all of them, with its Galerkin product tables ≤ 15.6 MB).
 */
export const LIMITS = { side: 64, cells: 262_144, maxIter: 5000 } as const;
const MEMORY = 'memory grows about 8 KB per cell: 2.1 GB at 64³';

const NODE_GRID = `${LIMITS.side + 1} nodes along a side at most (nelx, nely, nelz <= ${LIMITS.side})`;
export const masks: readonly MaskSpec[] = [
  { name: 'fixed_elements', role: 'config', maxSide: LIMITS.side + 1, description: `nodes clamped in x, y and z: EngiBench's (nelx+1, nely+1, nelz+1) [x][y][z] 0/1 array, or a list of nodes [[x, y, z], ...] (${NODE_GRID})`, default: 'the four bottom corners (0,0,0), (nelx,0,0), (0,nely,0), (nelx,nely,0)' },
  { name: 'force_elements_z', role: 'config', maxSide: LIMITS.side + 1, description: 'nodes loaded by +0.5 in z, given like fixed_elements; when given, forcedist_x/forcedist_y do not place the load', default: 'one node on the top face, (round(forcedist_x·nelx), round(forcedist_y·nely), nelz)' },
  { name: 'force_elements_x', role: 'config', maxSide: LIMITS.side + 1, description: 'not used by Beams3D (EngiBench warns and ignores it; its load is in z only)', default: 'none' },
  { name: 'force_elements_y', role: 'config', maxSide: LIMITS.side + 1, description: 'not used by Beams3D (EngiBench warns and ignores it; its load is in z only)', default: 'none' },
];

const nodeDims = (v: ConfigValues): [number, number, number] => [Number(v.nelx) + 1, Number(v.nely) + 1, Number(v.nelz) + 1];

/** The largest coarsest multigrid level allowed (the sparse Cholesky factors it once per solve: ≈ 0.3 s at 16³). */
export const COARSEST_CELLS_LIMIT = 4096;

const maskConstraints: Constraint[] = [
  crossField('bc_check', 'fixed_elements and force_elements_z of shape (nelx+1, nely+1, nelz+1), each with at least one node', (v) => {
    for (const [name, what] of [['fixed_elements', 'fixed'], ['force_elements_z', 'loaded']] as const) {
      const m = v[name];
      if (!isNodeMask(m)) continue;
      const bad = checkMaskOnGrid(name, m, nodeDims(v));
      if (bad) return bad;
      if (m.nodes.length === 0) return `Params.${name} must contain at least one ${what} node.`;
    }
    return null;
  }, { category: 'THEORY' }),
  crossField('load_mask_xy_ignored', 'no force_elements_x or force_elements_y (Beams3D loads in z only)', (v) => {
    const given = ['force_elements_x', 'force_elements_y'].filter((k) => v[k] !== undefined);
    return given.length ? `Beams3D exposes only force_elements_z; ignoring unsupported load mask config key(s): ${given.join(', ')}.` : null;
  }, { category: 'IMPL', criticality: 'warning' }),
  crossField('forcedist_unused', 'forcedist_x, forcedist_y at their defaults when force_elements_z is given', (v) => {
    if (!isNodeMask(v.force_elements_z) || (v.forcedist_x === 0.5 && v.forcedist_y === 0.5)) return null;
    return `force_elements_z is given, so forcedist_x = ${v.forcedist_x}, forcedist_y = ${v.forcedist_y} do not place the load (EngiBench rebuilds the load mask from forcedist only without force_elements_z)`;
  }, { category: 'IMPL', criticality: 'warning' }),
  crossField('fixed_elements_multigrid', `above 4,000 cells, fixed_elements nodes that let the multigrid coarsen the grid to <= ${COARSEST_CELLS_LIMIT} cells`, (v) => {
    const g = { nelx: Number(v.nelx), nely: Number(v.nely), nelz: Number(v.nelz) };
    const m = v.fixed_elements;
    // 4,000 cells: solverFactory.ts MULTIGRID_FROM_CELLS (below it the Cholesky factors the grid itself)
    if (!isNodeMask(m) || g.nelx * g.nely * g.nelz <= 4000) return null;
    const cells = coarsestCells(g, m.nodes);
    return cells <= COARSEST_CELLS_LIMIT ? null : `the fixed_elements nodes keep the multigrid from coarsening the grid below ${cells} cells, which the sparse Cholesky would factor at every solve (EngiAI's limit ${COARSEST_CELLS_LIMIT}): fewer fixed nodes at odd positions along every axis, or a smaller grid`;
  }, { category: 'IMPL' }),
];

export const configConstraints: readonly Constraint[] = [
  bounded('volfrac', 0, 1, { category: 'THEORY' }),
  greaterThan('rmin', 0, { category: 'THEORY', name: 'rmin_theory_positive' }),
  bounded('rmin', 1, undefined, { category: 'IMPL', criticality: 'warning', name: 'rmin_impl_bounds' }),
  bounded('forcedist_x', 0, 1, { category: 'THEORY' }),
  bounded('forcedist_y', 0, 1, { category: 'THEORY' }),
  bounded('penal', 1, undefined, { category: 'THEORY' }),
  bounded('penal', 0, 10, { category: 'IMPL', criticality: 'warning' }),
  ...hexGridConstraints(LIMITS, { side: MEMORY, iteration: 'each iteration is one finite-element solve', cells: `(${MEMORY})` }),
  ...maskConstraints,
];

/**
 * The grid, loop and filter constraints of a Hex8 block nelx × nely × nelz optimized for max_iter
 * iterations with a cone filter rmin (Beams3D's, and ThermoElastic3D's with its own limits and
 * reasons): each side and max_iter bounded below (THEORY) and by `limits` (errors), the cell count
 * by limits.cells (IMPL), rmin in (0, max side] (THEORY). `why.cells` ends the cell-count message.
 */
export function hexGridConstraints(limits: { side: number; cells: number; maxIter: number }, why: { side: string; iteration: string; cells: string }): Constraint[] {
  return [
    bounded('nelx', 1, undefined, { category: 'THEORY' }),
    bounded('nely', 1, undefined, { category: 'THEORY' }),
    bounded('nelz', 1, undefined, { category: 'THEORY' }),
    bounded('max_iter', 0, undefined, { category: 'THEORY' }),
    limit('nelx', limits.side, why.side),
    limit('nely', limits.side, why.side),
    limit('nelz', limits.side, why.side),
    limit('max_iter', limits.maxIter, why.iteration),
    crossField('grid_cells_limit', `nelx·nely·nelz <= ${limits.cells}`, (v) => {
      const cells = Number(v.nelx) * Number(v.nely) * Number(v.nelz);
      return cells <= limits.cells ? null : `nelx·nely·nelz = ${v.nelx}·${v.nely}·${v.nelz} = ${cells} is above EngiAI's limit of ${limits.cells} cells ${why.cells}`;
    }, { category: 'IMPL' }),
    crossField('rmin_bound', '0 < rmin <= max(nelx, nely, nelz)', (v) => {
      const rmin = Number(v.rmin);
      const lim = Math.max(Number(v.nelx), Number(v.nely), Number(v.nelz));
      return rmin > 0 && rmin <= lim ? null : `rmin = ${v.rmin} is outside (0, max(nelx, nely, nelz) = ${lim}]`;
    }, { category: 'THEORY' }),
  ];
}

/** The typed view of a resolved Beams3D config. */
export interface Beams3DConfig {
  volfrac: number;
  rmin: number;
  forcedistX: number;
  forcedistY: number;
  penal: number;
  nelx: number;
  nely: number;
  nelz: number;
  maxIter: number;
  /** The clamped nodes: fixed_elements, or EngiBench's default (setup.ts defaultFixedNodes). */
  fixedNodes: Node[];
  /** The nodes loaded by +0.5 in z: force_elements_z, or the one node forcedist places (loadNode). */
  loadNodes: Node[];
}

export function typedConfig(v: ConfigValues): Beams3DConfig {
  const c = {
    volfrac: Number(v.volfrac),
    rmin: Number(v.rmin),
    forcedistX: Number(v.forcedist_x),
    forcedistY: Number(v.forcedist_y),
    penal: Number(v.penal),
    nelx: Number(v.nelx),
    nely: Number(v.nely),
    nelz: Number(v.nelz),
    maxIter: Number(v.max_iter),
  };
  const fixed = isNodeMask(v.fixed_elements) ? v.fixed_elements.nodes : defaultFixedNodes(c.nelx, c.nely);
  const loads = isNodeMask(v.force_elements_z) ? v.force_elements_z.nodes : [loadNode(c)];
  return { ...c, fixedNodes: fixed, loadNodes: loads };
}

/** EngiBench's default support mask: the four bottom corners (z = 0). */
export function defaultFixedNodes(nelx: number, nely: number): Node[] {
  return [
    [0, 0, 0],
    [nelx, 0, 0],
    [0, nely, 0],
    [nelx, nely, 0],
  ];
}

/** Python's round(): to the nearest integer, ties to the even one (0.5 → 0, 2.5 → 2, 3.5 → 4). */
export function roundHalfEven(v: number): number {
  const f = Math.floor(v);
  const d = v - f;
  if (d > 0.5) return f + 1;
  if (d < 0.5) return f;
  return f % 2 === 0 ? f : f + 1;
}

/** The load node (ix, iy, iz) of EngiBench's mask from forcedist: clip(round(f·nel), 0, nel), top face. */
export function loadNode(c: Pick<Beams3DConfig, 'forcedistX' | 'forcedistY' | 'nelx' | 'nely' | 'nelz'>): [number, number, number] {
  const clip = (v: number, hi: number) => Math.min(hi, Math.max(0, v));
  return [clip(roundHalfEven(c.forcedistX * c.nelx), c.nelx), clip(roundHalfEven(c.forcedistY * c.nely), c.nely), c.nelz];
}
