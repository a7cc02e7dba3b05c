/** The 3-D export: isosurface → STL, proven closed, manifold, outward, Euler-consistent, and its volume fraction checked. */
import { describe, expect, it } from 'vitest';
import { beams3d } from '../../../tools/engineering/beams3d/problem.ts';
import { isosurface } from '../../../tools/engineering/export/isosurface.ts';
import { checkMesh } from '../../../tools/engineering/export/meshCheck.ts';
import { exportStl, type StlResult } from '../../../tools/engineering/export/stl.ts';
import { triangleNormal } from '../../../tools/engineering/export/stlBinary.ts';
import { optimize, type Design } from '../../../tools/engineering/problem.ts';
import { InputError } from '../../../tools/errors.ts';
import { parseBinaryStl } from '../../support/parseBinaryStl.ts';

/** A [ny, nx, nz] design from f(y, x, z). */
const vol = (ny: number, nx: number, nz: number, f: (y: number, x: number, z: number) => number): Design => ({
  shape: [ny, nx, nz],
  data: Float64Array.from({ length: ny * nx * nz }, (_, k) => f(Math.floor(k / (nx * nz)), Math.floor(k / nz) % nx, k % nz)),
});

function rng(seed: number): () => number {
  let s = seed >>> 0;
  return () => ((s = (Math.imul(s, 1664525) + 1013904223) >>> 0) / 2 ** 32);
}

/** Everything a slicer needs, read back from the bytes written, plus χ and manifold-3d. */
function expectSound(res: StlResult) {
  expect(res.kind).toBe('surface');
  expect(res.checks.problems).toEqual({ boundaryEdges: 0, overSharedEdges: 0, misorientedEdges: 0, pinchedVertices: 0, degenerateTriangles: 0 });
  expect(res.checks.watertight).toBe(true);
  expect(res.eulerConsistent).toBe(true);
  expect(res.checks.eulerCharacteristic).toBe(2 * res.solidEuler!);
  expect(res.manifold.status).toBe('NoError');
  expect(res.watertight).toBe(true);
  expect(Math.abs(res.checks.signedVolume - res.volume)).toBeLessThanOrEqual(1e-5 * res.volume);
  const parsed = parseBinaryStl(res.stl);
  expect(parsed.triangles).toBe(res.triangles);
  const again = checkMesh(parsed.positions);
  expect(again.watertight).toBe(true);
  expect(again.eulerCharacteristic).toBe(res.checks.eulerCharacteristic);
  let worst = 0;
  for (let t = 0; t < parsed.triangles; t++) {
    const n = triangleNormal(parsed.positions, t);
    for (let k = 0; k < 3; k++) worst = Math.max(worst, Math.abs(parsed.normals[3 * t + k] - n[k]));
  }
  expect(worst).toBeLessThan(1e-6);
}

