/**
 * The engine-backed templates against independent references: the density filter recomputed by
 * brute force from its definition, the Beams2D compliance from a dense finite-element solve written
 * here from top88's element matrix, and the Photonics2D chain against a direct engine call.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { ALL_TEMPLATES, generateSample, prepareTemplates } from '../../../benchmarks/reasoning/index.ts';
import { getProblem } from '../../../tools/engineering/registry.ts';

const template = (id: string) => ALL_TEMPLATES.find((t) => t.id === id)!;
const image = (g: Record<string, number | string>) => String(g.image).split(',').map(Number);

beforeAll(() => prepareTemplates(ALL_TEMPLATES.filter((t) => t.source === 'engine')));

/** Dense Gaussian elimination with partial pivoting (A is overwritten). */
function solveDense(A: number[][], b: number[]): number[] {
  const n = b.length;
  for (let k = 0; k < n; k++) {
    let p = k;
    for (let i = k + 1; i < n; i++) if (Math.abs(A[i][k]) > Math.abs(A[p][k])) p = i;
    [A[k], A[p]] = [A[p], A[k]];
    [b[k], b[p]] = [b[p], b[k]];
    for (let i = k + 1; i < n; i++) {
      const f = A[i][k] / A[k][k];
      if (f === 0) continue;
      for (let j = k; j < n; j++) A[i][j] -= f * A[k][j];
      b[i] -= f * b[k];
    }
  }
  const x = new Array<number>(n).fill(0);
  for (let i = n - 1; i >= 0; i--) {
    let s = b[i];
    for (let j = i + 1; j < n; j++) s -= A[i][j] * x[j];
    x[i] = s / A[i][i];
  }
  return x;
}

/** Compliance of an MBB half-beam: Q4 unit elements (top88's KE, ν = 0.3), SIMP, dense solve. */
function mbbCompliance(img: number[], nelx: number, nely: number, penal: number, forcedist: number): number {
  const nu = 0.3;
  const k = [1 / 2 - nu / 6, 1 / 8 + nu / 8, -1 / 4 - nu / 12, -1 / 8 + (3 * nu) / 8, -1 / 4 + nu / 12, -1 / 8 - nu / 8, nu / 6, 1 / 8 - (3 * nu) / 8];
  const pattern = [
    [0, 1, 2, 3, 4, 5, 6, 7],
    [1, 0, 7, 6, 5, 4, 3, 2],
    [2, 7, 0, 5, 6, 3, 4, 1],
    [3, 6, 5, 0, 7, 2, 1, 4],
    [4, 5, 6, 7, 0, 1, 2, 3],
    [5, 4, 3, 2, 1, 0, 7, 6],
    [6, 3, 4, 1, 2, 7, 0, 5],
    [7, 2, 1, 4, 3, 6, 5, 0],
  ];
  const KE = pattern.map((row) => row.map((i) => k[i] / (1 - nu * nu)));
  const ndof = 2 * (nelx + 1) * (nely + 1);
  const K = Array.from({ length: ndof }, () => new Array<number>(ndof).fill(0));
  for (let ex = 0; ex < nelx; ex++) {
    for (let ey = 0; ey < nely; ey++) {
      const n1 = (nely + 1) * ex + ey;
      const n2 = (nely + 1) * (ex + 1) + ey;
      const edof = [2 * n1 + 2, 2 * n1 + 3, 2 * n2 + 2, 2 * n2 + 3, 2 * n2, 2 * n2 + 1, 2 * n1, 2 * n1 + 1];
      const E = 1e-9 + img[ey * nelx + ex] ** penal * (1 - 1e-9);
      for (let i = 0; i < 8; i++) for (let j = 0; j < 8; j++) K[edof[i]][edof[j]] += E * KE[i][j];
    }
  }
  const F = new Array<number>(ndof).fill(0);
  F[2 * (nely + 1) * Math.round(forcedist * nelx) + 1] = -1;
  const fixed = new Set<number>([...Array.from({ length: nely + 1 }, (_, i) => 2 * i), ndof - 1]);
  const free = Array.from({ length: ndof }, (_, i) => i).filter((i) => !fixed.has(i));
  const u = solveDense(
    free.map((i) => free.map((j) => K[i][j])),
    free.map((i) => F[i]),
  );
  return free.reduce((s, dof, i) => s + F[dof] * u[i], 0);
}

