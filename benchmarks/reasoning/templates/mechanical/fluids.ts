/** Mechanical engineering · Fluid mechanics: continuity, manometry, Venturi metering, pipe losses. */
import { chain } from '../../chain.ts';
import { formatNumber as f } from '../../format.ts';
import { defineTemplate, type Template } from '../../template.ts';
import { div, lessThan, mul, PI, pow, q, sqrt, sub, valueIn } from '../../units.ts';
import { G, LIQUIDS, MERCURY_RHO, WATER_RHO } from '../data.ts';

const DOMAIN = 'Fluid mechanics';
const g = q(G, 'm/s^2');

export const pipeReducer = defineTemplate({
  id: 'mechanical.pipe_reducer',
  title: 'Velocity downstream of a pipe reducer (continuity)',
  branch: 'mechanical',
  domain: DOMAIN,
  area: 'Continuity',
  axes: { concepts: 1, mathematics: 1, depth: 2 },
  generate(r) {
    const D1 = r.grid(80, 200, 5);
    const D2 = r.grid(30, 150, 5);
    const V1 = r.grid(0.5, 3, 0.1);
    const c = chain();
    c.check(D2 <= D1 - 20, 'a reducer: outlet smaller than inlet');
    const A1 = c.step('A1', 'Flow area of the inlet pipe', 'A1 = π·D1²/4', mul(PI / 4, pow(q(D1, 'mm'), 2)), 'cm^2');
    const Q = c.step('Q', 'Volumetric flow rate', 'Q = A1·V1', mul(A1, q(V1, 'm/s')), 'L/s');
    const A2 = c.step('A2', 'Flow area of the outlet pipe', 'A2 = π·D2²/4', mul(PI / 4, pow(q(D2, 'mm'), 2)), 'cm^2');
    c.step('V2', 'Mean velocity in the outlet pipe (continuity)', 'V2 = Q/A2', div(Q, A2), 'm/s');
    return c.finish(
      `Water flows through a pipe reducer from a ${f(D1)} mm diameter pipe into a ${f(D2)} mm diameter pipe. The mean velocity in the larger pipe is ${f(V1)} m/s. Assuming incompressible flow, determine the mean velocity in the smaller pipe. Give the final answer in m/s.`,
      { D1_mm: D1, D2_mm: D2, V1_m_s: V1 },
      'the mean velocity in the smaller pipe',
    );
  },
});

export const manometer = defineTemplate({
  id: 'mechanical.manometer',
  title: 'Pressure difference from a differential mercury manometer',
  branch: 'mechanical',
  domain: DOMAIN,
  area: 'Fluid statics',
  axes: { concepts: 1, mathematics: 1, depth: 1 },
  generate(r) {
    const h = r.grid(20, 400, 5);
    const c = chain();
    const drho = c.step('Δρ', 'Density difference between mercury and water', 'Δρ = ρ_Hg − ρ_w', sub(q(MERCURY_RHO, 'kg/m^3'), q(WATER_RHO, 'kg/m^3')), 'kg/m^3');
    c.step('Δp', 'Pressure difference between the two taps', 'Δp = (ρ_Hg − ρ_w)·g·h', mul(drho, g, q(h, 'mm')), 'kPa');
    return c.finish(
      `A differential U-tube manometer filled with mercury (ρ = ${f(MERCURY_RHO)} kg/m³) connects two taps at the same elevation on a horizontal water pipe (ρ = ${f(WATER_RHO)} kg/m³). The mercury levels differ by ${f(h)} mm. Take g = ${f(G)} m/s². Determine the pressure difference between the two taps. Give the final answer in kPa.`,
      { h_mm: h, rho_Hg: MERCURY_RHO, rho_w: WATER_RHO },
      'the pressure difference between the taps',
    );
  },
});

