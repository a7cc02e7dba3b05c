/**
 * HeatConduction2D against Debian's python3-dolfin 2019.2 (tests/fixtures/heatconduction2d:
 * make_reference.py builds EngiBench's FEniCS model and wrote reference.json): the design read,
 * the Dirichlet nodes, J and its parts, T and both gradients, for uniform, random, structured and
 * binary designs at NN = 10, 20 and the default 100, with lengths 0, 0.3, 0.4, 0.5, 0.7 and 1.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { readDesign } from '../../../tools/engineering/heatconduction2d/mesh.ts';
import { evaluate } from '../../../tools/engineering/heatconduction2d/model.ts';
import { createSetup } from '../../../tools/engineering/heatconduction2d/setup.ts';

interface RefCase {
  name: string;
  resolution: number;
  length: number;
  J: number;
  thermal: number;
  regularization: number;
  volume_integral: number;
  read_index: number[];
  dirichlet_nodes: number[] | number;
  finite_differences: { node: number; fd: number; grad3: number; grad4: number }[];
  design?: number[][];
  T: number[];
  grad3: number[];
  grad4: number[];
  sample_nodes?: number[];
}

const ref = JSON.parse(readFileSync(new URL('../../fixtures/heatconduction2d/reference.json', import.meta.url), 'utf8')) as { cases: RefCase[] };

function designOf(c: RefCase): Float64Array {
  if (c.design) return Float64Array.from(c.design.flat());
  if (c.name.startsWith('uniform 0.5')) return new Float64Array(c.resolution ** 2).fill(0.5);
  throw new Error(`no design for ${c.name}`);
}

/** Largest |ours − theirs| relative to the largest |theirs|. */
function relErr(ours: ArrayLike<number>, theirs: ArrayLike<number>): number {
  let num = 0, den = 0;
  for (let i = 0; i < theirs.length; i++) {
    num = Math.max(num, Math.abs(ours[i] - theirs[i]));
    den = Math.max(den, Math.abs(theirs[i]));
  }
  return num / den;
}

describe('heatconduction2d simulate and gradient vs python3-dolfin', () => {
  it('the fixture covers what the brief asks (several designs, default resolution, both gradients)', () => {
    expect(ref.cases.length).toBeGreaterThanOrEqual(9);
    expect(ref.cases.filter((c) => c.resolution === 101).length).toBe(3);
  });

  for (const c of ref.cases) {
    it(c.name, () => {
      const setup = createSetup(c.resolution, c.length);
      expect([...setup.mesh.readIndex]).toEqual(c.read_index);
      if (Array.isArray(c.dirichlet_nodes)) expect([...setup.dirichlet]).toEqual(c.dirichlet_nodes);
      else expect(setup.dirichlet.length).toBe(c.dirichlet_nodes);
      const a = readDesign(setup.mesh, designOf(c));
      let vol = 0;
      for (let v = 0; v < a.length; v++) vol += setup.smass[v] * a[v];
      expect(Math.abs(vol - c.volume_integral)).toBeLessThan(1e-14);
      const exact = evaluate(setup, a, { gradient: 'exact' });
      const engibench = evaluate(setup, a, { gradient: 'engibench' });
      expect(Math.abs(exact.J - c.J) / c.J).toBeLessThan(1e-12);
      expect(Math.abs(exact.thermal - c.thermal) / c.thermal).toBeLessThan(1e-12);
      expect(Math.abs(exact.regularization - c.regularization)).toBeLessThan(1e-12 * c.J);
      const pick = (v: Float64Array) => (c.sample_nodes ? c.sample_nodes.map((n) => v[n]) : [...v]);
      expect(relErr(pick(exact.T), c.T)).toBeLessThan(1e-12);
      // Measured: J ≤ 1.6e-13, T ≤ 2.1e-13, both gradients ≤ 3.2e-13 (the default 101² uniform case).
      expect(relErr(pick(exact.grad!), c.grad3)).toBeLessThan(1e-11);
      expect(relErr(pick(engibench.grad!), c.grad4)).toBeLessThan(1e-11);
      // The two gradients differ (0.2–8 %) wherever a varies, so each comparison above tells them apart.
      if (!c.name.startsWith('uniform')) expect(relErr(c.grad3, c.grad4)).toBeGreaterThan(1e-5);
      for (const fd of c.finite_differences) expect(Math.abs(exact.grad![fd.node] - fd.fd) / Math.abs(fd.fd)).toBeLessThan(2e-6);
    });
  }
});
