/**
 * HeatConduction3D against Debian's python3-dolfin 2019.2 (tests/fixtures/heatconduction3d:
 * make_reference.py builds EngiBench's 3-D FEniCS model, solved with LU, and wrote reference.json):
 * the design read, the Dirichlet nodes (the plus-shaped insulated cross), J and its parts, T and
 * both gradients, for uniform, random, structured and binary designs at NN = 6, 8 and 10.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { readDesign3 } from '../../../tools/engineering/heatconduction3d/mesh.ts';
import { evaluate } from '../../../tools/engineering/heatconduction2d/model.ts';
import { createSetup3 } from '../../../tools/engineering/heatconduction3d/setup.ts';

interface RefCase {
  name: string;
  resolution: number;
  area: number;
  J: number;
  thermal: number;
  regularization: number;
  volume_integral: number;
  read_index: number[];
  dirichlet_nodes: number[];
  finite_differences: { node: number; fd: number; grad3: number; grad4: number }[];
  design: number[][][];
  T: number[];
  grad3: number[];
  grad4: number[];
}

const ref = JSON.parse(readFileSync(new URL('../../fixtures/heatconduction3d/reference.json', import.meta.url), 'utf8')) as { cases: RefCase[] };

function relErr(ours: ArrayLike<number>, theirs: ArrayLike<number>): number {
  let num = 0, den = 0;
  for (let i = 0; i < theirs.length; i++) {
    num = Math.max(num, Math.abs(ours[i] - theirs[i]));
    den = Math.max(den, Math.abs(theirs[i]));
  }
  return num / den;
}

describe('heatconduction3d simulate and gradient vs python3-dolfin', () => {
  for (const c of ref.cases) {
    it(c.name, () => {
      const setup = createSetup3(c.resolution, c.area);
      expect([...setup.mesh.readIndex]).toEqual(c.read_index);
      expect([...setup.dirichlet]).toEqual(c.dirichlet_nodes);
      const a = readDesign3(setup.mesh, Float64Array.from(c.design.flat(2)));
      let vol = 0;
      for (let v = 0; v < a.length; v++) vol += setup.smass[v] * a[v];
      expect(Math.abs(vol - c.volume_integral)).toBeLessThan(1e-13);
      const exact = evaluate(setup, a, { gradient: 'exact' });
      const engibench = evaluate(setup, a, { gradient: 'engibench' });
      expect(Math.abs(exact.J - c.J) / c.J).toBeLessThan(1e-12);
      expect(Math.abs(exact.thermal - c.thermal) / c.thermal).toBeLessThan(1e-12);
      expect(Math.abs(exact.regularization - c.regularization)).toBeLessThan(1e-12 * c.J);
      expect(relErr(exact.T, c.T)).toBeLessThan(1e-12);
      expect(relErr(exact.grad!, c.grad3)).toBeLessThan(1e-11);
      expect(relErr(engibench.grad!, c.grad4)).toBeLessThan(1e-11);
      if (!c.name.startsWith('uniform')) expect(relErr(c.grad3, c.grad4)).toBeGreaterThan(1e-5);
      for (const fd of c.finite_differences) expect(Math.abs(exact.grad![fd.node] - fd.fd) / Math.abs(fd.fd)).toBeLessThan(1e-6);
    });
  }
});