describe('3-D export (isosurface → STL)', () => {
  it('a solid block filling its box: one closed genus-0 surface on the box walls', async () => {
    const res = await exportStl(vol(3, 4, 2, () => 1), { scaleXy: 2, scaleZ: 3 });
    expectSound(res);
    expect([res.components, res.genus, res.solidEuler]).toEqual([1, 0, 1]);
    expect(res.bounds).toEqual({ min: [0, 0, 0], max: [8, 6, 6] });
    // flat walls sit on the box; only edges and corners are bevelled, so the volume is a little under the box's
    expect(res.volume).toBeLessThan(8 * 6 * 6);
    expect(res.volume).toBeGreaterThan(0.8 * 8 * 6 * 6);
    expect(res.params).toEqual({ threshold: 0.5, scaleXy: 2, scaleZ: 3, mirrorY: false });
  });

  it('scale_z defaults to scale_xy (cubic voxels)', async () => {
    const res = await exportStl(vol(2, 2, 2, () => 1), { scaleXy: 1.5 });
    expect(res.params.scaleZ).toBe(1.5);
    expect(res.bounds.max).toEqual([3, 3, 3]);
  });

  it('isolated voxels, edge- and vertex-touching pairs, a cavity and a ring: manifold, with the topology the Euler check predicts', async () => {
    const one = await exportStl(vol(5, 5, 5, (y, x, z) => (y === 2 && x === 2 && z === 2 ? 1 : 0)));
    expectSound(one);
    expect([one.components, one.genus]).toEqual([1, 0]);
    // two voxels touching at a vertex along (1, 1, 1): the split's main diagonal joins them (one part)
    const diag = await exportStl(vol(4, 4, 4, (y, x, z) => ((y === 1 && x === 1 && z === 1) || (y === 2 && x === 2 && z === 2) ? 1 : 0)));
    expectSound(diag);
    expect(diag.components).toBe(1);
    // touching at a vertex along (1, −1, 1) (x up, y down, z up): no complex edge there, two parts, no pinched vertex
    const anti = await exportStl(vol(4, 4, 4, (y, x, z) => ((y === 2 && x === 1 && z === 1) || (y === 1 && x === 2 && z === 2) ? 1 : 0)));
    expectSound(anti);
    expect(anti.components).toBe(2);
    // every pair of voxels touching along an edge or at a vertex, in all 26 directions: always manifold
    for (let dy = -1; dy <= 1; dy++) {
      for (let dx = -1; dx <= 1; dx++) {
        for (let dz = -1; dz <= 1; dz++) {
          if (dx === 0 && dy === 0 && dz === 0) continue;
          expectSound(await exportStl(vol(5, 5, 5, (y, x, z) => ((y === 2 && x === 2 && z === 2) || (y === 2 + dy && x === 2 + dx && z === 2 + dz) ? 1 : 0))));
        }
      }
    }
    // a 5³ shell with a 3³ cavity: two surfaces (outer, inner), χ = 4 = 2·χ(solid) with χ(solid) = 2
    const shell = await exportStl(vol(7, 7, 7, (y, x, z) => (Math.max(Math.abs(y - 3), Math.abs(x - 3), Math.abs(z - 3)) === 2 ? 1 : 0)));
    expectSound(shell);
    expect([shell.components, shell.solidEuler, shell.checks.eulerCharacteristic]).toEqual([2, 2, 4]);
    // a square ring one voxel thick in a layer: a torus (genus 1), χ = 0
    const ring = await exportStl(vol(5, 5, 3, (y, x, z) => (z === 1 && Math.max(Math.abs(y - 2), Math.abs(x - 2)) === 1 ? 1 : 0)));
    expectSound(ring);
    expect([ring.components, ring.genus, ring.solidEuler]).toEqual([1, 1, 0]);
  });

  it('thin features: a one-voxel plate and a one-voxel rod at the domain boundary close against the void padding', async () => {
    const plate = await exportStl(vol(6, 6, 6, (_y, _x, z) => (z === 0 ? 1 : 0)), { scaleXy: 0.5 });
    expectSound(plate);
    expect(plate.bounds.min[2]).toBe(0);
    expect(plate.bounds.max[2]).toBeCloseTo(0.5, 6);
    const rod = await exportStl(vol(6, 6, 6, (y, x) => (y === 0 && x === 5 ? 1 : 0)));
    expectSound(rod);
    expect([rod.components, rod.genus]).toEqual([1, 0]);
  });

  it('random densities (thresholds, voxel sizes, mirrored or not): always watertight, oriented outwards, Euler-consistent', async () => {
    for (let seed = 1; seed <= 12; seed++) {
      const r = rng(seed);
      const d = vol(3 + (seed % 5), 4 + (seed % 3), 3 + (seed % 4), () => r());
      const res = await exportStl(d, { threshold: 0.3 + 0.05 * (seed % 8), scaleXy: 0.5 + seed / 7, scaleZ: 0.25 + seed / 5, mirrorY: seed % 2 === 0 });
      expectSound(res);
      expect(res.volume).toBeGreaterThan(0);
      expect(res.triangles).toBeGreaterThan(0);
    }
    // values exactly at the threshold, and grid-like checkerboards (every voxel touches its opposites diagonally)
    expectSound(await exportStl(vol(6, 6, 6, (y, x, z) => ((y + x + z) % 2 ? 0.5 : 0)), { threshold: 0.5 }));
    expectSound(await exportStl(vol(6, 6, 6, (y, x, z) => ((y + x + z) % 2 ? 1 : 0))));
  });

  it('mirror_y doubles the part along x about its x = 0 face', async () => {
    const d = vol(4, 5, 3, (y, x, z) => (x + y + z < 6 ? 1 : 0.2));
    const half = await exportStl(d, { scaleXy: 1.5, scaleZ: 2 });
    const full = await exportStl(d, { scaleXy: 1.5, scaleZ: 2, mirrorY: true });
    expectSound(full);
    expect(full.bounds.max[0] + full.bounds.min[0]).toBeCloseTo(2 * 5 * 1.5, 5); // symmetric about x = nx·scaleXy
    // the two halves join where x = 0 was solid, so the whole is a little less than twice the half (no wall between them)
    expect(full.volume / half.volume).toBeGreaterThan(2);
    expect(full.volume / half.volume).toBeLessThan(2.1);
  });

  it('the checker catches a broken surface: a flipped triangle, a missing one, a duplicated one', async () => {
    const res = await exportStl(vol(4, 4, 4, (y, x, z) => (y > 0 && x > 0 && z < 3 ? 1 : 0)));
    const pos = parseBinaryStl(res.stl).positions;
    const flipped = pos.slice();
    for (let k = 0; k < 3; k++) [flipped[3 + k], flipped[6 + k]] = [pos[6 + k], pos[3 + k]];
    expect(checkMesh(flipped).consistentOrientation).toBe(false);
    expect(checkMesh(pos.slice(9)).closed).toBe(false);
    const doubled = new Float32Array(pos.length + 9);
    doubled.set(pos);
    doubled.set(pos.slice(0, 9), pos.length);
    expect(checkMesh(doubled).edgeManifold).toBe(false);
    // inverted outright: negative volume
    const inverted = pos.slice();
    for (let t = 0; t < inverted.length; t += 9) for (let k = 0; k < 3; k++) [inverted[t + 3 + k], inverted[t + 6 + k]] = [pos[t + 6 + k], pos[t + 3 + k]];
    expect(checkMesh(inverted).positiveVolume).toBe(false);
  });

  it('the Euler check is independent of the triangles: a surface missing a component disagrees with the solid', () => {
    const d = vol(7, 7, 7, (y, x, z) => (Math.max(Math.abs(y - 3), Math.abs(x - 3), Math.abs(z - 3)) === 2 ? 1 : 0));
    const s = isosurface({ data: d.data, nx: 7, ny: 7, nz: 7, threshold: 0.5, size: [1, 1, 1] });
    expect(s.solidEuler).toBe(2);
    // keep only the outer sheet (triangles with a vertex outside the cavity's box): χ 2 ≠ 2·2
    const keep: number[] = [];
    for (let t = 0; t < s.triangles.length; t += 3) {
      const far = [0, 1, 2].some((k) => [0, 1, 2].some((a) => Math.abs(s.vertices[3 * s.triangles[t + k] + a] - 3.5) > 1.6));
      if (far) keep.push(t);
    }
    const positions = new Float32Array(keep.length * 9);
    keep.forEach((t, i) => {
      for (let k = 0; k < 3; k++) for (let a = 0; a < 3; a++) positions[9 * i + 3 * k + a] = s.vertices[3 * s.triangles[t + k] + a];
    });
    const c = checkMesh(positions);
    expect(c.watertight).toBe(true);
    expect(c.eulerCharacteristic).toBe(2);
    expect(c.eulerCharacteristic).not.toBe(2 * s.solidEuler);
  });

  it('volume fraction: a binary design meshes to its own fraction within 0.05; a grey one is flagged', async () => {
    const block = await exportStl(vol(8, 8, 8, (y, x, z) => (y >= 2 && y < 6 && x >= 1 && x < 7 && z < 5 ? 1 : 0)));
    const vf = block.volumeFraction!;
    expect(vf.design).toBeCloseTo((4 * 6 * 5) / 512, 12);
    expect(vf.thresholded).toBe(vf.design);
    expect(vf.mesh).toBeCloseTo(block.volume / 512, 12);
    expect(Math.abs(vf.mesh - vf.design)).toBeLessThanOrEqual(0.05);
    expect([vf.tolerance, vf.ok]).toEqual([0.05, true]);
    // uniform 0.6 everywhere: every voxel passes 0.5; the wall crossings (0.6 → 0 void) sit 1/6 voxel
    // past the outer centres, so the mesh is at most the (6 − 2/3)³ box, far above the design's mean 0.6
    const grey = (await exportStl(vol(6, 6, 6, () => 0.6))).volumeFraction!;
    expect(grey.thresholded).toBe(1);
    expect(grey.mesh).toBeLessThanOrEqual((6 - 2 / 3) ** 3 / 216 + 1e-12);
    expect(grey.mesh).toBeGreaterThan(0.65);
    expect(grey.ok).toBe(false);
  });

  it('an optimized Beams3D design (16³, 40 MMA iterations) exports watertight with its volume fraction within 0.05', async () => {
    const r = optimize(beams3d, beams3d.resolveConfig({ max_iter: 40 }));
    expect(r.design.shape).toEqual([16, 16, 16]);
    const res = await exportStl(r.design, { threshold: 0.5, scaleXy: 2 });
    expectSound(res);
    expect(res.components).toBe(1);
    expect(res.volumeFraction!.ok).toBe(true);
    expect(Math.abs(res.volumeFraction!.mesh - 0.3)).toBeLessThan(0.05);
    expect(res.bounds.max[2]).toBeCloseTo(32, 4); // the loaded top face z = nelz·2 mm is solid
    expect(res.bounds.min[2]).toBeCloseTo(0, 4); // the clamped bottom corners are solid
  }, 180_000);

  it('refuses what it cannot mesh, with a clear error', async () => {
    const d = vol(3, 3, 3, () => 0.4);
    await expect(exportStl(d, { threshold: 0.5 })).rejects.toThrow(/nothing to export: no density reaches the threshold 0.5 \(largest value 0.4\)/);
    await expect(exportStl(d, { threshold: 0 })).rejects.toThrow(InputError);
    await expect(exportStl(d, { threshold: -1 })).rejects.toThrow(/threshold must be a positive finite number for a 3-D design/);
    await expect(exportStl(d, { scaleZ: 0 })).rejects.toThrow(/scale_z must be a positive number/);
    await expect(exportStl({ shape: [3, 3, 3], data: new Float64Array(26) })).rejects.toThrow(/does not fit 26 values/);
    const nan = vol(3, 3, 3, () => 1);
    nan.data[5] = NaN;
    await expect(exportStl(nan)).rejects.toThrow(/flat index 5 is NaN/);
    await expect(exportStl({ shape: [65, 64, 64], data: new Float64Array(65 * 64 * 64) })).rejects.toThrow(/meshes at most 262144 voxels; this one has 266240/);
    await expect(exportStl({ shape: [33, 64, 64], data: new Float64Array(33 * 64 * 64) }, { mirrorY: true })).rejects.toThrow(/at most 262144 voxels; this one has 270336/);
    await expect(exportStl({ shape: [2, 2, 2, 2] as unknown as Design['shape'], data: new Float64Array(16) })).rejects.toThrow(/shape \[2, 2, 2, 2\]/);
  });
});
