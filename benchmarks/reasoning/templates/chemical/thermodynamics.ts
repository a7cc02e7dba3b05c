/** Chemical engineering · Thermodynamics: ideal gases, heat engines, vapour–liquid equilibrium, sensible heat. */
import { chain } from '../../chain.ts';
import { formatNumber as f } from '../../format.ts';
import { defineTemplate, type Template } from '../../template.ts';
import { add, celsiusToKelvin, div, mul, q, valueIn, type Quantity } from '../../units.ts';
import { ANTOINE_PAIRS, GAS_R, GASES, type Antoine } from '../data.ts';

const DOMAIN = 'Thermodynamics';
const R = q(GAS_R, 'J/(mol K)');

export const idealGasTank = defineTemplate({
  id: 'chemical.ideal_gas_tank',
  title: 'Mass of gas in a rigid tank (ideal-gas law)',
  branch: 'chemical',
  domain: DOMAIN,
  area: 'Equations of state',
  axes: { concepts: 1, mathematics: 1, depth: 2 },
  generate(r) {
    const gas = r.pick(GASES.filter((x) => !x.name.startsWith('water')));
    const V = r.grid(0.1, 5, 0.1);
    const P = r.grid(100, 2000, 10);
    const T = r.grid(0, 80, 1);
    const c = chain();
    const TK = c.step('T', 'Absolute temperature', 'T [K] = T [°C] + 273.15', q(celsiusToKelvin(T), 'K'), 'K');
    const n = c.step('n', 'Amount of gas', 'n = P·V/(R·T)', div(mul(q(P, 'kPa'), q(V, 'm^3')), mul(R, TK)), 'mol');
    c.step('m', 'Mass of gas', 'm = n·M', mul(n, q(gas.M, 'g/mol')), 'kg');
    return c.finish(
      `A rigid ${f(V)} m³ tank contains ${gas.name} (molar mass ${f(gas.M)} g/mol) at an absolute pressure of ${f(P)} kPa and a temperature of ${f(T)} °C. Treating the gas as ideal (R = ${f(GAS_R, 6)} J/(mol·K)), determine the amount and the mass of gas in the tank. Give the final answer (the mass) in kg.`,
      { V_m3: V, P_kPa: P, T_C: T, M_g_mol: gas.M, gas: gas.name },
      'the mass of gas in the tank',
    );
  },
});

export const carnotEngine = defineTemplate({
  id: 'chemical.carnot_engine',
  title: 'Maximum power of a heat engine between two reservoirs (Carnot)',
  branch: 'chemical',
  domain: DOMAIN,
  area: 'Second law',
  axes: { concepts: 1, mathematics: 1, depth: 2 },
  generate(r) {
    const TH = r.grid(200, 900, 10);
    const TC = r.grid(5, 60, 1);
    const QH = r.grid(50, 5000, 10);
    const c = chain();
    const THK = c.step('T_H', 'Hot-reservoir temperature in kelvin', 'T_H [K] = T_H [°C] + 273.15', q(celsiusToKelvin(TH), 'K'), 'K');
    const TCK = c.step('T_C', 'Cold-reservoir temperature in kelvin', 'T_C [K] = T_C [°C] + 273.15', q(celsiusToKelvin(TC), 'K'), 'K');
    const eta = c.step('η_C', 'Carnot efficiency', 'η_C = 1 − T_C/T_H', 1 - (div(TCK, THK) as number), '');
    c.step('W', 'Maximum net power output', 'W = η_C·Q_H', mul(eta, q(QH, 'kW')), 'kW');
    return c.finish(
      `A heat engine receives heat at a rate of ${f(QH)} kW from a reservoir at ${f(TH)} °C and rejects heat to the surroundings at ${f(TC)} °C. Determine the maximum possible thermal efficiency and the maximum net power output. Give the final answer (the power) in kW.`,
      { TH_C: TH, TC_C: TC, QH_kW: QH },
      'the maximum net power output',
    );
  },
});

/** Antoine pressure in kPa; mmHg → kPa through 760 mmHg = 1 atm (mathjs' mmHg is rounded to 133.322 Pa). */
function antoineKpa(a: Antoine, tC: number): number {
  return valueIn(q(Math.pow(10, a.A - a.B / (a.C + tC)) / 760, 'atm'), 'kPa');
}

