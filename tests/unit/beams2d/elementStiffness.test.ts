import { describe, expect, it } from 'vitest';
import { elementStiffness } from '../../../tools/engineering/fem/q4PlaneStress.ts';
import { symmetricEigenvalues } from './helpers.ts';

describe('elementStiffness (Q4, E = 1, nu = 0.3)', () => {
  const KE = elementStiffness();
  const M = Array.from({ length: 8 }, (_, i) => Array.from({ length: 8 }, (_, j) => KE[i * 8 + j]));

  it('has the 88-line entries', () => {
    const nu = 0.3;
    const s = 1 / (1 - nu * nu);
    expect(KE[0]).toBeCloseTo(s * (1 / 2 - nu / 6), 15);
    expect(KE[1]).toBeCloseTo(s * (1 / 8 + nu / 8), 15);
    expect(KE[7]).toBeCloseTo(s * (1 / 8 - (3 * nu) / 8), 15);
    expect(KE[8 + 2]).toBeCloseTo(s * (1 / 8 - (3 * nu) / 8), 15);
  });

  it('is symmetric', () => {
    for (let i = 0; i < 8; i++) for (let j = 0; j < 8; j++) expect(KE[i * 8 + j]).toBe(KE[j * 8 + i]);
  });

  it('is positive semi-definite with exactly 3 zero eigenvalues (rigid modes)', () => {
    const ev = symmetricEigenvalues(M);
    expect(ev.slice(0, 3).every((v) => Math.abs(v) < 1e-12)).toBe(true);
    expect(ev[3]).toBeGreaterThan(1e-3);
  });

  it('annihilates two translations and the in-plane rotation', () => {
    // Node coordinates in DOF order: lower-left (0,0), lower-right (1,0), upper-right (1,1), upper-left (0,1).
    const xy = [[0, 0], [1, 0], [1, 1], [0, 1]];
    const modes = [
      xy.flatMap(() => [1, 0]),
      xy.flatMap(() => [0, 1]),
      xy.flatMap(([x, y]) => [-y, x]),
    ];
    for (const r of modes) {
      for (let i = 0; i < 8; i++) {
        let s = 0;
        for (let j = 0; j < 8; j++) s += KE[i * 8 + j] * r[j];
        expect(Math.abs(s)).toBeLessThan(1e-14);
      }
    }
  });
});
