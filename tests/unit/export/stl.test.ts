import { describe, expect, it } from 'vitest';
import { InputError } from '../../../tools/errors.ts';
import { exportStl } from '../../../tools/engineering/export/stl.ts';
import { triangleNormal } from '../../../tools/engineering/export/stlBinary.ts';
import { parseBinaryStl } from '../../support/parseBinaryStl.ts';
import { checkMesh } from '../../../tools/engineering/export/meshCheck.ts';
import type { Design } from '../../../tools/engineering/problem.ts';

const grid = (rows: number, cols: number, f: (r: number, c: number) => number): Design => ({
  shape: [rows, cols],
  data: Float64Array.from({ length: rows * cols }, (_, k) => f(Math.floor(k / cols), k % cols)),
});

/** Deterministic pseudo-random numbers in [0, 1) (an LCG; tests only need variety). */
function rng(seed: number): () => number {
  let s = seed >>> 0;
  return () => ((s = (Math.imul(s, 1664525) + 1013904223) >>> 0) / 2 ** 32);
}

/** Every property a slicer needs, plus agreement with manifold-3d and the binary file itself. */
function expectSound(res: Awaited<ReturnType<typeof exportStl>>, scaleZ: number) {
  expect(res.checks.problems).toEqual({ boundaryEdges: 0, overSharedEdges: 0, misorientedEdges: 0, pinchedVertices: 0, degenerateTriangles: 0 });
  expect(res.watertight).toBe(true);
  expect(res.manifold.status).toBe('NoError');
  expect(Math.abs(res.volume - res.area! * scaleZ)).toBeLessThanOrEqual(1e-6 * res.volume);
  // Our float32 volume agrees with manifold's double one.
  // Our volume from the float32 triangles in the file agrees too (float32 rounding: 1e-5).
  expect(Math.abs(res.checks.signedVolume - res.volume)).toBeLessThanOrEqual(1e-5 * res.volume);
  // manifold reports the genus of the whole mesh as 1 − χ/2; ours sums over components.
  expect(res.manifold.genus).toBe(res.genus - res.components + 1);
  const parsed = parseBinaryStl(res.stl);
  expect(parsed.triangles).toBe(res.triangles);
  expect(res.stl.length).toBe(84 + 50 * res.triangles);
  let worstNormal = 0, worstLength = 0;
  for (let t = 0; t < parsed.triangles; t++) {
    const n = triangleNormal(parsed.positions, t);
    for (let k = 0; k < 3; k++) worstNormal = Math.max(worstNormal, Math.abs(parsed.normals[3 * t + k] - n[k]));
    worstLength = Math.max(worstLength, Math.abs(Math.hypot(n[0], n[1], n[2]) - 1));
  }
  expect(worstNormal).toBeLessThan(1e-6);
  expect(worstLength).toBeLessThan(1e-9);
  expect(checkMesh(parsed.positions).watertight).toBe(true);
}

