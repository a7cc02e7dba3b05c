/**
 * Templates only EngiAI can have: the ground truth of the last steps comes from our Beams2D engine
 * (tools/engineering), so a model's answer is checked against a simulation, not a formula table.
 * Grids are tiny (a few dozen elements) so a person could set the problem up by hand or in code.
 */
import type { Design, Problem } from '../../../../tools/engineering/problem.ts';
import { getProblem } from '../../../../tools/engineering/registry.ts';
import { applyFilter, createFilter } from '../../../../tools/engineering/beams2d/filter.ts';
import { imageToVector } from '../../../../tools/engineering/beams2d/layout.ts';
import { chain } from '../../chain.ts';
import { formatNumber as f } from '../../format.ts';
import type { Rng } from '../../rng.ts';
import { defineTemplate, type Template } from '../../template.ts';

const DOMAIN = 'Topology optimization (simulated)';
let beams2d: Problem | undefined;

async function loadBeams2D(): Promise<void> {
  beams2d ??= await getProblem('beams2d');
}

function engine(): Problem {
  if (!beams2d) throw new Error('beams2d templates: call prepare() before generate()');
  return beams2d;
}

/** Row-major image text, top row first: "[1, 0.5, …]; […]". */
export function imageText(image: readonly number[], nelx: number, nely: number): string {
  const rows: string[] = [];
  for (let r = 0; r < nely; r++) rows.push(`[${image.slice(r * nelx, (r + 1) * nelx).map((v) => f(v)).join(', ')}]`);
  return rows.join('; ');
}

function drawImage(r: Rng, n: number, levels: readonly number[]): number[] {
  return Array.from({ length: n }, () => r.pick(levels));
}

export const beams2dFilteredVolume = defineTemplate({
  id: 'mechanical.beams2d_filtered_volume',
  title: 'Volume fraction of a Beams2D design after the density filter',
  branch: 'mechanical',
  domain: DOMAIN,
  area: 'Density filtering',
  axes: { concepts: 2, mathematics: 2, depth: 2 },
  source: 'engine',
  prepare: loadBeams2D,
  generate(r) {
    const nelx = r.pick([5, 6, 8]);
    const nely = r.pick([3, 4]);
    const rmin = r.pick([1.5, 2, 2.5]);
    const image = drawImage(r, nelx * nely, [0, 1]);
    const row = r.int(0, nely - 1);
    const col = r.int(0, nelx - 1);
    const c = chain();
    const vol = image.reduce((s, v) => s + v, 0) / image.length;
    c.check(vol >= 0.3 && vol <= 0.8, 'between 30 % and 80 % solid');
    // Ground truth from the engine's filter (element e = col·nely + row, column-major).
    const F = createFilter(nelx, nely, rmin);
    const x = imageToVector(Float64Array.from(image), nelx, nely);
    const xPhys = applyFilter(F, x, new Float64Array(F.nel));
    const e = col * nely + row;
    c.step('V_raw', 'Volume fraction of the unfiltered design', 'V_raw = (1/N)·Σ x_e', vol, '');
    c.step('ΣH', `Sum of the filter weights of the element in row ${row + 1}, column ${col + 1}`, 'Σ_j H_ej with H_ej = max(0, r_min − dist(e, j))', F.Hs[e], '');
    c.step('x̃_e', `Filtered density of that element`, 'x̃_e = Σ_j H_ej·x_j / Σ_j H_ej', xPhys[e], '');
    c.step('V_filt', 'Volume fraction of the filtered design', 'V_filt = (1/N)·Σ x̃_e', xPhys.reduce((s, v) => s + v, 0) / xPhys.length, '');
    return c.finish(
      `A Beams2D design on a grid of ${nelx} × ${nely} unit square elements (${nelx} columns, ${nely} rows) has the element densities (rows listed from the top, each row from left to right): ${imageText(image, nelx, nely)}. The linear "hat" density filter with radius r_min = ${f(rmin)} (in element widths) is applied: each element's filtered density is x̃_e = Σ_j H_ej·x_j / Σ_j H_ej over all elements j of the grid, with H_ej = max(0, r_min − dist(e, j)) and dist the distance between element centres. Determine the filter-weight sum and the filtered density of the element in row ${row + 1}, column ${col + 1} (counted from the top left), and the volume fraction of the filtered design. Give the final answer (the filtered volume fraction) as a dimensionless number.`,
      { nelx, nely, rmin, row: row + 1, col: col + 1, image: image.join(',') },
      'the volume fraction of the filtered design',
    );
  },
});

export const beams2dCompliance = defineTemplate({
  id: 'mechanical.beams2d_compliance',
  title: 'Compliance of a small Beams2D design (MBB half-beam, SIMP)',
  branch: 'mechanical',
  domain: DOMAIN,
  area: 'Finite-element compliance',
  axes: { concepts: 3, mathematics: 3, depth: 3 },
  source: 'engine',
  prepare: loadBeams2D,
  generate(r) {
    const p = engine();
    const nelx = r.pick([8, 12]);
    const nely = r.pick([2, 3, 4]);
    const forcedist = r.pick([0, 0.25, 0.5]);
    const penal = r.pick([1, 2, 3]);
    const image = drawImage(r, nelx * nely, [0.25, 0.5, 0.75, 1]);
    const config = p.resolveConfig({ nelx, nely, forcedist, penal });
    const design = (data: number[]): Design => ({ shape: [nely, nelx], data: Float64Array.from(data) });
    const c = chain();
    c.step('V', 'Volume fraction of the design', 'V = (1/N)·Σ x_e', image.reduce((s, v) => s + v, 0) / image.length, '');
    c.step('n_free', 'Number of free degrees of freedom', 'n_free = 2(nelx + 1)(nely + 1) − (nely + 1) − 1', 2 * (nelx + 1) * (nely + 1) - (nely + 1) - 1, '');
    c.step('c_solid', 'Compliance of the fully solid beam (finite-element solve)', 'c_solid = Fᵀu with x_e = 1', p.simulate(design(image.map(() => 1)), config)[0], '');
    c.step('c', 'Compliance of the given design (finite-element solve with SIMP moduli)', 'c = Fᵀu, K = Σ_e (E_min + x_e^p·(E_0 − E_min))·K_e', p.simulate(design(image), config)[0], '');
    return c.finish(
      `A Beams2D design (MBB half-beam) is discretized into ${nelx} × ${nely} square bilinear plane-stress elements of unit size and unit thickness (${nelx} columns, ${nely} rows). Material: E_0 = 1, E_min = 1e-9, Poisson's ratio 0.3; element stiffness by SIMP, E_e = E_min + x_e^p·(E_0 − E_min) with p = ${penal}. Supports: every node on the left edge is fixed in x (symmetry line) and the bottom-right node is fixed in y (roller). A unit downward force acts on the top edge at the node x = ${f(forcedist)}·nelx = ${f(forcedist * nelx)} element widths from the left. The element densities are (rows from the top, each row from left to right): ${imageText(image, nelx, nely)}. Determine the compliance c = Fᵀu of this design (dimensionless). Give the final answer as a dimensionless number.`,
      { nelx, nely, forcedist, penal, image: image.join(',') },
      'the compliance of the design',
    );
  },
});

export const beams2dTemplates: Template[] = [beams2dFilteredVolume, beams2dCompliance];
