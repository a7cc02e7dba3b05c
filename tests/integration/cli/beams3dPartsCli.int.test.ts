/**
 * `engiai export-stl` and `engiai render` on Beams3D designs, through the real command in a child
 * process: a stored design's surface STL (scale_z defaults to the voxel's scale_xy), the volume
 * fraction check in --json and in text, a NumPy-made 3-D .npy with --out, and the render PNG.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkMesh } from '../../../tools/engineering/export/meshCheck.ts';
import { parseBinaryStl } from '../../support/parseBinaryStl.ts';
import { engiai, numpy, tempHome } from './helpers.ts';

describe('engiai CLI: Beams3D parts', () => {
  const home = tempHome();

  it('optimize → export-stl: a watertight surface, voxel height = scale_xy unless given, the volume fraction reported', () => {
    const opt = engiai(home, ['optimize', 'beams3d', '--volfrac', '0.3', '--nelx', '8', '--nely', '6', '--nelz', '6', '--max-iter', '20', '--json']);
    expect(opt.code, opt.stderr).toBe(0);
    const id = JSON.parse(opt.stdout).design.id as string;
    const r = engiai(home, ['export-stl', '--design', id, '--scale-xy', '2', '--json']);
    expect(r.code, r.stderr).toBe(0);
    const out = JSON.parse(r.stdout);
    expect(out.params).toEqual({ threshold: 0.5, scaleXy: 2, scaleZ: 2, mirrorY: false });
    expect(out.watertight).toBe(true);
    expect(out.stl).toMatch(/design-t0\.5-xy2-z2\.stl$/);
    expect(out.volume_fraction.tolerance).toBe(0.05);
    expect(out.volume_fraction.mesh).toBeCloseTo(out.volume / (8 * 6 * 6 * 8), 9);
    const mesh = checkMesh(parseBinaryStl(new Uint8Array(readFileSync(out.stl))).positions);
    expect(mesh.watertight).toBe(true);
    const text = engiai(home, ['export-stl', '--design', id, '--scale-xy', '2', '--scale-z', '3', '--mirror-y']);
    expect(text.code, text.stderr).toBe(0);
    expect(text.stdout).toMatch(/watertight yes/);
    expect(text.stdout).toMatch(/volume fraction: mesh 0\.\d{4}, design 0\.\d{4} \((within|NOT within) 0\.05\)/);
    expect(text.stdout).toMatch(/design-t0\.5-xy2-z3-mirrored\.stl/);
    // render: the PNG leads with the isosurface picture, and the SVG says so
    const png = join(home, 'b3.png');
    const svg = join(home, 'b3.svg');
    for (const f of [png, svg]) {
      const rr = engiai(home, ['render', '--design', id, '--out', f]);
      expect(rr.code, rr.stderr).toBe(0);
    }
    expect(readFileSync(png).subarray(1, 4).toString()).toBe('PNG');
    expect(readFileSync(svg, 'utf8')).toMatch(/isosurface ρ = 0\.5 \(\d+ triangles\), z up/);
  }, 180_000);

  it('a NumPy-made 3-D .npy exports with --out; a threshold nothing reaches is refused', () => {
    const file = join(home, 'block.npy');
    numpy(`import numpy as np; a = np.zeros((4, 5, 3)); a[1:3, 1:4, 0:2] = 1; np.save(${JSON.stringify(file)}, a)`);
    const out = join(home, 'block.stl');
    const r = engiai(home, ['export-stl', '--design', file, '--out', out, '--json']);
    expect(r.code, r.stderr).toBe(0);
    const j = JSON.parse(r.stdout);
    expect(j.watertight).toBe(true);
    expect(j.volume_fraction).toMatchObject({ design: 12 / 60, thresholded: 12 / 60, ok: true });
    expect(checkMesh(parseBinaryStl(new Uint8Array(readFileSync(out))).positions).watertight).toBe(true);
    const none = engiai(home, ['export-stl', '--design', file, '--out', join(home, 'none.stl'), '--threshold', '0.5', '--scale-z', '0']);
    expect(none.code).toBe(2);
    expect(none.stderr).toMatch(/--scale-z must be a positive number/);
  });

  it('dataset generate beams3d samples the published rows\' ranges (the workflow benchmark\'s rows come from the same spec)', () => {
    const out = join(home, 'ds');
    const r = engiai(home, ['dataset', 'generate', 'beams3d', '--n', '3', '--seed', '4', '--max-iter', '3', '--nelx', '6', '--nely', '4', '--nelz', '4', '--workers', '1', '--out', out, '--json']);
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ problem: 'beams3d', done: 3, failed: 0, complete: true });
    const rows = readFileSync(join(out, 'rows.jsonl'), 'utf8').trim().split('\n').map((l) => JSON.parse(l));
    for (const row of rows) {
      expect(row.conditions.volfrac).toBeGreaterThanOrEqual(0.1);
      expect(row.conditions.volfrac).toBeLessThan(0.5);
      expect(row.conditions.rmin).toBeGreaterThanOrEqual(1.5);
      expect(row.conditions.rmin).toBeLessThan(3.5);
      for (const k of ['forcedist_x', 'forcedist_y']) expect([0, 0.25, 0.75, 1]).toContain(row.conditions[k]);
      expect(row.optimization_history).toHaveLength(3);
    }
  });
});
