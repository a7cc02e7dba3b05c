/** Civil engineering · Water resources and hydraulics: runoff, hydrostatic forces, weirs, open channels. */
import { chain } from '../../chain.ts';
import { formatNumber as f } from '../../format.ts';
import { defineTemplate, type Template } from '../../template.ts';
import { add, div, mul, q, sqrt, valueIn } from '../../units.ts';
import { G, WATER_RHO } from '../data.ts';

const DOMAIN = 'Hydraulics and water resources';
const g = q(G, 'm/s^2');

export const rationalRunoff = defineTemplate({
  id: 'civil.rational_runoff',
  title: 'Peak runoff by the rational method',
  branch: 'civil',
  domain: DOMAIN,
  area: 'Hydrology',
  axes: { concepts: 1, mathematics: 1, depth: 2 },
  generate(r) {
    const C = r.grid(0.3, 0.9, 0.05);
    const i = r.grid(20, 150, 5);
    const A = r.grid(1, 50, 0.5);
    const c = chain();
    const iSi = c.step('i', 'Rainfall intensity in SI units', 'i [m/s] = i [mm/h] converted', q(i, 'mm/h'), 'm/s');
    const ASi = c.step('A', 'Catchment area in square metres', 'A [m²] = A [ha] converted', q(A, 'ha'), 'm^2');
    c.step('Q_p', 'Peak runoff (rational formula)', 'Q_p = C·i·A', mul(C, iSi, ASi), 'm^3/s');
    return c.finish(
      `An urban catchment of ${f(A)} ha has a runoff coefficient C = ${f(C)}. For the design storm whose duration equals the time of concentration, the rainfall intensity is ${f(i)} mm/h. Using the rational method, determine the peak runoff. Give the final answer in m³/s.`,
      { C, i_mm_h: i, A_ha: A },
      'the peak runoff',
    );
  },
});

export const gateForce = defineTemplate({
  id: 'civil.gate_force',
  title: 'Hydrostatic force on a vertical rectangular gate',
  branch: 'civil',
  domain: DOMAIN,
  area: 'Hydrostatics',
  axes: { concepts: 1, mathematics: 1, depth: 2 },
  generate(r) {
    const b = r.grid(1, 4, 0.1);
    const h = r.grid(1, 3, 0.1);
    const d = r.grid(0.5, 5, 0.1);
    const c = chain();
    const A = c.step('A', 'Area of the gate', 'A = b·h', mul(q(b, 'm'), q(h, 'm')), 'm^2');
    const hc = c.step('h_c', 'Depth of the gate centroid', 'h_c = d + h/2', add(q(d, 'm'), div(q(h, 'm'), 2)), 'm');
    c.step('F', 'Resultant hydrostatic force', 'F = ρ·g·h_c·A', mul(q(WATER_RHO, 'kg/m^3'), g, hc, A), 'kN');
    return c.finish(
      `A vertical rectangular sluice gate ${f(b)} m wide and ${f(h)} m high holds back water (ρ = ${f(WATER_RHO)} kg/m³); its top edge is ${f(d)} m below the free surface. Taking g = ${f(G)} m/s², determine the resultant hydrostatic force on the gate. Give the final answer in kN.`,
      { b_m: b, h_m: h, d_m: d, rho: WATER_RHO },
      'the resultant hydrostatic force',
    );
  },
});

export const weirDischarge = defineTemplate({
  id: 'civil.weir_discharge',
  title: 'Discharge over a rectangular sharp-crested weir',
  branch: 'civil',
  domain: DOMAIN,
  area: 'Flow measurement',
  axes: { concepts: 1, mathematics: 2, depth: 1 },
  generate(r) {
    const b = r.grid(0.5, 3, 0.1);
    const H = r.grid(0.1, 0.6, 0.01);
    const Cd = r.grid(0.6, 0.65, 0.01);
    const c = chain();
    const v = c.step('√(2gH)', 'Velocity scale of the nappe', '√(2·g·H)', sqrt(mul(2, g, q(H, 'm'))), 'm/s');
    c.step('Q', 'Weir discharge', 'Q = (2/3)·Cd·b·H·√(2gH)', mul(2 / 3, Cd, q(b, 'm'), q(H, 'm'), v), 'm^3/s');
    return c.finish(
      `A rectangular sharp-crested weir without end contractions is ${f(b)} m long. The head over the crest is ${f(H)} m and the discharge coefficient is Cd = ${f(Cd)}. Using Q = (2/3)·Cd·b·√(2g)·H^(3/2) with g = ${f(G)} m/s², determine the discharge. Give the final answer in m³/s.`,
      { b_m: b, H_m: H, Cd },
      'the discharge over the weir',
    );
  },
});

const LININGS = [
  { name: 'finished concrete', n: 0.013 },
  { name: 'clean earth', n: 0.022 },
  { name: 'gravel', n: 0.025 },
  { name: 'rubble masonry', n: 0.03 },
] as const;

export const manningChannel = defineTemplate({
  id: 'civil.manning_channel',
  title: 'Uniform-flow discharge in a rectangular channel (Manning)',
  branch: 'civil',
  domain: DOMAIN,
  area: 'Open-channel flow',
  axes: { concepts: 2, mathematics: 2, depth: 2 },
  generate(r) {
    const lin = r.pick(LININGS);
    const b = r.grid(1, 6, 0.25);
    const y = r.grid(0.3, 2.5, 0.05);
    const S = r.grid(0.0005, 0.005, 0.0005);
    const c = chain();
    const A = c.step('A', 'Flow area', 'A = b·y', mul(q(b, 'm'), q(y, 'm')), 'm^2');
    const P = c.step('P', 'Wetted perimeter', 'P = b + 2y', add(q(b, 'm'), q(2 * y, 'm')), 'm');
    const R = c.step('R', 'Hydraulic radius', 'R = A/P', div(A, P), 'm');
    // Manning's equation is empirical (SI form): R in m gives V in m/s.
    const V = c.step('V', "Mean velocity (Manning's equation, SI)", 'V = (1/n)·R^(2/3)·S^(1/2)', q((1 / lin.n) * Math.pow(valueIn(R, 'm'), 2 / 3) * Math.sqrt(S), 'm/s'), 'm/s');
    c.step('Q', 'Discharge', 'Q = V·A', mul(V, A), 'm^3/s');
    return c.finish(
      `A rectangular channel lined with ${lin.name} (Manning's n = ${f(lin.n)}) is ${f(b)} m wide and laid on a slope of ${f(S)}. For uniform flow at a depth of ${f(y)} m, determine the discharge. Give the final answer in m³/s.`,
      { b_m: b, y_m: y, S, n: lin.n, lining: lin.name },
      'the discharge',
    );
  },
});

export const hydraulics: Template[] = [rationalRunoff, gateForce, weirDischarge, manningChannel];
