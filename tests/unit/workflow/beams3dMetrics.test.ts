/** The workflow's design metrics on 3-D designs: full-shape comparison, face (6-) and 26-connectivity, prompts read back. */
import { describe, expect, it } from 'vitest';
import { buildSample, readPrompt, type DatasetSample } from '../../../benchmarks/workflow/index.ts';
import { connectivity, iou, largestComponentShare, pixelAccuracy, sameShape } from '../../../benchmarks/workflow/scoring/designMetrics.ts';
import { components8 } from '../../../benchmarks/workflow/scoring/paperScore.ts';
import { SUPPORTED_STYLES } from '../../../benchmarks/workflow/styles.ts';
import type { Design } from '../../../tools/engineering/problem.ts';

const vol = (ny: number, nx: number, nz: number, f: (y: number, x: number, z: number) => number): Design => ({
  shape: [ny, nx, nz],
  data: Float64Array.from({ length: ny * nx * nz }, (_, k) => f(Math.floor(k / (nx * nz)), Math.floor(k / nz) % nx, k % nz)),
});

describe('workflow metrics on 3-D designs', () => {
  it('compares every side: same voxel count in another shape scores 0', () => {
    const a = vol(4, 6, 4, (y) => (y < 2 ? 1 : 0));
    const b = vol(4, 4, 6, (y) => (y < 2 ? 1 : 0));
    expect(sameShape(a, b)).toBe(false);
    expect(sameShape(a, { shape: [4, 6] })).toBe(false);
    expect(iou(a, b)).toBe(0);
    expect(pixelAccuracy(a, b)).toBe(0);
    expect(iou(a, a)).toBe(1);
    expect(pixelAccuracy(a, vol(4, 6, 4, () => 0))).toBe(0.5);
  });

  it('Conn counts face neighbours along all three axes (6-connected); the paper rule counts 26 neighbours', () => {
    // two voxels touching along an edge: two face-components, one 26-component
    const edge = vol(3, 3, 3, (y, x, z) => ((y === 0 && x === 0 && z === 0) || (y === 1 && x === 1 && z === 0) ? 1 : 0));
    expect(largestComponentShare(edge)).toBe(0.5);
    expect(components8(edge)).toBe(1);
    // a column along z (the last axis) and a row along y: each one face-connected piece
    expect(connectivity(vol(3, 3, 5, (y, x) => (y === 1 && x === 1 ? 1 : 0)))).toBe(1);
    expect(connectivity(vol(5, 3, 3, (_y, x, z) => (x === 1 && z === 1 ? 1 : 0)))).toBe(1);
    // voxels at opposite corners of the box: apart under both rules
    const apart = vol(3, 3, 3, (y, x, z) => ((y === 0 && x === 0 && z === 0) || (y === 2 && x === 2 && z === 2) ? 1 : 0));
    expect(components8(apart)).toBe(2);
    expect(connectivity(apart)).toBe(0);
    // 2-D designs keep their 4- and 8-neighbour rules
    const diag: Design = { shape: [2, 2], data: Float64Array.from([1, 0, 0, 1]) };
    expect([largestComponentShare(diag), components8(diag)]).toEqual([0.5, 1]);
  });

  it('Beams3D prompts fill and read back under both protocols for its five styles', () => {
    const b3: DatasetSample = { problem: 'beams3d', index: 0, row: { id: 4, key: 'k' }, conditions: { volfrac: 0.3125, rmin: 2.25, forcedist_x: 0.75, forcedist_y: 0 }, config: { nelx: 8, nely: 8, nelz: 8, max_iter: 30 }, groundTruth: { key: 'g', objective: 12.5 } };
    expect(SUPPORTED_STYLES.beams3d).toEqual(['Full', 'W-Rand', 'W-Distract', 'W-Cond', 'W-Multi']);
    for (const protocol of ['engiai', 'paper'] as const) {
      for (const style of SUPPORTED_STYLES.beams3d) {
        for (let seed = 0; seed < 6; seed++) {
          const s = buildSample(b3, style, 'main', seed, protocol);
          expect(s.prompt).toMatch(/Beams3D/);
          const r = readPrompt(s.prompt);
          expect(r, s.prompt).not.toBeNull();
          expect([r!.problem, r!.style, r!.conditions, r!.config]).toEqual(['beams3d', style, b3.conditions, b3.config]);
        }
      }
    }
  });
});
