/** Chemical engineering · Reaction kinetics and reactor design: batch, Arrhenius, CSTR, Levenspiel PFR. */
import { chain } from '../../chain.ts';
import { formatNumber as f } from '../../format.ts';
import { defineTemplate, type Template } from '../../template.ts';
import { celsiusToKelvin, div, mul, q, sub, valueIn } from '../../units.ts';
import { GAS_R } from '../data.ts';

const DOMAIN = 'Reaction kinetics';

export const firstOrderBatch = defineTemplate({
  id: 'chemical.first_order_batch',
  title: 'Concentration after a first-order batch reaction',
  branch: 'chemical',
  domain: DOMAIN,
  area: 'Rate laws',
  axes: { concepts: 1, mathematics: 2, depth: 1 },
  generate(r) {
    const k = r.grid(0.01, 0.1, 0.005);
    const CA0 = r.grid(0.5, 3, 0.1);
    const t = r.grid(2, 40, 1);
    const c = chain();
    const kt = c.step('k·t', 'Dimensionless reaction time', 'k·t', mul(q(k, '1/min'), q(t, 'min')), '') as number;
    c.check(kt > 0.05 && kt < 4, 'a measurable but incomplete conversion');
    const CA = c.step('C_A', 'Concentration of A (integrated first-order law)', 'C_A = C_A0·e^(−k·t)', mul(q(CA0, 'mol/L'), Math.exp(-kt)), 'mol/L');
    c.check((div(CA, q(CA0, 'mol/L')) as number) < 1, 'final concentration below the initial one');
    return c.finish(
      `The liquid-phase reaction A → B is first order with rate constant k = ${f(k)} min⁻¹ and runs isothermally in a well-mixed batch reactor. The initial concentration of A is ${f(CA0)} mol/L. Determine the concentration of A after ${f(t)} min. Give the final answer in mol/L.`,
      { k_per_min: k, CA0_mol_L: CA0, t_min: t },
      'the concentration of A',
    );
  },
});

export const arrheniusHalfLife = defineTemplate({
  id: 'chemical.arrhenius_half_life',
  title: 'Rate constant and half-life at a new temperature (Arrhenius)',
  branch: 'chemical',
  domain: DOMAIN,
  area: 'Temperature dependence',
  axes: { concepts: 2, mathematics: 2, depth: 2 },
  generate(r) {
    const k1 = r.grid(0.0001, 0.01, 0.0001);
    const T1 = r.grid(20, 80, 5);
    const dT = r.grid(10, 60, 5);
    const T2 = T1 + dT;
    const Ea = r.grid(40, 120, 1);
    const c = chain();
    const T1K = c.step('T1', 'Reference temperature in kelvin', 'T1 [K] = T1 [°C] + 273.15', q(celsiusToKelvin(T1), 'K'), 'K');
    const T2K = c.step('T2', 'New temperature in kelvin', 'T2 [K] = T2 [°C] + 273.15', q(celsiusToKelvin(T2), 'K'), 'K');
    const inv = c.step('1/T1 − 1/T2', 'Difference of reciprocal temperatures', '1/T1 − 1/T2', sub(div(1, T1K), div(1, T2K)), 'K^-1');
    const ln = c.step('ln(k2/k1)', 'Logarithm of the rate-constant ratio (Arrhenius)', 'ln(k2/k1) = (Ea/R)·(1/T1 − 1/T2)', mul(div(q(Ea, 'kJ/mol'), q(GAS_R, 'J/(mol K)')), inv), '') as number;
    const k2 = c.step('k2', 'Rate constant at the new temperature', 'k2 = k1·e^(ln(k2/k1))', mul(q(k1, '1/s'), Math.exp(ln)), '1/s');
    c.step('t½', 'Half-life of the first-order reaction at T2', 't½ = ln 2/k2', div(Math.LN2, k2), 'min');
    return c.finish(
      `A first-order decomposition has a rate constant of ${f(k1)} s⁻¹ at ${f(T1)} °C and an activation energy of ${f(Ea)} kJ/mol. Using the Arrhenius equation (R = ${f(GAS_R, 6)} J/(mol·K)), determine the rate constant at ${f(T2)} °C and the corresponding half-life. Give the final answer (the half-life) in min.`,
      { k1_per_s: k1, T1_C: T1, T2_C: T2, Ea_kJ_mol: Ea },
      'the half-life at the new temperature',
    );
  },
});

