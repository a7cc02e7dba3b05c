/**
 * A template only EngiAI can have: the mode overlaps of a Photonics2D design come from our FDFD
 * engine. The design family is small (two uniform halves, five density levels each), so the
 * simulations are memoised: at most 24 solves serve any number of instances.
 */
import type { Problem } from '../../../../tools/engineering/problem.ts';
import { getProblem } from '../../../../tools/engineering/registry.ts';
import { chain } from '../../chain.ts';
import { formatNumber as f } from '../../format.ts';
import { defineTemplate, type Template } from '../../template.ts';

const NX = 90;
const NY = 110;
/** Design region of makeGrid(90, 110): x ∈ [30, 60), y ∈ [30, 80) (PML 20 + spacing 10). */
export const REGION = { x0: 30, x1: 60, y0: 30, y1: 80 } as const;
const X_MID = (REGION.x0 + REGION.x1) / 2;
const LEVELS = [0, 0.25, 0.5, 0.75, 1] as const;

let photonics: Problem | undefined;
const memo = new Map<string, Record<string, number>>();

/** The density array [NX, NY] indexed [x, y]: ρa for x < 45, ρb for x ≥ 45 inside the region, 0 elsewhere. */
export function twoBlockDesign(rhoA: number, rhoB: number): Float64Array {
  const data = new Float64Array(NX * NY);
  for (let x = REGION.x0; x < REGION.x1; x++) for (let y = REGION.y0; y < REGION.y1; y++) data[x * NY + y] = x < X_MID ? rhoA : rhoB;
  return data;
}

export function simulateTwoBlock(p: Problem, rhoA: number, rhoB: number): Record<string, number> {
  const key = `${rhoA}|${rhoB}`;
  let hit = memo.get(key);
  if (!hit) {
    const config = p.resolveConfig({ num_elems_x: NX, num_elems_y: NY });
    hit = p.simulateVerbose!({ shape: [NX, NY], data: twoBlockDesign(rhoA, rhoB) }, config);
    memo.set(key, hit);
  }
  return hit;
}

export const photonicsOverlap = defineTemplate({
  id: 'electrical.photonics_overlap',
  title: 'Objective of a Photonics2D wavelength demultiplexer design (FDFD)',
  branch: 'electrical',
  domain: 'Photonics (simulated)',
  area: 'Inverse-design objective',
  axes: { concepts: 3, mathematics: 3, depth: 3 },
  source: 'engine',
  async prepare() {
    photonics ??= await getProblem('photonics2d');
  },
  generate(r) {
    if (!photonics) throw new Error('photonics template: call prepare() before generate()');
    const rhoA = r.pick(LEVELS);
    const rhoB = r.pick(LEVELS);
    const c = chain();
    c.check(rhoA + rhoB > 0, 'some material in the design region');
    const cells = (REGION.x1 - REGION.x0) * (REGION.y1 - REGION.y0);
    const w = Number(photonics.resolveConfig({}).penalty_weight);
    const sim = simulateTwoBlock(photonics, rhoA, rhoB);
    c.step('ρ̄', 'Mean density of the design region', 'ρ̄ = (ρa + ρb)/2', (rhoA + rhoB) / 2, '');
    c.step('ε̄', 'Mean relative permittivity of the design region', 'ε̄ = 1 + 11·ρ̄', 1 + 11 * ((rhoA + rhoB) / 2), '');
    const norm = c.step('‖ρ‖₂', 'L2 norm of the density array', '‖ρ‖₂ = √(Σ ρ²) = √(N/2·(ρa² + ρb²))', Math.sqrt((cells / 2) * (rhoA * rhoA + rhoB * rhoB)), '') as number;
    c.step('overlap1', 'Mode overlap at the output port 1 for λ1 (FDFD solve)', 'overlap1 = 1e6·|Σ conj(Ez1)·p1|', sim.overlap1, '');
    c.step('overlap2', 'Mode overlap at the output port 2 for λ2 (FDFD solve)', 'overlap2 = 1e6·|Σ conj(Ez2)·p2|', sim.overlap2, '');
    c.step('J', 'Objective', 'J = overlap1·overlap2 − w·‖ρ‖₂', sim.overlap1 * sim.overlap2 - w * norm, '');
    return c.finish(
      `A Photonics2D wavelength demultiplexer (EngiBench semantics) is simulated on a ${NX} × ${NY} grid of 40 nm cells with the default wavelengths λ1 = 1.5 µm and λ2 = 1.3 µm and penalty weight w = ${f(w)}. Its ${REGION.x1 - REGION.x0} × ${REGION.y1 - REGION.y0}-cell design region (x from ${REGION.x0} to ${REGION.x1 - 1}, y from ${REGION.y0} to ${REGION.y1 - 1}) is filled with density ρa = ${f(rhoA)} for x < ${X_MID} and ρb = ${f(rhoB)} for x ≥ ${X_MID}; the density is 0 outside the region and maps to the relative permittivity εr = 1 + 11·ρ (no blur, no projection). Determine the mean permittivity of the design region, the L2 norm of the density array, the two mode overlaps and the objective J = overlap1·overlap2 − w·‖ρ‖₂. Give the final answer (J) as a dimensionless number.`,
      { rhoA, rhoB, nx: NX, ny: NY, w },
      'the objective J',
    );
  },
});

export const photonicsTemplates: Template[] = [photonicsOverlap];
