/**
 * Beams3D conditions, config knobs and their declared constraints (EngiBench `Beams3D.Conditions`
 * and `Config`, engibench-3d-and-api.md §1.2). THEORY: physically meaningless outside; IMPL: the
 * implementation is not meant for it. Errors refuse to run; warnings only inform.
 *
 * EngiBench's `fixed_elements` and `force_elements_z` node masks are config arrays there; here they
 * are always its defaults (the four bottom corners clamped; one load node on the top face built
 * from forcedist_x/forcedist_y), since a config value is a number or a boolean.
 */
import { bounded, crossField, greaterThan, limit, type Constraint } from '../constraint.ts';
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

export const configConstraints: readonly Constraint[] = [
  bounded('volfrac', 0, 1, { category: 'THEORY' }),
  greaterThan('rmin', 0, { category: 'THEORY', name: 'rmin_theory_positive' }),
  bounded('rmin', 1, undefined, { category: 'IMPL', criticality: 'warning', name: 'rmin_impl_bounds' }),
  bounded('forcedist_x', 0, 1, { category: 'THEORY' }),
  bounded('forcedist_y', 0, 1, { category: 'THEORY' }),
  bounded('penal', 1, undefined, { category: 'THEORY' }),
  bounded('penal', 0, 10, { category: 'IMPL', criticality: 'warning' }),
  ...hexGridConstraints(LIMITS, { side: MEMORY, iteration: 'each iteration is one finite-element solve', cells: `(${MEMORY})` }),
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
}

export function typedConfig(v: Record<string, number | boolean>): Beams3DConfig {
  return {
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
