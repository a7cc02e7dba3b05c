/** Chemical engineering · Transport phenomena: conduction, thermal resistances, convection, heat exchangers. */
import { chain } from '../../chain.ts';
import { formatNumber as f } from '../../format.ts';
import { defineTemplate, type Template } from '../../template.ts';
import { add, div, mul, PI, q, valueIn } from '../../units.ts';
import { INSULATIONS, WALL_MATERIALS } from '../data.ts';

const DOMAIN = 'Transport phenomena';

export const slabConduction = defineTemplate({
  id: 'chemical.slab_conduction',
  title: 'Steady conduction through a plane wall (Fourier)',
  branch: 'chemical',
  domain: DOMAIN,
  area: 'Conduction',
  axes: { concepts: 1, mathematics: 1, depth: 1 },
  generate(r) {
    const m = r.pick(WALL_MATERIALS);
    const L = r.grid(1, 30, 0.5);
    const T1 = r.grid(20, 200, 5);
    const T2 = r.grid(-10, 60, 5);
    const A = r.grid(1, 20, 0.5);
    const c = chain();
    c.check(T1 - T2 >= 10, 'a temperature drop of at least 10 K');
    const flux = c.step("q''", "Heat flux (Fourier's law)", "q'' = k·(T1 − T2)/L", div(mul(q(m.k, 'W/(m K)'), q(T1 - T2, 'K')), q(L, 'cm')), 'W/m^2');
    c.step('Q', 'Heat transfer rate through the wall', "Q = q''·A", mul(flux, q(A, 'm^2')), 'W');
    return c.finish(
      `A plane wall of ${m.name} (k = ${f(m.k)} W/(m·K)) is ${f(L)} cm thick and has an area of ${f(A)} m². Its two faces are held at ${f(T1)} °C and ${f(T2)} °C. Determine the steady heat flux and the heat transfer rate through the wall. Give the final answer (the heat transfer rate) in W.`,
      { k_W_mK: m.k, L_cm: L, T1_C: T1, T2_C: T2, A_m2: A, material: m.name },
      'the heat transfer rate',
    );
  },
});

export const compositeWall = defineTemplate({
  id: 'chemical.composite_wall',
  title: 'Heat loss through an insulated composite wall with surface convection',
  branch: 'chemical',
  domain: DOMAIN,
  area: 'Thermal resistance networks',
  axes: { concepts: 2, mathematics: 1, depth: 3 },
  generate(r) {
    const w = r.pick(WALL_MATERIALS);
    const ins = r.pick(INSULATIONS);
    const L1 = r.grid(5, 30, 1);
    const L2 = r.grid(2, 15, 1);
    const hi = r.grid(5, 15, 1);
    const ho = r.grid(10, 40, 5);
    const A = r.grid(5, 50, 1);
    const Ti = r.grid(18, 25, 1);
    const To = r.grid(-20, 5, 1);
    const c = chain();
    const Ri = c.step('R_i', 'Inside convection resistance', 'R_i = 1/(h_i·A)', div(1, mul(q(hi, 'W/(m^2 K)'), q(A, 'm^2'))), 'K/W');
    const R1 = c.step('R_1', 'Conduction resistance of the wall layer', 'R_1 = L1/(k1·A)', div(q(L1, 'cm'), mul(q(w.k, 'W/(m K)'), q(A, 'm^2'))), 'K/W');
    const R2 = c.step('R_2', 'Conduction resistance of the insulation', 'R_2 = L2/(k2·A)', div(q(L2, 'cm'), mul(q(ins.k, 'W/(m K)'), q(A, 'm^2'))), 'K/W');
    const Ro = c.step('R_o', 'Outside convection resistance', 'R_o = 1/(h_o·A)', div(1, mul(q(ho, 'W/(m^2 K)'), q(A, 'm^2'))), 'K/W');
    const Rt = c.step('R_tot', 'Total series resistance', 'R_tot = R_i + R_1 + R_2 + R_o', [Ri, R1, R2, Ro].reduce((s, x) => add(s, x)), 'K/W');
    c.step('Q', 'Heat loss', 'Q = (T_i − T_o)/R_tot', div(q(Ti - To, 'K'), Rt), 'W');
    return c.finish(
      `A ${f(A)} m² building wall consists of ${f(L1)} cm of ${w.name} (k = ${f(w.k)} W/(m·K)) and ${f(L2)} cm of ${ins.name} (k = ${f(ins.k)} W/(m·K)). The inside air is at ${f(Ti)} °C with h_i = ${f(hi)} W/(m²·K) and the outside air at ${f(To)} °C with h_o = ${f(ho)} W/(m²·K). Using a series thermal-resistance network, determine the steady heat loss through the wall. Give the final answer in W.`,
      { A_m2: A, L1_cm: L1, k1: w.k, L2_cm: L2, k2: ins.k, hi, ho, Ti_C: Ti, To_C: To },
      'the heat loss through the wall',
    );
  },
});

/** Saturated liquid water properties near the stated mean temperatures. */
const WATER_PROPS = [
  { T: 30, rho: 996, mu: 7.98e-4, k: 0.615, cp: 4178 },
  { T: 50, rho: 988, mu: 5.47e-4, k: 0.644, cp: 4181 },
  { T: 70, rho: 978, mu: 4.04e-4, k: 0.663, cp: 4190 },
] as const;