export const raoultBubblePressure = defineTemplate({
  id: 'chemical.raoult_bubble_pressure',
  title: 'Bubble pressure and vapour composition of an ideal binary mixture',
  branch: 'chemical',
  domain: DOMAIN,
  area: 'Vapour–liquid equilibrium',
  axes: { concepts: 2, mathematics: 2, depth: 3 },
  generate(r) {
    const [l, h] = r.pick(ANTOINE_PAIRS);
    const T = r.grid(60, 110, 1);
    const x1 = r.grid(0.1, 0.9, 0.05);
    const c = chain();
    const P1 = c.step('P1_sat', `Saturation pressure of ${l.name} (Antoine)`, 'log10(P1_sat/mmHg) = A1 − B1/(C1 + T)', q(antoineKpa(l, T), 'kPa'), 'kPa');
    const P2 = c.step('P2_sat', `Saturation pressure of ${h.name} (Antoine)`, 'log10(P2_sat/mmHg) = A2 − B2/(C2 + T)', q(antoineKpa(h, T), 'kPa'), 'kPa');
    const P = c.step('P', "Bubble-point pressure (Raoult's law)", 'P = x1·P1_sat + x2·P2_sat', add(mul(x1, P1), mul(1 - x1, P2)), 'kPa');
    c.step('y1', `Mole fraction of ${l.name} in the vapour`, 'y1 = x1·P1_sat/P', div(mul(x1, P1), P), '');
    const ant = (a: Antoine) => `${a.name}: A = ${f(a.A, 6)}, B = ${f(a.B, 7)}, C = ${f(a.C, 6)}`;
    return c.finish(
      `A liquid mixture of ${f(x1)} mole fraction ${l.name} in ${h.name} is at ${f(T)} °C. Assuming Raoult's law and the Antoine equation log10(P_sat/mmHg) = A − B/(C + T/°C) with ${ant(l)}; ${ant(h)}, determine the bubble-point pressure and the composition of the first vapour bubble. Give the final answer as the mole fraction of ${l.name} in the vapour (dimensionless).`,
      { T_C: T, x1, light: l.name, heavy: h.name },
      `the vapour mole fraction of ${l.name}`,
    );
  },
});

export const sensibleHeatCp = defineTemplate({
  id: 'chemical.sensible_heat_cp',
  title: 'Heat to warm a gas with temperature-dependent heat capacity',
  branch: 'chemical',
  domain: DOMAIN,
  area: 'Energy balances',
  axes: { concepts: 2, mathematics: 3, depth: 3 },
  generate(r) {
    const gas = r.pick(GASES);
    const n = r.grid(1, 100, 1);
    const T1 = r.grid(300, 600, 10);
    const T2 = r.grid(400, 1200, 10);
    const [a, b, cc, d] = gas.cp;
    const c = chain();
    c.check(T2 >= T1 + 100, 'heating by at least 100 K');
    const dh = [
      c.step('I_a', 'Integral of the constant term', 'a·(T2 − T1)', q(a * (T2 - T1), 'J/mol'), 'J/mol'),
      c.step('I_b', 'Integral of the linear term', '(b/2)·(T2² − T1²)', q((b / 2) * (T2 ** 2 - T1 ** 2), 'J/mol'), 'J/mol'),
      c.step('I_c', 'Integral of the quadratic term', '(c/3)·(T2³ − T1³)', q((cc / 3) * (T2 ** 3 - T1 ** 3), 'J/mol'), 'J/mol'),
      c.step('I_d', 'Integral of the cubic term', '(d/4)·(T2⁴ − T1⁴)', q((d / 4) * (T2 ** 4 - T1 ** 4), 'J/mol'), 'J/mol'),
    ];
    const total = c.step('Δh', 'Molar enthalpy change', 'Δh = ∫cp dT = I_a + I_b + I_c + I_d', dh.reduce<Quantity>((s, x) => add(s, x), q(0, 'J/mol')), 'J/mol');
    c.step('Q', 'Heat required', 'Q = n·Δh', mul(q(n, 'mol'), total), 'kJ');
    return c.finish(
      `${f(n)} mol of ${gas.name} are heated at constant pressure from ${f(T1)} K to ${f(T2)} K. The ideal-gas heat capacity is cp = a + bT + cT² + dT³ in J/(mol·K) with T in K, a = ${f(a, 5)}, b = ${f(b, 5)}, c = ${f(cc, 5)}, d = ${f(d, 5)}. Determine the heat required. Give the final answer in kJ.`,
      { n_mol: n, T1_K: T1, T2_K: T2, a, b, c: cc, d, gas: gas.name },
      'the heat required',
    );
  },
});

export const thermodynamics: Template[] = [idealGasTank, carnotEngine, raoultBubblePressure, sensibleHeatCp];
