/**
 * What to draw for a Photonics2D design (engibench.md §2.11): |Ez| at λ1, |Ez| at λ2 and epsr side by
 * side, with the source and probe slices as line overlays and the overlap in the title.
 * Panels are [nx, ny] images indexed [x, y]; a slice at x spans columns y0…y1 on row x (cell centres).
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
  return { from: [s.x + 0.5, s.y0], to: [s.x + 0.5, s.y1], color };
}

function magnitude(grid: Grid, E: ComplexVec): Design {
  return { shape: [grid.nx, grid.ny], data: E.re.map((r, i) => Math.hypot(r, E.im[i])) };
}

const fmt = (v: number, digits = 4) => Number(v.toPrecision(digits)).toString();

export function renderSpec(r: RenderInput): RenderSpec {
  const { grid } = r;
  const src = line(grid.source, 'white');
  const p1 = line(grid.probe1, 'white');
  const p2 = line(grid.probe2, 'white');
  const panels: RenderPanel[] = [
    { title: `|Ez| at λ1 = ${fmt(r.lambda1)} µm (overlap1 ${fmt(r.overlap1)})`, field: magnitude(grid, r.fields[0]), colormap: 'magma', vmin: 0, lines: [src, p1] },
    { title: `|Ez| at λ2 = ${fmt(r.lambda2)} µm (overlap2 ${fmt(r.overlap2)})`, field: magnitude(grid, r.fields[1]), colormap: 'magma', vmin: 0, lines: [src, p2] },
    { title: 'relative permittivity εr', field: { shape: [grid.nx, grid.ny], data: r.epsr }, colormap: 'greys', vmin: 1, vmax: 12, lines: [src, p1, p2].map((l) => ({ ...l, color: 'red' })) },
  ];
  return {
    title: `Photonics2D ${grid.nx}x${grid.ny}: total overlap ${fmt(r.totalOverlap, 6)} (objective ${fmt(r.objective, 6)}), λ1 ${fmt(r.lambda1)} µm, λ2 ${fmt(r.lambda2)} µm, blur ${r.blurRadius}`,
    panels,
  };
}