export const cstrVolume = defineTemplate({
  id: 'chemical.cstr_volume',
  title: 'Volume of a CSTR for a first-order liquid-phase reaction',
  branch: 'chemical',
  domain: DOMAIN,
  area: 'Reactor design',
  axes: { concepts: 2, mathematics: 1, depth: 2 },
  generate(r) {
    const v0 = r.grid(10, 500, 5);
    const CA0 = r.grid(0.5, 4, 0.1);
    const k = r.grid(0.05, 2, 0.01);
    const X = r.grid(0.5, 0.95, 0.01);
    const c = chain();
    const CA = c.step('C_A', 'Outlet concentration of A', 'C_A = C_A0·(1 − X)', mul(q(CA0, 'mol/L'), 1 - X), 'mol/L');
    c.check((div(CA, q(CA0, 'mol/L')) as number) < 1, 'outlet concentration below the inlet one');
    const tau = c.step('τ', 'Space time from the CSTR design equation', 'τ = X/(k·(1 − X))', div(X, mul(q(k, '1/min'), 1 - X)), 'min');
    c.step('V', 'Reactor volume', 'V = v0·τ', mul(q(v0, 'L/min'), tau), 'm^3');
    return c.finish(
      `The liquid-phase reaction A → B is first order with k = ${f(k)} min⁻¹. A feed of ${f(v0)} L/min containing ${f(CA0)} mol/L of A enters an isothermal, steady-state CSTR. Determine the outlet concentration of A and the reactor volume needed for ${f(X * 100)} % conversion. Give the final answer (the volume) in m³.`,
      { v0_L_min: v0, CA0_mol_L: CA0, k_per_min: k, X },
      'the reactor volume',
    );
  },
});

export const levenspielPfr = defineTemplate({
  id: 'chemical.levenspiel_pfr',
  title: 'PFR volume from rate data by the trapezoidal rule (Levenspiel plot)',
  branch: 'chemical',
  domain: DOMAIN,
  area: 'Reactor design',
  axes: { concepts: 3, mathematics: 3, depth: 3 },
  generate(r) {
    const FA0 = r.grid(1, 20, 0.5);
    const k = r.grid(0.05, 1, 0.01);
    const CA0 = r.grid(0.5, 3, 0.1);
    const orders = [1, 2] as const;
    const n = r.pick(orders);
    const Xs = [0, 0.2, 0.4, 0.6, 0.8];
    // The table shows 4 significant digits; the ground truth uses the shown values.
    const rates = Xs.map((X) => Number(f(k * Math.pow(CA0 * (1 - X), n))));
    const c = chain();
    const ys = rates.map((rate, i) => valueIn(c.step(`y${i}`, `Levenspiel ordinate F_A0/(−r_A) at X = ${Xs[i]}`, `y${i} = F_A0/(−r_A)`, div(q(FA0, 'mol/min'), q(rate, 'mol/(L min)')), 'L'), 'L'));
    const trapezoid = (0.2 / 2) * (ys[0] + 2 * (ys[1] + ys[2] + ys[3]) + ys[4]);
    c.step('V', 'PFR volume by the trapezoidal rule', 'V = (ΔX/2)·[y0 + 2(y1 + y2 + y3) + y4]', q(trapezoid, 'L'), 'L');
    const table = Xs.map((X, i) => `X = ${X}: −r_A = ${f(rates[i])} mol/(L·min)`).join('; ');
    return c.finish(
      `A liquid-phase reaction A → B is carried out in an isothermal plug-flow reactor fed with F_A0 = ${f(FA0)} mol/min of A. Laboratory measurements of the reaction rate as a function of conversion gave: ${table}. Using the trapezoidal rule on the Levenspiel plot (F_A0/(−r_A) versus X, five points, ΔX = 0.2), estimate the PFR volume needed to reach 80 % conversion. Give the final answer in L.`,
      { FA0_mol_min: FA0, rates: rates.join(','), k, CA0, order: n },
      'the PFR volume',
    );
  },
});

export const kinetics: Template[] = [firstOrderBatch, arrheniusHalfLife, cstrVolume, levenspielPfr];
