/** HeatConduction2D through the registry: the Problem contract, simulate's EngiBench semantics, our MMA optimizer, the exact gradient by finite differences. */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { InputError } from '../../../tools/errors.ts';
import { readDesign } from '../../../tools/engineering/heatconduction2d/mesh.ts';
import { evaluate } from '../../../tools/engineering/heatconduction2d/model.ts';
import { PUSHED_BOX } from '../../../tools/engineering/heatconduction2d/push.ts';
import { createSetup } from '../../../tools/engineering/heatconduction2d/setup.ts';
import { optimize, type Design } from '../../../tools/engineering/problem.ts';
import { getProblem } from '../../../tools/engineering/registry.ts';

const ref = JSON.parse(readFileSync(new URL('../../fixtures/heatconduction2d/reference.json', import.meta.url), 'utf8')) as {
  cases: { name: string; resolution: number; length: number; J: number; design?: number[][] }[];
};
const uniform = (side: number, v: number): Design => ({ shape: [side, side], data: new Float64Array(side * side).fill(v) });

describe('heatconduction2d problem', async () => {
  const p = await getProblem('heatconduction2d');

  it('is registered with EngiBench v0 conditions, config and design shape', () => {
    expect(p.version).toBe(0);
    expect(p.objectives.map((o) => [o.name, o.direction])).toEqual([['c', 'minimize']]);
    expect(p.conditions.map((f) => [f.name, f.default])).toEqual([['volume', 0.5], ['length', 0.5]]);
    expect(p.designShape({})).toEqual([101, 101]);
    expect(p.designShape({ resolution: 21 })).toEqual([21, 21]);
  });

  it('checks conditions: volume outside [0.3, 0.6] warns, outside [0, 1] and tiny or huge grids refuse', () => {
    expect(p.checkConfig({ volume: 0.7 }).map((v) => [v.constraint, v.criticality])).toEqual([['volume_impl_recommended', 'warning']]);
    expect(() => p.simulate(uniform(101, 0.5), { volume: 1.2 })).toThrow(/volume_theory_bounds/);
    expect(() => p.simulate(uniform(2, 0.5), { resolution: 2 })).toThrow(/resolution_impl_min/);
    expect(() => p.optimizeSteps({ resolution: 402 })).toThrow(/resolution_limit.*401/);
    expect(() => p.simulate(uniform(101, 0.5), { length: -0.1 })).toThrow(/length_theory_bounds/);
  });

  it("simulate of the default uniform design is dolfin's J rounded to 14 decimals; simulateVerbose has the parts", () => {
    const c = ref.cases.find((r) => r.name.startsWith('uniform 0.5, NN 100'))!;
    const [J] = p.simulate(uniform(101, 0.5), {});
    expect(J).toBe(Number(c.J.toFixed(14)));
    const v = p.simulateVerbose!(uniform(101, 0.5), {});
    expect(v.pushed_nodes).toBe(0);
    expect(Math.abs(v.c_as_given - c.J) / c.J).toBeLessThan(1e-12);
    expect(v.thermal_compliance + v.regularization).toBeCloseTo(v.c_as_given, 20);
    expect(v.volume_integral).toBeCloseTo(0.5, 12);
  });

  it("simulate evaluates a near-binary design at IPOPT's pushed start and says how many values moved", () => {
    const side = 21;
    const data = new Float64Array(side * side).map((_, k) => (Math.floor(k / side) + (k % side)) % 3 === 0 ? 1 : 0);
    const v = p.simulateVerbose!({ shape: [side, side], data }, { resolution: side });
    expect(PUSHED_BOX.lo).toBeCloseTo(0.00999999, 15);
    expect(PUSHED_BOX.hi).toBeCloseTo(0.9900000099, 15);
    expect(v.pushed_nodes).toBe(side * side);
    const setup = createSetup(side, 0.5);
    const clipped = readDesign(setup.mesh, data).map((a) => Math.min(PUSHED_BOX.hi, Math.max(PUSHED_BOX.lo, a)));
    expect(v.c).toBe(Number(evaluate(setup, clipped).J.toFixed(14)));
    expect(Math.abs(v.c - v.c_as_given) / v.c).toBeGreaterThan(1e-3);
  });

  it('refuses designs outside the design space with the reason', () => {
    const bad = uniform(101, 0.5);
    bad.data[5] = 1.5;
    expect(() => p.simulate(bad, {})).toThrow(InputError);
    expect(() => p.simulate(bad, {})).toThrow(/outside \[0, 1\]/);
    expect(() => p.simulate(uniform(50, 0.5), {})).toThrow(/does not match the expected 101x101/);
    bad.data[5] = NaN;
    expect(p.checkConstraints(bad, {}).map((v) => v.constraint)).toContain('design_space');
    expect(p.checkConstraints(uniform(101, 0.3), {}).map((v) => v.constraint)).toEqual(['volume_fraction_bound']);
  });

  it('the exact gradient is the derivative of J (central differences of our own J)', () => {
    const setup = createSetup(15, 0.3);
    const a = new Float64Array(setup.mesh.nv).map((_, k) => 0.2 + 0.6 * Math.abs(Math.sin(1.7 * k)));
    const g = evaluate(setup, a, { gradient: 'exact' }).grad!;
    const scale = Math.max(...g.map(Math.abs));
    for (const node of [16, 40, 97, 112, 200]) {
      const h = 1e-6;
      const up = a.slice(), dn = a.slice();
      up[node] += h;
      dn[node] -= h;
      const fd = (evaluate(setup, up).J - evaluate(setup, dn).J) / (2 * h);
      expect(Math.abs(g[node] - fd) / scale).toBeLessThan(1e-7);
    }
  });

  it('optimize (MMA): step 0 is the start, J falls, the volume holds, progress per step, the round trip is reported', () => {
    const config = p.resolveConfig({ resolution: 21, volume: 0.4, max_iter: 40 });
    const events: number[] = [];
    const r = optimize(p, config, {}, (e) => {
      events.push(e.step);
      expect(e.maxIter).toBe(41);
    });
    const h = r.history.map((s) => s.objectives[0]);
    expect(r.history.map((s) => s.step)).toEqual(events);
    expect(events[0]).toBe(0);
    expect(h.length).toBe(41);
    expect(h[0]).toBeCloseTo(p.simulateVerbose!(uniform(21, 0.4), config).c_as_given, 18);
    expect(h.at(-1)!).toBeLessThan(0.1 * h[0]);
    for (let k = 10; k < h.length; k++) expect(h[k]).toBeLessThan(h[k - 10]);
    expect(r.design.shape).toEqual([21, 21]);
    expect(r.design.data.every((v) => v >= 0 && v <= 1)).toBe(true);
    const setup = createSetup(21, 0.5);
    // The returned image holds the nodal values ([i, j] = vertex j·21 + i): their ∫a dx is within MMA's tolerance of volume.
    let vol = 0;
    for (let i = 0; i < 21; i++) for (let j = 0; j < 21; j++) vol += setup.smass[j * 21 + i] * r.design.data[i * 21 + j];
    expect(vol).toBeLessThan(0.4 + 1e-3);
    const w = r.warnings?.find((x) => x.constraint === 'nodal_read_round_trip');
    expect(w?.cause).toMatch(/rows and columns 3, 7, 12, 14, 19 of/);
    expect(w?.cause).toContain(h.at(-1)!.toPrecision(8));
  });

  it('max_iter 0 returns the start with a one-step history; a starting point passes through the truncating read', () => {
    const start = p.randomDesign({ resolution: 11 }, 3);
    expect(Math.abs(start.data.reduce((a, b) => a + b) / start.data.length - 0.5)).toBeLessThan(1e-9);
    const r = optimize(p, p.resolveConfig({ resolution: 11, max_iter: 0 }), { startingPoint: start });
    expect(r.history.length).toBe(1);
    const setup = createSetup(11, 0.5);
    expect(r.history[0].objectives[0]).toBe(evaluate(setup, readDesign(setup.mesh, start.data)).J);
    expect(r.iterations).toBe(0);
  });

  it('render draws the design and the temperature', () => {
    const spec = p.render(uniform(21, 0.5), { resolution: 21 });
    expect(spec.panels.map((x) => x.field.shape)).toEqual([[21, 21], [21, 21]]);
    expect(spec.title).toMatch(/HeatConduction2D v0 21x21.*c \d/);
    // Row 0 of the picture is the top edge (y = 1), a sink: T = 0 there; the bottom row is a sink near the corners and insulated in the middle.
    const T = spec.panels[1].field.data;
    expect(Math.max(...T.subarray(0, 21))).toBe(0);
    expect(T[20 * 21 + 2]).toBe(0);
    expect(T[20 * 21 + 10]).toBeGreaterThan(0.5 * T[10 * 21 + 10]);
  });
});

describe("IPOPT's pushed start (tests/fixtures/heatconduction2d/ipopt_push.json, Debian's IPOPT 3.11.9 with max_iter 0)", () => {
  it('ipoptPushed moves the same values to the same bits as IPOPT before its one evaluation', async () => {
    const { ipoptPushed } = await import('../../../tools/engineering/heatconduction2d/push.ts');
    const fx = JSON.parse(readFileSync(new URL('../../fixtures/heatconduction2d/ipopt_push.json', import.meta.url), 'utf8')) as { x0: number[]; first_evaluated_x: number[]; evaluations: number };
    expect(fx.evaluations).toBe(1);
    const { values, moved } = ipoptPushed(Float64Array.from(fx.x0));
    expect([...values]).toEqual(fx.first_evaluated_x);
    expect(moved).toBe(fx.x0.filter((v, i) => v !== fx.first_evaluated_x[i]).length);
  });
});
