/** The nested-dissection tree and the multifrontal LDLᵀ on small grids, against dense references. */
import { describe, expect, it } from 'vitest';
import { eliminationTree } from '../../../tools/engineering/photonics2d/ordering.ts';
import { SparseLdlt, type SymmetricMatrix } from '../../../tools/engineering/photonics2d/solver.ts';
import { makeGrid, omegaOf } from '../../../tools/engineering/photonics2d/grid.ts';
import { FdfdSolver } from '../../../tools/engineering/photonics2d/fdfd.ts';
import { permittivity } from '../../../tools/engineering/photonics2d/parameterization.ts';
import { mulberry32 } from '../../../tools/engineering/random.ts';

function torusNeighbours(nx: number, ny: number, i: number): number[] {
  const x = Math.floor(i / ny), y = i % ny;
  return [((x + 1) % nx) * ny + y, ((x - 1 + nx) % nx) * ny + y, x * ny + ((y + 1) % ny), x * ny + ((y - 1 + ny) % ny)];
}

/** A random complex-symmetric, diagonally dominant matrix on the torus stencil. */
function randomMatrix(nx: number, ny: number, seed: number): SymmetricMatrix {
  const n = nx * ny, r = mulberry32(seed);
  const adjPtr = new Int32Array(n + 1), adjIdx = new Int32Array(4 * n);
  const offRe = new Float64Array(4 * n), offIm = new Float64Array(4 * n);
  const edge = new Map<string, [number, number]>();
  for (let i = 0; i < n; i++) {
    torusNeighbours(nx, ny, i).forEach((j, t) => {
      const key = i < j ? `${i},${j}` : `${j},${i}`;
      if (!edge.has(key)) edge.set(key, [r() - 0.5, r() - 0.5]);
      const [a, b] = edge.get(key)!;
      adjIdx[4 * i + t] = j;
      offRe[4 * i + t] = a;
      offIm[4 * i + t] = b;
    });
    adjPtr[i + 1] = 4 * i + 4;
  }
  const diagRe = Float64Array.from({ length: n }, () => 3 + r()), diagIm = Float64Array.from({ length: n }, () => r() - 0.5);
  return { n, adjPtr, adjIdx, offRe, offIm, diagRe, diagIm };
}

function multiply(a: SymmetricMatrix, xr: Float64Array, xi: Float64Array): [Float64Array, Float64Array] {
  const yr = new Float64Array(a.n), yi = new Float64Array(a.n);
  for (let i = 0; i < a.n; i++) {
    yr[i] = a.diagRe[i] * xr[i] - a.diagIm[i] * xi[i];
    yi[i] = a.diagRe[i] * xi[i] + a.diagIm[i] * xr[i];
    for (let q = a.adjPtr[i]; q < a.adjPtr[i + 1]; q++) {
      const j = a.adjIdx[q];
      yr[i] += a.offRe[q] * xr[j] - a.offIm[q] * xi[j];
      yi[i] += a.offRe[q] * xi[j] + a.offIm[q] * xr[j];
    }
  }
  return [yr, yi];
}

describe('nested-dissection elimination tree', () => {
  for (const [nx, ny, design] of [
    [9, 11, undefined],
    [30, 34, { x0: 8, x1: 20, y0: 10, y1: 24 }],
  ] as const) {
    it(`${nx}x${ny}${design ? ' with a design subtree' : ''}: every node once, every edge inside one root path`, () => {
      const t = eliminationTree(nx, ny, design);
      const owner = new Int32Array(nx * ny).fill(-1);
      for (let f = 0; f + 1 < t.start.length; f++) {
        for (let q = t.start[f]; q < t.start[f + 1]; q++) {
          expect(owner[t.nodes[q]]).toBe(-1);
          owner[t.nodes[q]] = f;
        }
        if (t.parent[f] >= 0) expect(t.parent[f]).toBeGreaterThan(f);
      }
      expect(owner.every((f) => f >= 0)).toBe(true);
      const isAncestor = (a: number, b: number) => {
        for (let f = b; f >= 0; f = t.parent[f]) if (f === a) return true;
        return false;
      };
      for (let i = 0; i < nx * ny; i++) {
        for (const j of torusNeighbours(nx, ny, i)) expect(isAncestor(owner[i], owner[j]) || isAncestor(owner[j], owner[i])).toBe(true);
      }
    });
  }
});

describe('SparseLdlt', () => {
  it('solves a random complex-symmetric torus system to round-off, also after a partial refactorization', () => {
    const nx = 30, ny = 34;
    const a = randomMatrix(nx, ny, 11);
    const ldlt = new SparseLdlt(eliminationTree(nx, ny, { x0: 8, x1: 20, y0: 10, y1: 24 }), a);
    const r = mulberry32(5);
    const xr = Float64Array.from({ length: a.n }, () => r()), xi = Float64Array.from({ length: a.n }, () => r());
    for (const change of [false, true]) {
      if (change) a.diagRe[15 * ny + 15] += 1.5;
      ldlt.factor(a);
      const [br, bi] = multiply(a, xr, xi);
      ldlt.solve(br, bi);
      let err = 0;
      for (let i = 0; i < a.n; i++) err = Math.max(err, Math.hypot(br[i] - xr[i], bi[i] - xi[i]));
      expect(err).toBeLessThan(1e-12);
    }
  });

  it('targeted solves equal the full solve at the targets', () => {
    const grid = makeGrid(70, 110);
    const solver = new FdfdSolver(grid, omegaOf(1.2));
    solver.factor(permittivity(grid, grid.designMask.map((d) => 0.3 * d)));
    const b = { re: new Float64Array(grid.n), im: new Float64Array(grid.n) };
    b.re[grid.source.x * grid.ny + 50] = 1;
    const targets = Int32Array.from([35 * grid.ny + 40, grid.probe1.x * grid.ny + grid.probe1.y0 + 3]);
    const full = solver.solve(b), part = solver.solve(b, targets);
    for (const i of targets) {
      expect(part.re[i]).toBe(full.re[i]);
      expect(part.im[i]).toBe(full.im[i]);
    }
    expect(part.re.some((v) => Number.isNaN(v))).toBe(true);
  });
});