export const dittusBoelter = defineTemplate({
  id: 'chemical.dittus_boelter',
  title: 'Heat transfer to water in turbulent tube flow (Dittus–Boelter)',
  branch: 'chemical',
  domain: DOMAIN,
  area: 'Convection',
  axes: { concepts: 3, mathematics: 2, depth: 3 },
  generate(r) {
    const w = r.pick(WATER_PROPS);
    const D = r.grid(10, 50, 1);
    const V = r.grid(0.5, 3, 0.1);
    const L = r.grid(1, 10, 0.5);
    const dT = r.grid(5, 40, 1);
    const c = chain();
    const Re = c.step('Re', 'Reynolds number', 'Re = ρ·V·D/μ', div(mul(q(w.rho, 'kg/m^3'), q(V, 'm/s'), q(D, 'mm')), q(w.mu, 'Pa s')), '') as number;
    c.check(Re > 10_000, 'fully turbulent flow (Re > 10 000)');
    const Pr = c.step('Pr', 'Prandtl number', 'Pr = cp·μ/k', div(mul(q(w.cp, 'J/(kg K)'), q(w.mu, 'Pa s')), q(w.k, 'W/(m K)')), '') as number;
    const Nu = c.step('Nu', 'Nusselt number (Dittus–Boelter, heating)', 'Nu = 0.023·Re^0.8·Pr^0.4', 0.023 * Math.pow(Re, 0.8) * Math.pow(Pr, 0.4), '');
    const h = c.step('h', 'Convection coefficient', 'h = Nu·k/D', div(mul(Nu, q(w.k, 'W/(m K)')), q(D, 'mm')), 'W/(m^2 K)');
    c.step('Q', 'Heat transfer rate over the tube length', 'Q = h·π·D·L·ΔT', mul(h, PI, q(D, 'mm'), q(L, 'm'), q(dT, 'K')), 'kW');
    return c.finish(
      `Water flows at a mean velocity of ${f(V)} m/s through a smooth tube of ${f(D)} mm inner diameter and ${f(L)} m length. The tube wall is ${f(dT)} K hotter than the water. Use water properties at ${w.T} °C: ρ = ${f(w.rho)} kg/m³, μ = ${f(w.mu)} Pa·s, k = ${f(w.k)} W/(m·K), cp = ${f(w.cp)} J/(kg·K). With the Dittus–Boelter correlation (Nu = 0.023 Re^0.8 Pr^0.4), determine the heat transfer rate. Give the final answer in kW.`,
      { D_mm: D, V_m_s: V, L_m: L, dT_K: dT, rho: w.rho, mu: w.mu, k: w.k, cp: w.cp },
      'the heat transfer rate',
    );
  },
});

export const counterflowExchanger = defineTemplate({
  id: 'chemical.counterflow_exchanger',
  title: 'Area of a counterflow heat exchanger (LMTD method)',
  branch: 'chemical',
  domain: DOMAIN,
  area: 'Heat exchangers',
  axes: { concepts: 3, mathematics: 2, depth: 3 },
  generate(r) {
    const mh = r.grid(0.5, 5, 0.1);
    const cph = r.grid(2.1, 2.5, 0.05);
    const Thi = r.grid(120, 200, 5);
    const Tho = r.grid(60, 150, 5);
    const mc = r.grid(0.5, 5, 0.1);
    const cpc = 4.18;
    const Tci = r.grid(10, 40, 1);
    const U = r.grid(200, 800, 10);
    const c = chain();
    c.check(Tho <= Thi - 20 && Tho >= Tci + 10, 'the oil cools by 20 K or more and stays above the water inlet');
    const Q = c.step('Q', 'Heat duty from the oil side', 'Q = ṁ_h·cp_h·(T_h,in − T_h,out)', mul(q(mh, 'kg/s'), q(cph, 'kJ/(kg K)'), q(Thi - Tho, 'K')), 'kW');
    const rise = valueIn(div(Q, mul(q(mc, 'kg/s'), q(cpc, 'kJ/(kg K)'))), 'K');
    const tco = Tci + rise;
    c.step('T_c,out', 'Water outlet temperature from the energy balance', 'T_c,out = T_c,in + Q/(ṁ_c·cp_c)', q(tco, 'degC'), 'degC');
    const d1 = Thi - tco;
    const d2 = Tho - Tci;
    c.check(d1 > 3 && d2 > 3 && Math.abs(d1 - d2) > 0.5, 'no temperature cross, distinct terminal differences');
    c.step('ΔT1', 'Hot-end temperature difference', 'ΔT1 = T_h,in − T_c,out', q(d1, 'K'), 'K');
    c.step('ΔT2', 'Cold-end temperature difference', 'ΔT2 = T_h,out − T_c,in', q(d2, 'K'), 'K');
    const lmtd = c.step('ΔT_lm', 'Log-mean temperature difference', 'ΔT_lm = (ΔT1 − ΔT2)/ln(ΔT1/ΔT2)', q((d1 - d2) / Math.log(d1 / d2), 'K'), 'K');
    c.step('A', 'Required heat-transfer area', 'A = Q/(U·ΔT_lm)', div(Q, mul(q(U, 'W/(m^2 K)'), lmtd)), 'm^2');
    return c.finish(
      `In a counterflow heat exchanger, ${f(mh)} kg/s of oil (cp = ${f(cph)} kJ/(kg·K)) is cooled from ${f(Thi)} °C to ${f(Tho)} °C by ${f(mc)} kg/s of water (cp = ${f(cpc)} kJ/(kg·K)) entering at ${f(Tci)} °C. The overall heat-transfer coefficient is ${f(U)} W/(m²·K). Determine the heat duty, the water outlet temperature, the log-mean temperature difference and the required heat-transfer area. Give the final answer (the area) in m².`,
      { mh_kg_s: mh, cph_kJ_kgK: cph, Thi_C: Thi, Tho_C: Tho, mc_kg_s: mc, cpc_kJ_kgK: cpc, Tci_C: Tci, U_W_m2K: U },
      'the required heat-transfer area',
    );
  },
});

export const transport: Template[] = [slabConduction, compositeWall, dittusBoelter, counterflowExchanger];
