import { describe, expect, it } from 'vitest';
import { createBlockProduct, jsBlockProduct } from '../../../tools/engineering/beams3d/blockProduct.ts';
import { createMultigridSolver } from '../../../tools/engineering/beams3d/multigrid.ts';
import { assemble, createSetup } from '../../../tools/engineering/beams3d/setup.ts';

/** A reproducible density field in [1e-3, 1], cubed (contrast 1e-9 at the extremes). */
function scales(nel: number, seed: number): Float64Array {
  let v = seed;
  return Float64Array.from({ length: nel }, () => {
    v = (v * 16807) % 2147483647;
    return (1e-3 + (1 - 1e-3) * (v / 2147483647)) ** 3;
  });
}

/** y = A x entry by entry over the CSR rows (the plain definition, summed in column order). */
function csrProduct(rowPtr: Int32Array, colIdx: Int32Array, values: ArrayLike<number>, x: Float64Array): Float64Array {
  const y = new Float64Array(x.length);
  for (let i = 0; i < x.length; i++) {
    let s = 0;
    for (let p = rowPtr[i]; p < rowPtr[i + 1]; p++) s += values[p] * x[colIdx[p]];
    y[i] = s;
  }
  return y;
}

describe('beams3d block product (WebAssembly)', () => {
  it.each([
    [{ nelx: 6, nely: 4, nelz: 4 }, 1],
    [{ nelx: 8, nely: 8, nelz: 8 }, 2],
    [{ nelx: 10, nely: 6, nelz: 8 }, 3],
  ])('%o: the float64 and float32 products are bitwise the scalar CSR product and the JavaScript loop', (grid, seed) => {
    const setup = createSetup({ ...grid, forcedistX: 0.5, forcedistY: 0.5 });
    const values = assemble(setup, scales(setup.nel, seed));
    const { rowPtr, colIdx } = setup.pattern;
    const wasm = createBlockProduct(setup, 2);
    const js = jsBlockProduct(setup);
    expect(wasm.kind).toBe('wasm');
    const x = wasm.vector(), y = wasm.vector();
    for (let i = 0; i < x.length; i++) x[i] = Math.sin(1 + 7 * i) * (i % 5 === 0 ? 1e3 : 1);
    const yj = new Float64Array(x.length);
    wasm.load(values);
    wasm.load32(values);
    js.load(values);
    js.load32(values);

    wasm.mul(x, y);
    js.mul(x, yj);
    const want = csrProduct(rowPtr, colIdx, values, x);
    expect(Array.from(y)).toEqual(Array.from(want));
    expect(Array.from(yj)).toEqual(Array.from(want));

    wasm.mul32(x, y);
    js.mul32(x, yj);
    const want32 = csrProduct(rowPtr, colIdx, Float32Array.from(values), x);
    expect(Array.from(y)).toEqual(Array.from(want32));
    expect(Array.from(yj)).toEqual(Array.from(want32));
    // the float32 product is a different operator (else the test above would not tell them apart)
    expect(Array.from(want32)).not.toEqual(Array.from(want));
  });

  it('hands out only the vectors it has room for, refuses vectors of another memory, and falls back to JavaScript above its size limit', () => {
    const setup = createSetup({ nelx: 4, nely: 4, nelz: 4, forcedistX: 0.5, forcedistY: 0.5 });
    const wasm = createBlockProduct(setup, 1);
    const x = wasm.vector();
    expect(() => wasm.vector()).toThrow(/room for 1 vectors only/);
    expect(() => wasm.mul(new Float64Array(setup.ndof), x)).toThrow(/another memory/);
    expect(createBlockProduct(setup, 1, { maxBytes: 1000 }).kind).toBe('js');
    expect(createBlockProduct(setup, 1, { wasm: false }).kind).toBe('js');
  });

  it('the multigrid CG solves bitwise alike with the WebAssembly and the JavaScript products (16³ and 3 levels at 8³)', () => {
    for (const [grid, coarsestDofs] of [[{ nelx: 16, nely: 16, nelz: 16 }, undefined], [{ nelx: 8, nely: 8, nelz: 8 }, 100]] as const) {
      const setup = createSetup({ ...grid, forcedistX: 0.5, forcedistY: 0.5 });
      const s = scales(setup.nel, 5);
      const values = assemble(setup, s);
      const u = [true, false].map((wasm) => {
        const mg = createMultigridSolver(setup, { wasm, coarsestDofs });
        const x = mg.solve(values, setup.f, new Float64Array(setup.ndof), s).slice();
        return { x, iterations: mg.lastIterations() };
      });
      expect(u[0].iterations).toBeGreaterThan(1);
      expect(u[0].iterations).toBe(u[1].iterations);
      expect(Array.from(u[0].x)).toEqual(Array.from(u[1].x));
      // and it is a solution: ‖f − K u‖ ≤ 1e-8‖f‖
      const r = csrProduct(setup.pattern.rowPtr, setup.pattern.colIdx, values, u[0].x).map((v, i) => setup.f[i] - v);
      expect(Math.hypot(...r)).toBeLessThanOrEqual(1e-8 * Math.hypot(...setup.f));
    }
  });
});
