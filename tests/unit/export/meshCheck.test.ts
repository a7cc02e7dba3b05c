import { describe, expect, it } from 'vitest';
import { checkMesh } from '../../../tools/engineering/export/meshCheck.ts';
import { exportStl } from '../../../tools/engineering/export/stl.ts';
import { writeBinaryStl } from '../../../tools/engineering/export/stlBinary.ts';
import { parseBinaryStl } from '../../support/parseBinaryStl.ts';

type V = [number, number, number];

/** Closed unit cube at `o`, 12 triangles, CCW seen from outside. */
function cube(o: V = [0, 0, 0], s = 1): number[] {
  const p = (i: number): V => [o[0] + (i & 1 ? s : 0), o[1] + (i & 2 ? s : 0), o[2] + (i & 4 ? s : 0)];
  const quads = [
    [0, 2, 3, 1], [4, 5, 7, 6], [0, 1, 5, 4], [2, 6, 7, 3], [0, 4, 6, 2], [1, 3, 7, 5],
  ];
  const out: number[] = [];
  for (const [a, b, c, d] of quads) out.push(...p(a), ...p(b), ...p(c), ...p(a), ...p(c), ...p(d));
  return out;
}

const soup = (...parts: number[][]) => new Float32Array(parts.flat());

describe('checkMesh', () => {
  it('accepts a closed cube: volume 1, area 6, genus 0', () => {
    const c = checkMesh(soup(cube()));
    expect(c.watertight).toBe(true);
    expect(c.signedVolume).toBeCloseTo(1, 12);
    expect(c.surfaceArea).toBeCloseTo(6, 12);
    expect([c.vertices, c.edges, c.triangles, c.genus, c.components]).toEqual([8, 18, 12, 0, 1]);
  });

  it('fails a cube with a missing triangle (open)', () => {
    const c = checkMesh(soup(cube().slice(9)));
    expect(c.closed).toBe(false);
    expect(c.edgeManifold).toBe(false);
    expect(c.watertight).toBe(false);
    expect(c.problems.boundaryEdges).toBe(3);
  });

  it('fails a cube with one flipped triangle (inconsistent orientation)', () => {
    const t = cube();
    const flipped = [...t.slice(0, 3), ...t.slice(6, 9), ...t.slice(3, 6), ...t.slice(9)];
    const c = checkMesh(soup(flipped));
    expect(c.closed).toBe(true);
    expect(c.consistentOrientation).toBe(false);
    expect(c.watertight).toBe(false);
  });

  it('fails an inside-out cube (negative volume)', () => {
    const t = cube();
    const inv: number[] = [];
    for (let k = 0; k < t.length; k += 9) inv.push(...t.slice(k, k + 3), ...t.slice(k + 6, k + 9), ...t.slice(k + 3, k + 6));
    const c = checkMesh(soup(inv));
    expect(c.consistentOrientation).toBe(true);
    expect(c.positiveVolume).toBe(false);
    expect(c.watertight).toBe(false);
  });

  it('fails two cubes sharing an edge (naive pixel extrusion of diagonal pixels)', () => {
    const c = checkMesh(soup(cube([0, 0, 0]), cube([1, 1, 0])));
    expect(c.edgeManifold).toBe(false);
    expect(c.problems.overSharedEdges).toBe(1);
    expect(c.watertight).toBe(false);
  });

  it('fails two cubes sharing only a corner (pinched vertex)', () => {
    const c = checkMesh(soup(cube([0, 0, 0]), cube([1, 1, 1])));
    expect(c.edgeManifold).toBe(true);
    expect(c.vertexManifold).toBe(false);
    expect(c.watertight).toBe(false);
  });

  it('fails a real export after we break it, and survives a binary STL round trip', async () => {
    const res = await exportStl({ shape: [3, 4], data: Float64Array.from([0, 1, 1, 0, 1, 1, 1, 1, 0, 1, 0, 0]) });
    const parsed = parseBinaryStl(res.stl);
    expect(checkMesh(parsed.positions).watertight).toBe(true);
    const broken = parsed.positions.slice();
    broken[4] += 0.25; // move one corner of one triangle: its edges no longer match
    expect(checkMesh(broken).watertight).toBe(false);
    expect(checkMesh(parseBinaryStl(writeBinaryStl(broken)).positions).closed).toBe(false);
    expect(() => parseBinaryStl(res.stl.subarray(0, res.stl.length - 1))).toThrow(/triangles/);
  });
});