describe('mechanical.beams2d_filtered_volume', () => {
  it('matches a brute-force hat filter over all element pairs', () => {
    for (let k = 0; k < 25; k++) {
      const s = generateSample(template('mechanical.beams2d_filtered_volume'), 4, k);
      const { nelx, nely, rmin, row, col } = s.given as Record<string, number>;
      const img = image(s.given);
      const filtered = img.map((_, e) => {
        const [r, c] = [Math.floor(e / nelx), e % nelx];
        let num = 0;
        let den = 0;
        img.forEach((x, f) => {
          const w = Math.max(0, rmin - Math.hypot(r - Math.floor(f / nelx), c - (f % nelx)));
          num += w * x;
          den += w;
        });
        return { value: num / den, weights: den };
      });
      const e = (row - 1) * nelx + (col - 1);
      const expected = [img.reduce((a, b) => a + b, 0) / img.length, filtered[e].weights, filtered[e].value, filtered.reduce((a, b) => a + b.value, 0) / img.length];
      s.steps.forEach((st, i) => expect(st.value).toBeCloseTo(expected[i], 10));
      expect(nely).toBeGreaterThan(0);
    }
  });
});

describe('mechanical.beams2d_compliance', () => {
  it('matches an independent dense finite-element solve', () => {
    for (let k = 0; k < 12; k++) {
      const s = generateSample(template('mechanical.beams2d_compliance'), 5, k);
      const { nelx, nely, penal, forcedist } = s.given as Record<string, number>;
      const img = image(s.given);
      expect(s.steps[0].value).toBeCloseTo(img.reduce((a, b) => a + b, 0) / img.length, 12);
      expect(s.steps[1].value).toBe(2 * (nelx + 1) * (nely + 1) - (nely + 1) - 1);
      const solid = mbbCompliance(img.map(() => 1), nelx, nely, penal, forcedist);
      const c = mbbCompliance(img, nelx, nely, penal, forcedist);
      expect(Math.abs(s.steps[2].value - solid) / solid).toBeLessThan(1e-8);
      expect(Math.abs(s.steps[3].value - c) / c).toBeLessThan(1e-8);
      expect(c).toBeGreaterThan(solid);
    }
  });
});

describe('electrical.photonics_overlap', () => {
  it('agrees with a direct Photonics2D simulation of the stated design', async () => {
    const p = await getProblem('photonics2d');
    for (const k of [0, 1]) {
      const s = generateSample(template('electrical.photonics_overlap'), 6, k);
      const { rhoA, rhoB, nx, ny, w } = s.given as Record<string, number>;
      const data = new Float64Array(nx * ny);
      let sumSq = 0;
      let sum = 0;
      let cells = 0;
      for (let x = 30; x < 60; x++) {
        for (let y = 30; y < 80; y++) {
          const rho = x < 45 ? rhoA : rhoB;
          data[x * ny + y] = rho;
          sum += rho;
          sumSq += rho * rho;
          cells++;
        }
      }
      const sim = p.simulateVerbose!({ shape: [nx, ny], data }, p.resolveConfig({ num_elems_x: nx, num_elems_y: ny }));
      const norm = Math.sqrt(sumSq);
      const expected = [sum / cells, 1 + (11 * sum) / cells, norm, sim.overlap1, sim.overlap2, sim.overlap1 * sim.overlap2 - w * norm];
      s.steps.forEach((st, i) => expect(st.value).toBeCloseTo(expected[i], 10));
      expect(sim.objective).toBeCloseTo(expected[5], 10);
    }
  });
});