describe('exportStl', () => {
  it('extrudes a filled square into one closed box-like solid', async () => {
    const res = await exportStl(grid(6, 6, (r, c) => (r >= 1 && r <= 4 && c >= 1 && c <= 4 ? 1 : 0)), { scaleXy: 2, scaleZ: 5 });
    expectSound(res, 5);
    expect(res.components).toBe(1);
    expect(res.genus).toBe(0);
    // 4×4 cells of 2×2 with the four corners cut by marching squares (each ½·1·1 in scaled units).
    expect(res.area).toBeCloseTo(16 * 4 - 4 * 0.5, 9);
    expect(res.bounds.min[2]).toBe(0);
    expect(res.bounds.max[2]).toBe(5);
    // Row 0 is on top: the part spans y ∈ [1, 5]·2 from the bottom edge.
    expect(res.bounds.min[1]).toBeCloseTo(2 * 1, 6);
    expect(res.bounds.max[1]).toBeCloseTo(2 * 5, 6);
  });

  it('keeps a hole: a ring has genus 1', async () => {
    const res = await exportStl(grid(9, 9, (r, c) => (r >= 1 && r <= 7 && c >= 1 && c <= 7 && !(r >= 3 && r <= 5 && c >= 3 && c <= 5) ? 1 : 0)));
    expectSound(res, 10);
    expect(res.genus).toBe(1);
    expect(res.components).toBe(1);
  });

  it('stays manifold where pixels touch only diagonally (the classic marching-squares saddle)', async () => {
    const checker = grid(8, 8, (r, c) => ((r + c) % 2 === 0 ? 1 : 0));
    for (const threshold of [0.5, 1, 1e-9]) {
      const res = await exportStl(checker, { threshold });
      expectSound(res, 10);
    }
    // Values exactly at the threshold next to void: crossings land on samples without the clamp.
    const atThreshold = grid(6, 6, (r, c) => ((r + c) % 2 === 0 ? 0.5 : 0.25));
    expectSound(await exportStl(atThreshold, { threshold: 0.5 }), 10);
  });

  it('stays manifold on random designs (noise and smooth blobs)', async () => {
    for (let seed = 1; seed <= 4; seed++) {
      const u = rng(seed);
      const noise = grid(20, 30, () => u());
      const res = await exportStl(noise, { threshold: 0.3 + 0.1 * (seed % 4), scaleXy: 0.5 + seed / 10, scaleZ: 3, mirrorY: seed % 2 === 0 });
      expectSound(res, 3);
      const a = u() * 6, b = u() * 6;
      const blobs = grid(50, 100, (r, c) => 0.5 + 0.5 * Math.sin(r / 4 + a) * Math.cos(c / 7 + b));
      expectSound(await exportStl(blobs, { threshold: 0.6 }), 10);
    }
  });

  it('mirrorY joins the flipped design on the left: twice the area when column 0 is void', async () => {
    const d = grid(10, 12, (r, c) => (c >= 2 && ((r - 5) ** 2 + (c - 7) ** 2 < 12 || r === 0) ? 1 : 0));
    const half = await exportStl(d, { scaleXy: 1.5, scaleZ: 4 });
    const full = await exportStl(d, { scaleXy: 1.5, scaleZ: 4, mirrorY: true });
    expectSound(full, 4);
    expect(full.area! / half.area!).toBeCloseTo(2, 10);
    expect(full.components).toBe(2 * half.components);
    expect(full.bounds.max[0] + full.bounds.min[0]).toBeCloseTo(2 * 12 * 1.5, 5); // symmetric about x = cols·scaleXy
  });

  it('mirrorY of a half beam touching the symmetry line gives one joined full beam', async () => {
    const halfBeam = grid(10, 20, (r, c) => (r <= 1 || r >= 8 || Math.abs(r - c / 2) < 1.2 ? 1 : 0));
    const half = await exportStl(halfBeam);
    const full = await exportStl(halfBeam, { mirrorY: true });
    expectSound(full, 10);
    expect(full.components).toBe(1);
    // Joining removes the chamfers along the symmetry line, so slightly more than twice.
    expect(full.area! / half.area!).toBeGreaterThan(2);
    expect(full.area! / half.area!).toBeLessThan(2.02);
  });

  it('rejects empty designs and bad parameters with InputError', async () => {
    const d = grid(5, 5, () => 0.2);
    await expect(exportStl(d, { threshold: 0.5 })).rejects.toThrow(/nothing to export/);
    await expect(exportStl(d, { threshold: 0.5 })).rejects.toBeInstanceOf(InputError);
    await expect(exportStl(d, { threshold: 0.1, scaleZ: 0 })).rejects.toThrow(/scale_z/);
    await expect(exportStl(d, { threshold: 0.1, scaleXy: -1 })).rejects.toThrow(/scale_xy/);
    // a 3-D design (Beams3D) meshes its surface (surfaceStl.test.ts), not mistaken for a 2-D image; other ranks are refused
    expect((await exportStl({ shape: [2, 2, 2], data: new Float64Array(8).fill(1) })).kind).toBe('surface');
    await expect(exportStl({ shape: [8] as unknown as Design['shape'], data: new Float64Array(8).fill(1) })).rejects.toThrow(/extrudes 2-D designs and meshes the surface of 3-D ones; this design has shape \[8\]/);
    await expect(exportStl(grid(2, 2, () => NaN))).rejects.toThrow(/finite/);
  });
});
