/** Electrical engineering · Circuit analysis: dividers, transients, resonance, three-phase power. */
import { chain } from '../../chain.ts';
import { formatNumber as f } from '../../format.ts';
import type { Rng } from '../../rng.ts';
import { defineTemplate, type Template } from '../../template.ts';
import { add, div, mul, PI, q, sqrt } from '../../units.ts';

const DOMAIN = 'Circuit analysis';
/** E12 decade values. */
const E12 = [1, 1.2, 1.5, 1.8, 2.2, 2.7, 3.3, 3.9, 4.7, 5.6, 6.8, 8.2];

/** A standard E12 component value in one of the given decades. */
function e12(r: Rng, decades: number[]): number {
  return Number((r.pick(E12) * r.pick(decades)).toPrecision(6));
}

export const loadedVoltageDivider = defineTemplate({
  id: 'electrical.loaded_voltage_divider',
  title: 'Output of a loaded voltage divider',
  branch: 'electrical',
  domain: DOMAIN,
  area: 'DC circuits',
  axes: { concepts: 1, mathematics: 1, depth: 2 },
  generate(r) {
    const Vs = r.grid(5, 48, 1);
    const R1 = e12(r, [1, 10]);
    const R2 = e12(r, [1, 10]);
    const RL = e12(r, [10, 100]);
    const c = chain();
    const Rp = c.step('R_p', 'Parallel combination of R2 and the load', 'R_p = R2·R_L/(R2 + R_L)', div(mul(q(R2, 'kohm'), q(RL, 'kohm')), add(q(R2, 'kohm'), q(RL, 'kohm'))), 'kohm');
    const I = c.step('I', 'Current drawn from the source', 'I = V_s/(R1 + R_p)', div(q(Vs, 'V'), add(q(R1, 'kohm'), Rp)), 'mA');
    c.step('V_out', 'Loaded output voltage', 'V_out = I·R_p', mul(I, Rp), 'V');
    return c.finish(
      `A ${f(Vs)} V DC source feeds a voltage divider made of R1 = ${f(R1)} kΩ (top) and R2 = ${f(R2)} kΩ (bottom). A load of ${f(RL)} kΩ is connected across R2. Determine the current drawn from the source and the loaded output voltage across R2. Give the final answer (the output voltage) in V.`,
      { Vs_V: Vs, R1_kohm: R1, R2_kohm: R2, RL_kohm: RL },
      'the loaded output voltage',
    );
  },
});

export const rcTransient = defineTemplate({
  id: 'electrical.rc_transient',
  title: 'Capacitor voltage and current while an RC circuit charges',
  branch: 'electrical',
  domain: DOMAIN,
  area: 'Transients',
  axes: { concepts: 2, mathematics: 2, depth: 2 },
  generate(r) {
    const R = e12(r, [1, 10]);
    const C = e12(r, [1, 10, 100]);
    const Vs = r.grid(5, 24, 1);
    const frac = r.grid(0.2, 3, 0.1);
    const tau = R * C; // kΩ·µF = ms
    const t = Number(f(frac * tau, 3));
    const c = chain();
    const T = c.step('τ', 'Time constant', 'τ = R·C', mul(q(R, 'kohm'), q(C, 'uF')), 'ms');
    const x = c.step('t/τ', 'Elapsed time in time constants', 't/τ', div(q(t, 'ms'), T), '') as number;
    c.step('v_C', 'Capacitor voltage', 'v_C = V_s·(1 − e^(−t/τ))', mul(q(Vs, 'V'), 1 - Math.exp(-x)), 'V');
    c.step('i', 'Charging current', 'i = (V_s/R)·e^(−t/τ)', mul(div(q(Vs, 'V'), q(R, 'kohm')), Math.exp(-x)), 'mA');
    return c.finish(
      `An initially uncharged ${f(C)} µF capacitor is connected in series with a ${f(R)} kΩ resistor to a ${f(Vs)} V DC source at t = 0. Determine the time constant, the capacitor voltage and the current at t = ${f(t)} ms. Give the final answer (the current) in mA.`,
      { R_kohm: R, C_uF: C, Vs_V: Vs, t_ms: t },
      'the charging current',
    );
  },
});

export const rlcResonance = defineTemplate({
  id: 'electrical.rlc_resonance',
  title: 'Resonance, quality factor and bandwidth of a series RLC circuit',
  branch: 'electrical',
  domain: DOMAIN,
  area: 'AC circuits',
  axes: { concepts: 2, mathematics: 2, depth: 2 },
  generate(r) {
    const R = e12(r, [1, 10]);
    const L = e12(r, [1, 10]);
    const C = e12(r, [10, 100]);
    const c = chain();
    const f0 = c.step('f_0', 'Resonant frequency', 'f_0 = 1/(2π·√(L·C))', div(1, mul(2 * PI, sqrt(mul(q(L, 'mH'), q(C, 'nF'))))), 'kHz');
    const XL = c.step('X_L', 'Inductive reactance at resonance', 'X_L = 2π·f_0·L', mul(2 * PI, f0, q(L, 'mH')), 'ohm');
    const Q = c.step('Q', 'Quality factor', 'Q = X_L/R', div(XL, q(R, 'ohm')), '') as number;
    c.check(Q > 1.5, 'a selective circuit (Q > 1.5)');
    c.step('BW', 'Half-power bandwidth', 'BW = f_0/Q', div(f0, Q), 'Hz');
    return c.finish(
      `A series RLC circuit has R = ${f(R)} Ω, L = ${f(L)} mH and C = ${f(C)} nF. Determine the resonant frequency, the quality factor and the half-power bandwidth. Give the final answer (the bandwidth) in Hz.`,
      { R_ohm: R, L_mH: L, C_nF: C },
      'the half-power bandwidth',
    );
  },
});

export const threePhaseLoad = defineTemplate({
  id: 'electrical.three_phase_load',
  title: 'Real power of a balanced wye-connected three-phase load',
  branch: 'electrical',
  domain: DOMAIN,
  area: 'Three-phase power',
  axes: { concepts: 3, mathematics: 2, depth: 3 },
  generate(r) {
    const VLL = r.pick([208, 400, 415, 480]);
    const R = r.grid(5, 40, 0.5);
    const X = r.grid(2, 30, 0.5);
    const c = chain();
    const Vph = c.step('V_ph', 'Phase voltage of the wye load', 'V_ph = V_LL/√3', div(q(VLL, 'V'), Math.sqrt(3)), 'V');
    const Z = c.step('|Z|', 'Magnitude of the per-phase impedance', '|Z| = √(R² + X²)', q(Math.hypot(R, X), 'ohm'), 'ohm');
    const IL = c.step('I_L', 'Line current', 'I_L = V_ph/|Z|', div(Vph, Z), 'A');
    const pf = c.step('pf', 'Power factor', 'pf = R/|Z|', div(q(R, 'ohm'), Z), '');
    c.step('P', 'Total real power', 'P = √3·V_LL·I_L·pf', mul(Math.sqrt(3), q(VLL, 'V'), IL, pf), 'kW');
    return c.finish(
      `A balanced three-phase, wye-connected load has a per-phase impedance of Z = ${f(R)} + j${f(X)} Ω and is supplied from a ${VLL} V (line-to-line) system. Determine the line current, the power factor and the total real power drawn. Give the final answer (the real power) in kW.`,
      { VLL_V: VLL, R_ohm: R, X_ohm: X },
      'the total real power',
    );
  },
});

export const circuits: Template[] = [loadedVoltageDivider, rcTransient, rlcResonance, threePhaseLoad];
