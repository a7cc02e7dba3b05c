/**
 * ThermoElastic3D against the NumPy/SciPy peer of EngiBench's loop (tests/fixtures/thermoelastic3d, made by
 * benchmarks/perf/reference/thermoelastic3d_fixtures.py with mmapy.mmasub, CHOLMOD-preconditioned CG at 1e-8 for
 * the forward solves and SuperLU for the thermal adjoint).
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { optimize } from '../../../tools/engineering/problem.ts';
import { getProblem } from '../../../tools/engineering/registry.ts';

interface SimCase { name: string; nelx: number; nely: number; nelz: number; weight: number; dtype: string; design: number[] | null; fill?: number; structural_compliance: number; thermal_compliance: number }
interface PeerStep { step: number; obj_values: number[]; obj_values_update: number[] | null; x_sum: number; x_update_sum: number; x_update_max_abs: number; sensitivity_sums: number[]; sensitivity_first: number[] }
interface OptRun { name: string; nelx: number; nely: number; nelz: number; volfrac: number; rmin: number; weight: number; max_iter: number; start: number[] | null; iterations: number; steps: PeerStep[]; final_design: { mean: number; sum_sq: number; first_values: number[] } }

const fixture = <T>(name: string): T => JSON.parse(readFileSync(new URL(`../../fixtures/thermoelastic3d/${name}`, import.meta.url), 'utf8')) as T;
const sims = fixture<{ cases: SimCase[] }>('simulate.json').cases;
const runs = fixture<{ mma: string; runs: OptRun[] }>('optimize.json');
const rel = (a: number, b: number) => Math.abs(a - b) / Math.max(Math.abs(b), 1e-300);
const sum = (a: Float64Array) => a.reduce((s, v) => s + v, 0);

describe('ThermoElastic3D simulate agrees with the EngiBench peer', () => {
  // measured (2026-12-02): float64 designs ≤ 1.6e-12, but "random float64 6x4x4" (sc 3.3e6: a near-void load corner)
  // 2.1e-8, where the peer's own CG and a SuperLU solve of the same system differ by 2.6e-8; float32 designs ≤ 4.8e-8,
  // because EngiBench (and the peer) raise a float32 array to the power in float32 and we keep float64 powers
  // (EngiBench's TE3D designs are float64: random_design returns the row without a cast). So 1e-7 for those
  // (EngiBench's reference tolerance), 1e-11 for the rest.
  it('[sc, tc] of float64 and float32-valued designs on five grids and weights 0, 0.5, 0.8, 1, and 16³, to 1e-7', async () => {
    const p = await getProblem('thermoelastic3d');
    expect(sims.length).toBeGreaterThanOrEqual(16);
    let worst = 0;
    for (const s of sims) {
      const n = s.nelx * s.nely * s.nelz;
      const data = s.design ? Float64Array.from(s.design) : new Float64Array(n).fill(s.fill!);
      const [sc, tc] = p.simulate({ shape: [s.nely, s.nelx, s.nelz], data }, { nelx: s.nelx, nely: s.nely, nelz: s.nelz, weight: s.weight });
      expect(rel(sc, s.structural_compliance), `${s.name} ${s.nelx}x${s.nely}x${s.nelz} w ${s.weight}: sc ${sc} vs ${s.structural_compliance}`).toBeLessThan(1e-7);
      expect(rel(tc, s.thermal_compliance), `${s.name} ${s.nelx}x${s.nely}x${s.nelz} w ${s.weight}: tc ${tc} vs ${s.thermal_compliance}`).toBeLessThan(1e-7);
      worst = Math.max(worst, rel(sc, s.structural_compliance), rel(tc, s.thermal_compliance));
      if (s.dtype === 'float64' && s.structural_compliance < 1e5) expect(Math.max(rel(sc, s.structural_compliance), rel(tc, s.thermal_compliance)), s.name).toBeLessThan(1e-11);
    }
    expect(worst).toBeGreaterThan(0);
  });
});

describe('ThermoElastic3D optimize agrees with the EngiBench peer (mmapy)', () => {
  it('small grids: every step\'s [sc, tc], obj_values_update (the extra pass included) and OptiStep array sums, and the returned design', async () => {
    expect(runs.mma).toBe('mmapy');
    const p = await getProblem('thermoelastic3d');
    for (const r of runs.runs.filter((q) => q.nelx < 16)) {
      const config = { nelx: r.nelx, nely: r.nely, nelz: r.nelz, volfrac: r.volfrac, rmin: r.rmin, weight: r.weight, max_iter: r.max_iter };
      const startingPoint = r.start ? { shape: [r.nely, r.nelx, r.nelz] as [number, number, number], data: Float64Array.from(r.start) } : undefined;
      const out = optimize(p, config, { startingPoint, history: 'full' });
      // the peer counts the extra pass as an iteration; we report the regular ones
      expect(out.iterations, r.name).toBe(r.iterations - 1);
      expect(out.history).toHaveLength(r.steps.length);
      out.history.forEach((h, i) => {
        const q = r.steps[i];
        const at = `${r.name} step ${q.step}`;
        expect(h.step).toBe(q.step);
        h.objectives.forEach((v, k) => expect(rel(v, q.obj_values[k]), `${at} obj ${k}: ${v} vs ${q.obj_values[k]}`).toBeLessThan(1e-9));
        h.objectivesUpdate!.forEach((v, k) => expect(Math.abs(v - q.obj_values_update![k]), `${at} update ${k}`).toBeLessThan(1e-9 * Math.abs(q.obj_values[k])));
        expect(rel(sum(h.x!), q.x_sum), at).toBeLessThan(1e-9);
        expect(Math.abs(sum(h.xUpdate!) - q.x_update_sum), at).toBeLessThan(1e-7);
        expect(rel(h.xUpdate!.reduce((m, v) => Math.max(m, Math.abs(v)), 0), q.x_update_max_abs), at).toBeLessThan(1e-6);
        expect(h.xSensitivities).toHaveLength(4);
        q.sensitivity_sums.forEach((v, k) => expect(rel(sum(h.xSensitivities![k]), v), `${at} sensitivity ${k}`).toBeLessThan(1e-8));
        q.sensitivity_first.forEach((v, k) => expect(rel(h.xSensitivities![k][0], v), `${at} sensitivity ${k}[0]`).toBeLessThan(1e-8));
        expect(h.xSensitivities![3].every((v) => v === 1 / (r.volfrac * r.nelx * r.nely * r.nelz))).toBe(true);
      });
      const x = out.design.data;
      expect(rel(sum(x) / x.length, r.final_design.mean), r.name).toBeLessThan(1e-6);
      expect(rel(x.reduce((a, b) => a + b * b, 0), r.final_design.sum_sq), r.name).toBeLessThan(1e-6);
      r.final_design.first_values.forEach((v, i) => expect(Math.abs(x[i] - v)).toBeLessThan(1e-6));
    }
  });

  it('16³ default: the first two steps to 1e-9', async () => {
    const p = await getProblem('thermoelastic3d');
    const r = runs.runs.find((q) => q.nelx === 16)!;
    const out = optimize(p, { max_iter: 2 });
    expect(out.history).toHaveLength(2);
    out.history.forEach((h, i) => h.objectives.forEach((v, k) => expect(rel(v, r.steps[i].obj_values[k])).toBeLessThan(1e-9)));
  }, 120_000);
});
