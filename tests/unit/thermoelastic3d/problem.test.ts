/** ThermoElastic3D v0: the Problem contract, EngiBench's per-problem test expectations, the element matrices and the agent tools. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runToolCall } from '../../../agents/supervisor/runToolCall.ts';
import { InputError } from '../../../tools/errors.ts';
import { applyCone, buildSensitivityFilter } from '../../../tools/engineering/beams3d/filter.ts';
import { nodeId } from '../../../tools/engineering/beams3d/setup.ts';
import { engineeringContext } from '../../../tools/engineering/context.ts';
import { optimize } from '../../../tools/engineering/problem.ts';
import { getProblem, problemIds } from '../../../tools/engineering/registry.ts';
import { elementConductivity, elementCoupling, MATERIAL } from '../../../tools/engineering/thermoelastic3d/elementMatrices.ts';
import { createSetup } from '../../../tools/engineering/thermoelastic3d/setup.ts';
import { engineeringTools } from '../../../tools/engineering/tools/index.ts';
import { bindTools, type BoundTool, type ToolRuntime } from '../../../tools/tool.ts';

const small = { nelx: 4, nely: 3, nelz: 2 };

describe('thermoelastic3d Problem API', () => {
  it('is registered with EngiBench\'s two objectives, conditions and config', async () => {
    expect(problemIds()).toContain('thermoelastic3d');
    const p = await getProblem('thermoelastic3d');
    expect(p.version).toBe(0);
    expect(p.objectives.map((o) => [o.name, o.direction])).toEqual([['structural_compliance', 'minimize'], ['thermal_compliance', 'minimize']]);
    expect(p.conditions.map((c) => [c.name, c.default])).toEqual([['volfrac', 0.3], ['rmin', 1.5], ['penal', 3], ['weight', 0.5]]);
    expect(p.designShape({})).toEqual([16, 16, 16]);
  });

  it('non-cubic config (nelx, nely, nelz) = (2, 4, 3): design (4, 2, 3), masks on the (3, 5, 4) node grid, no violations', async () => {
    const p = await getProblem('thermoelastic3d');
    const config = { nelx: 2, nely: 4, nelz: 3 };
    expect(p.designShape(config)).toEqual([4, 2, 3]);
    const s = createSetup(config);
    expect(s.nn).toBe(3 * 5 * 4);
    expect(s.mech.fixedNodes).toEqual([[0, 0, 0], [0, 4, 0], [0, 4, 3]]);
    expect(s.masks.sinks).toEqual([[2, 4, 0]]);
    expect([s.masks.forceX, s.masks.forceY, s.masks.forceZ]).toEqual([[[2, 4, 3]], [[2, 4, 3]], [[2, 4, 3]]]);
    const loaded = 3 * nodeId(2, 4, 3, 4, 3);
    expect([s.fp[loaded], s.fp[loaded + 1], s.fp[loaded + 2]]).toEqual([0.5, 0.5, 0.5]);
    expect(s.fp.reduce((a, b) => a + b, 0)).toBe(1.5);
    const design = { shape: [4, 2, 3] as [number, number, number], data: new Float64Array(24).fill(0.3) };
    expect(p.checkConstraints(design, config)).toEqual([]);
  });

  it('the filter equals a brute-force cone on the (nely, nelx, nelz) = (4, 2, 3) grid with rmin 1.5 (EngiBench PR #266), to 1e-12', () => {
    const shape: [number, number, number] = [4, 2, 3];
    const F = buildSensitivityFilter(shape, 1.5);
    const v = Float64Array.from({ length: 24 }, (_, i) => Math.sin(i + 1));
    const got = applyCone(F, v, new Float64Array(24));
    for (let a = 0; a < 4; a++) for (let b = 0; b < 2; b++) for (let c = 0; c < 3; c++) {
      let want = 0;
      for (let i = 0; i < 4; i++) for (let j = 0; j < 2; j++) for (let k = 0; k < 3; k++) want += Math.max(0, 1.5 - Math.hypot(a - i, b - j, c - k)) * v[(i * 2 + j) * 3 + k];
      expect(Math.abs(got[(a * 2 + b) * 3 + c] - want)).toBeLessThan(1e-12 * Math.max(1, Math.abs(want)));
    }
  });

  it('constraints: THEORY rmin ≥ 1 and weight in [0, 1] refuse, rmin above 3 warns, the volume-fraction bound warns off by more than 0.01', async () => {
    const p = await getProblem('thermoelastic3d');
    const design = { shape: [3, 4, 2] as [number, number, number], data: new Float64Array(24).fill(0.3) };
    expect(() => p.simulate(design, { ...small, rmin: 0.5 })).toThrow(InputError);
    expect(() => p.simulate(design, { ...small, weight: 1.5 })).toThrow(/weight/);
    expect(p.checkConfig({ ...small, rmin: 3.5 }).map((v) => [v.constraint, v.criticality])).toEqual([['rmin_impl_recommended', 'warning']]);
    const off = { ...design, data: new Float64Array(24).fill(0.35) };
    expect(p.checkConstraints(off, small).map((v) => [v.constraint, v.criticality])).toEqual([['volume_fraction_bound', 'warning']]);
    expect(() => p.simulate({ ...design, data: new Float64Array(24).fill(1.5) }, small)).toThrow(InputError);
    expect(() => optimize(p, { ...small, nelx: 42, nely: 42, nelz: 42 })).toThrow(/64000 cells/);
  });

  it('max_iter 0: empty history and the start; max_iter 3: steps 1..3, obj_values_update = next − this, the last filled by the extra pass', async () => {
    const p = await getProblem('thermoelastic3d');
    const start = { shape: [3, 4, 2] as [number, number, number], data: new Float64Array(24).fill(0.25) };
    const none = optimize(p, { ...small, max_iter: 0 }, { startingPoint: start });
    expect(none.history).toEqual([]);
    expect(Array.from(none.design.data)).toEqual(Array.from(start.data));
    const r = optimize(p, { ...small, max_iter: 3 });
    expect(r.history.map((h) => h.step)).toEqual([1, 2, 3]);
    expect(r.iterations).toBe(3);
    for (let i = 0; i < 2; i++) r.history[i].objectivesUpdate!.forEach((d, k) => expect(d).toBeCloseTo(r.history[i + 1].objectives[k] - r.history[i].objectives[k], 12));
    // the extra pass evaluates the returned design (float64 before its float32 rounding)
    const last = r.history[2];
    const [sc, tc] = p.simulate(r.design, small);
    expect(Math.abs(last.objectives[0] + last.objectivesUpdate![0] - sc) / sc).toBeLessThan(1e-6);
    expect(Math.abs(last.objectives[1] + last.objectivesUpdate![1] - tc) / tc).toBeLessThan(1e-6);
    // without history 'full' the steps carry no arrays
    expect(r.history.every((h) => h.x === undefined && h.xSensitivities === undefined && h.xUpdate === undefined)).toBe(true);
    // the returned design is float32-valued and inside [xmin, 1]
    expect(r.design.data.every((v) => v === Math.fround(v) && v >= Math.fround(MATERIAL.xmin) && v <= 1)).toBe(true);
  });

  it('history full: x + x_update is the next step\'s x; x_sensitivities = [dfm, dft, w·dfm + (1−w)·dft, 1/(volfrac·n)]', async () => {
    const p = await getProblem('thermoelastic3d');
    const r = optimize(p, { ...small, max_iter: 3, weight: 0.7 }, { history: 'full' });
    for (let i = 0; i < 2; i++) {
      const a = r.history[i], b = r.history[i + 1];
      a.x!.forEach((v, e) => expect(Math.abs(v + a.xUpdate![e] - b.x![e])).toBeLessThan(1e-15));
    }
    for (const h of r.history) {
      const [dfm, dft, df, dfdx] = h.xSensitivities!;
      df.forEach((v, e) => expect(v).toBeCloseTo(0.7 * dfm[e] + 0.3 * dft[e], 12));
      expect(dfm.every((v) => v < 0)).toBe(true);
      expect(dfdx.every((v) => v === 1 / (0.3 * 24))).toBe(true);
    }
  });

  it('simulateVerbose names the objectives, the weighted objective and the volume fraction', async () => {
    const p = await getProblem('thermoelastic3d');
    const design = p.randomDesign(small, 3);
    const v = p.simulateVerbose!(design, { ...small, weight: 0.25 });
    const [sc, tc] = p.simulate(design, small);
    expect(v.structural_compliance).toBe(sc);
    expect(v.thermal_compliance).toBe(tc);
    expect(v.weighted_objective).toBeCloseTo(0.25 * sc + 0.75 * tc, 12);
    expect(v.volume_fraction).toBeCloseTo(0.3, 6);
  });
});

describe('thermoelastic3d sensitivities', () => {
  it('weight 1 (point loads only): dfm is the exact gradient of sc (central differences, 1e-6); the thermal part follows EngiBench\'s formula', async () => {
    const { cachedSetup } = await import('../../../tools/engineering/thermoelastic3d/setupCache.ts');
    const { feAnalysis } = await import('../../../tools/engineering/thermoelastic3d/fe.ts');
    const { setup, solvers } = cachedSetup(small);
    const x = Float64Array.from({ length: 24 }, (_, i) => 0.3 + 0.4 * Math.abs(Math.sin(3 * i + 1)));
    const r = feAnalysis(setup, solvers, x, 3, 1, { gradient: true });
    const h = 1e-6;
    for (const e of [0, 5, 11, 23]) {
      const up = x.slice(), dn = x.slice();
      up[e] += h;
      dn[e] -= h;
      const fd = (feAnalysis(setup, solvers, up, 3, 1, { gradient: false }).sc - feAnalysis(setup, solvers, dn, 3, 1, { gradient: false }).sc) / (2 * h);
      expect(Math.abs(r.dfm![e] - fd) / Math.abs(fd)).toBeLessThan(1e-6);
      expect(r.df![e]).toBe(r.dfm![e]);
    }
    // with no mechanical coupling EngiBench's thermal adjoint is −T, so dft would be the exact −p·x^(p−1)·T_eᵀKEth·T_e;
    // the coupling term −2·D_cᵀu moves it away from that (it is not the gradient of tc, as in EngiBench)
    expect(r.dft!.some((v) => Number.isFinite(v) && v !== 0)).toBe(true);
  });
});

describe('thermoelastic3d element matrices', () => {
  it('KEth is symmetric, annihilates constants, has trace 8/3·k; CEthm turns a uniform temperature rise into self-equilibrated forces', () => {
    const K = elementConductivity();
    let trace = 0;
    for (let a = 0; a < 8; a++) {
      trace += K[a * 8 + a];
      let row = 0;
      for (let b = 0; b < 8; b++) {
        row += K[a * 8 + b];
        expect(K[a * 8 + b]).toBe(K[b * 8 + a]);
      }
      expect(Math.abs(row)).toBeLessThan(1e-15);
    }
    // ∫|∇N_a|² over the unit cube = 1/3 per node
    expect(trace).toBeCloseTo(8 / 3, 14);
    const C = elementCoupling();
    const force = new Float64Array(24);
    for (let i = 0; i < 24; i++) for (let b = 0; b < 8; b++) force[i] += C[i * 8 + b];
    for (let d = 0; d < 3; d++) expect(Math.abs(force[d] + force[3 + d] + force[6 + d] + force[9 + d] + force[12 + d] + force[15 + d] + force[18 + d] + force[21 + d])).toBeLessThan(1e-18);
    // node 0 at (−,−,−) is pushed outwards by a temperature rise: σ_th = α·E/(1−2ν) = 1.25e-3, × ¼ face area
    const sigma = (MATERIAL.alpha * MATERIAL.E) / (1 - 2 * MATERIAL.nu);
    expect(force[0]).toBeCloseTo(-sigma / 4, 15);
  });
});

describe('thermoelastic3d through the agent tools', () => {
  let home: string;
  let tools: BoundTool[];
  const runtime: ToolRuntime = { askHuman: async () => 'no', threadId: 'thread-te3d' };
  beforeAll(async () => {
    home = mkdtempSync(join(tmpdir(), 'engiai-te3d-tools-'));
    tools = bindTools(await engineeringTools(), engineeringContext(home));
  });
  afterAll(() => rmSync(home, { recursive: true, force: true }));
  const call = (name: string, args: unknown) => runToolCall({ id: `id-${name}`, name, args }, tools, runtime, async () => false);

  it('optimize_design → simulate_design → render_design store and evaluate a 3-D design with two objectives', async () => {
    const opt = await call('optimize_design', { problem: 'thermoelastic3d', conditions: { volfrac: 0.3, weight: 0.6 }, config: { ...small, max_iter: 3 } });
    expect(opt.ok, JSON.stringify(opt.result)).toBe(true);
    const o = opt.result as { design_id: string; final_objective: Record<string, number> };
    expect(o.design_id).toMatch(/^thermoelastic3d-[0-9a-f]{16}$/);
    expect(Object.keys(o.final_objective)).toEqual(['structural_compliance', 'thermal_compliance']);
    const sim = await call('simulate_design', { design_id: o.design_id });
    expect(sim.ok, JSON.stringify(sim.result)).toBe(true);
    const objectives = (sim.result as { objectives: Record<string, number> }).objectives;
    expect(objectives.structural_compliance).toBeGreaterThan(0);
    expect(objectives.thermal_compliance).toBeGreaterThan(0);
    const render = await call('render_design', { design_id: o.design_id });
    expect(render.ok, JSON.stringify(render.result)).toBe(true);
  });
});
