/**
 * What to draw for a Photonics2D design (engibench.md §2.11): |Ez| at λ1, |Ez| at λ2 and epsr side by
 * side, with the source and probe slices as line overlays and the overlap in the title.
 * Panels are drawn transposed, as [ny, nx] images (row = y, column = x), so light travels left to right;
 * a slice at x is a vertical segment from row y0 to row y1 through the cell centres of column x.
 */
import type { Design, RenderPanel, RenderSpec } from '../problem.ts';
import type { Grid, Slice } from './grid.ts';
import type { ComplexVec } from './pml.ts';

export interface RenderInput {
  grid: Grid;
  epsr: Float64Array;
  fields: [ComplexVec, ComplexVec];
  overlap1: number;
  overlap2: number;
  totalOverlap: number;
  objective: number;
  lambda1: number;
  lambda2: number;
  blurRadius: number;
}

function line(s: Slice, color: string): NonNullable<RenderPanel['lines']>[number] {
  return { from: [s.y0, s.x + 0.5], to: [s.y1, s.x + 0.5], color };
}

/** [nx, ny] row-major values → a [ny, nx] image. */
function transposed(grid: Grid, v: (i: number) => number): Design {
  const data = new Float64Array(grid.n);
  for (let x = 0; x < grid.nx; x++) for (let y = 0; y < grid.ny; y++) data[y * grid.nx + x] = v(x * grid.ny + y);
  return { shape: [grid.ny, grid.nx], data };
}

const magnitude = (grid: Grid, E: ComplexVec) => transposed(grid, (i) => Math.hypot(E.re[i], E.im[i]));

const fmt = (v: number, digits = 4) => Number(v.toPrecision(digits)).toString();

export function renderSpec(r: RenderInput): RenderSpec {
  const { grid } = r;
  const src = line(grid.source, 'white');
  const p1 = line(grid.probe1, 'white');
  const p2 = line(grid.probe2, 'white');
  const panels: RenderPanel[] = [
    { title: `|Ez| at λ1 = ${fmt(r.lambda1)} µm (overlap1 ${fmt(r.overlap1)})`, field: magnitude(grid, r.fields[0]), colormap: 'magma', vmin: 0, lines: [src, p1] },
    { title: `|Ez| at λ2 = ${fmt(r.lambda2)} µm (overlap2 ${fmt(r.overlap2)})`, field: magnitude(grid, r.fields[1]), colormap: 'magma', vmin: 0, lines: [src, p2] },
    { title: 'relative permittivity εr', field: transposed(grid, (i) => r.epsr[i]), colormap: 'greys', vmin: 1, vmax: 12, lines: [src, p1, p2].map((l) => ({ ...l, color: 'red' })) },
  ];
  return {
    title: `Photonics2D ${grid.nx}x${grid.ny}: total overlap ${fmt(r.totalOverlap, 6)} (objective ${fmt(r.objective, 6)}), λ1 ${fmt(r.lambda1)} µm, λ2 ${fmt(r.lambda2)} µm, blur ${r.blurRadius}`,
    panels,
  };
}