export const venturiFlow = defineTemplate({
  id: 'mechanical.venturi_flow',
  title: 'Flow rate through a Venturi meter',
  branch: 'mechanical',
  domain: DOMAIN,
  area: 'Bernoulli equation',
  axes: { concepts: 2, mathematics: 2, depth: 2 },
  generate(r) {
    const D1 = r.grid(100, 300, 10);
    const beta = r.grid(0.4, 0.7, 0.05);
    const D2 = Number((beta * D1).toFixed(1));
    const dp = r.grid(5, 60, 1);
    const Cd = 0.98;
    const rho = q(WATER_RHO, 'kg/m^3');
    const c = chain();
    const A1 = c.step('A1', 'Inlet area', 'A1 = π·D1²/4', mul(PI / 4, pow(q(D1, 'mm'), 2)), 'cm^2');
    const A2 = c.step('A2', 'Throat area', 'A2 = π·D2²/4', mul(PI / 4, pow(q(D2, 'mm'), 2)), 'cm^2');
    const ratio = c.step('(A2/A1)²', 'Square of the area ratio', '(A2/A1)²', pow(div(A2, A1), 2), '');
    const V2 = c.step('V2', 'Ideal throat velocity from Bernoulli and continuity', 'V2 = √(2Δp/(ρ(1 − (A2/A1)²)))', sqrt(div(mul(2, q(dp, 'kPa')), mul(rho, 1 - (ratio as number)))), 'm/s');
    c.step('Q', 'Actual flow rate with the discharge coefficient', 'Q = Cd·A2·V2', mul(Cd, A2, V2), 'L/s');
    return c.finish(
      `Water (ρ = ${f(WATER_RHO)} kg/m³) flows through a horizontal Venturi meter with an inlet diameter of ${f(D1)} mm and a throat diameter of ${f(D2)} mm. The measured pressure drop between inlet and throat is ${f(dp)} kPa and the discharge coefficient is ${f(Cd)}. Determine the volumetric flow rate. Give the final answer in L/s.`,
      { D1_mm: D1, D2_mm: D2, dp_kPa: dp, Cd, rho: WATER_RHO },
      'the volumetric flow rate',
    );
  },
});

export const pipeHeadLossPump = defineTemplate({
  id: 'mechanical.pipe_head_loss_pump',
  title: 'Pump power to overcome friction in a long pipe (Darcy–Weisbach, Swamee–Jain)',
  branch: 'mechanical',
  domain: DOMAIN,
  area: 'Pipe flow',
  axes: { concepts: 3, mathematics: 3, depth: 3 },
  generate(r) {
    const fl = r.pick(LIQUIDS);
    const D = r.grid(50, 200, 5);
    const L = r.grid(50, 800, 10);
    const Qls = r.grid(5, 40, 0.5);
    const eta = r.grid(0.6, 0.85, 0.05);
    const eps = 0.045;
    const rho = q(fl.rho, 'kg/m^3');
    const c = chain();
    const A = c.step('A', 'Pipe flow area', 'A = π·D²/4', mul(PI / 4, pow(q(D, 'mm'), 2)), 'cm^2');
    const V = c.step('V', 'Mean velocity', 'V = Q/A', div(q(Qls, 'L/s'), A), 'm/s');
    c.check(lessThan(V, q(4, 'm/s')), 'a velocity below 4 m/s');
    const Re = c.step('Re', 'Reynolds number', 'Re = ρ·V·D/μ', div(mul(rho, V, q(D, 'mm')), q(fl.mu, 'Pa s')), '') as number;
    c.check(Re > 4000, 'turbulent flow');
    const rel = valueIn(div(q(eps, 'mm'), q(D, 'mm')), '');
    const fr = c.step('f', 'Darcy friction factor (Swamee–Jain)', 'f = 0.25/[log10(ε/(3.7D) + 5.74/Re^0.9)]²', 0.25 / Math.pow(Math.log10(rel / 3.7 + 5.74 / Math.pow(Re, 0.9)), 2), '');
    const hf = c.step('h_f', 'Friction head loss (Darcy–Weisbach)', 'h_f = f·(L/D)·V²/(2g)', mul(fr, div(q(L, 'm'), q(D, 'mm')), div(pow(V, 2), mul(2, g))), 'm');
    const dp = c.step('Δp', 'Pressure drop', 'Δp = ρ·g·h_f', mul(rho, g, hf), 'kPa');
    c.step('P', 'Pump shaft power', 'P = Δp·Q/η', div(mul(dp, q(Qls, 'L/s')), eta), 'kW');
    return c.finish(
      `${fl.name[0].toUpperCase()}${fl.name.slice(1)} (ρ = ${f(fl.rho)} kg/m³, μ = ${f(fl.mu)} Pa·s) is pumped at ${f(Qls)} L/s through a horizontal commercial-steel pipe (roughness ε = ${f(eps)} mm) of diameter ${f(D)} mm and length ${f(L)} m. Using the Swamee–Jain friction factor and neglecting minor losses, determine the shaft power of a pump with efficiency ${f(eta)} that overcomes the friction loss. Take g = ${f(G)} m/s². Give the final answer in kW.`,
      { D_mm: D, L_m: L, Q_L_s: Qls, eta, eps_mm: eps, rho: fl.rho, mu: fl.mu, fluid: fl.name },
      'the pump shaft power',
    );
  },
});

export const fluidMechanics: Template[] = [pipeReducer, manometer, venturiFlow, pipeHeadLossPump];
