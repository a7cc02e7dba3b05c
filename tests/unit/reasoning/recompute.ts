/**
 * Independent recomputation of every symbolic template's chain from its `given` parameters: plain
 * numbers, SI factors written out by hand, no mathjs and no template code. One function per
 * template id returns the expected value of each step in the step's display unit.
 */
import { ANTOINE_PAIRS } from '../../../benchmarks/reasoning/templates/data.ts';

type G = Record<string, number | string>;
const n = (g: G, k: string) => {
  const v = g[k];
  if (typeof v !== 'number') throw new Error(`given.${k} is not a number`);
  return v;
};
const PI = Math.PI;
const g0 = 9.81;
const R = 8.314462618;
const rad = (deg: number) => (deg * PI) / 180;

export const RECOMPUTE: Record<string, (g: G) => number[]> = {
  'mechanical.axial_elongation': (g) => {
    const A = (PI * n(g, 'd_mm') ** 2) / 4;
    const s = (n(g, 'P_kN') * 1e3) / A;
    const e = s / (n(g, 'E_GPa') * 1e3);
    return [A, s, e, e * n(g, 'L_m') * 1e3];
  },
  'mechanical.torsion_shaft_diameter': (g) => {
    const w = (2 * PI * n(g, 'N_rpm')) / 60;
    const T = (n(g, 'P_kW') * 1e3) / w;
    return [w, T, Math.cbrt((16 * T) / (PI * n(g, 'tau_MPa') * 1e6)) * 1e3];
  },
  'mechanical.beam_bending_stress': (g) => {
    const M = (n(g, 'F_kN') * n(g, 'L_m')) / 4;
    const I = (n(g, 'b_mm') * n(g, 'h_mm') ** 3) / 12;
    const c = n(g, 'h_mm') / 2;
    return [M, I, c, (M * 1e6 * c) / I];
  },
  'mechanical.euler_buckling': (g) => {
    const d = n(g, 'd_mm');
    const I = (PI * d ** 4) / 64;
    const A = (PI * d ** 2) / 4;
    const r = Math.sqrt(I / A);
    const Le = n(g, 'K') * n(g, 'L_m');
    const E = n(g, 'E_GPa') * 1e3; // N/mm²
    const Pcr = (PI ** 2 * E * I) / (Le * 1e3) ** 2 / 1e3;
    return [I, A, r, Le, (Le * 1e3) / r, Math.sqrt((2 * PI ** 2 * E) / n(g, 'Sy_MPa')), Pcr, Pcr / n(g, 'n')];
  },
  'mechanical.pipe_reducer': (g) => {
    const A1 = (PI * (n(g, 'D1_mm') / 1000) ** 2) / 4;
    const A2 = (PI * (n(g, 'D2_mm') / 1000) ** 2) / 4;
    const Q = A1 * n(g, 'V1_m_s');
    return [A1 * 1e4, Q * 1e3, A2 * 1e4, Q / A2];
  },
  'mechanical.manometer': (g) => {
    const dr = n(g, 'rho_Hg') - n(g, 'rho_w');
    return [dr, (dr * g0 * n(g, 'h_mm')) / 1e3 / 1e3];
  },
  'mechanical.venturi_flow': (g) => {
    const A1 = (PI * (n(g, 'D1_mm') / 1000) ** 2) / 4;
    const A2 = (PI * (n(g, 'D2_mm') / 1000) ** 2) / 4;
    const ratio = (A2 / A1) ** 2;
    const V2 = Math.sqrt((2 * n(g, 'dp_kPa') * 1e3) / (n(g, 'rho') * (1 - ratio)));
    return [A1 * 1e4, A2 * 1e4, ratio, V2, n(g, 'Cd') * A2 * V2 * 1e3];
  },
  'mechanical.pipe_head_loss_pump': (g) => {
    const D = n(g, 'D_mm') / 1000;
    const A = (PI * D * D) / 4;
    const Q = n(g, 'Q_L_s') / 1000;
    const V = Q / A;
    const Re = (n(g, 'rho') * V * D) / n(g, 'mu');
    const f = 0.25 / Math.log10(n(g, 'eps_mm') / 1000 / (3.7 * D) + 5.74 / Re ** 0.9) ** 2;
    const hf = ((f * n(g, 'L_m')) / D) * (V * V) / (2 * g0);
    const dp = n(g, 'rho') * g0 * hf;
    return [A * 1e4, V, Re, f, hf, dp / 1e3, (dp * Q) / n(g, 'eta') / 1e3];
  },
  'mechanical.spring_mass_frequency': (g) => {
    const w = Math.sqrt((n(g, 'k_kN_m') * 1e3) / n(g, 'm_kg'));
    return [w, w / (2 * PI), (2 * PI) / w];
  },
  'mechanical.damped_free_vibration': (g) => {
    const k = n(g, 'k_kN_m') * 1e3;
    const m = n(g, 'm_kg');
    const wn = Math.sqrt(k / m);
    const ccr = 2 * Math.sqrt(k * m);
    const z = n(g, 'c_Ns_m') / ccr;
    const wd = wn * Math.sqrt(1 - z * z);
    return [wn, ccr, z, wd, wd / (2 * PI)];
  },
  'mechanical.log_decrement_stiffness': (g) => {
    const d = Math.log(n(g, 'x0_mm') / n(g, 'xn_mm')) / n(g, 'n');
    const z = d / Math.sqrt(4 * PI * PI + d * d);
    const wd = (2 * PI) / n(g, 'Td_s');
    const wn = wd / Math.sqrt(1 - z * z);
    return [d, z, wd, wn, (n(g, 'm_kg') * wn * wn) / 1e3];
  },
  'mechanical.forced_response_amplitude': (g) => {
    const k = n(g, 'k_kN_m') * 1e3;
    const m = n(g, 'm_kg');
    const wn = Math.sqrt(k / m);
    const z = n(g, 'c_Ns_m') / (2 * Math.sqrt(k * m));
    const w = 2 * PI * n(g, 'f_Hz');
    const r = w / wn;
    const dst = (n(g, 'F0_N') / k) * 1e3;
    const M = 1 / Math.sqrt((1 - r * r) ** 2 + (2 * z * r) ** 2);
    return [wn, z, w, r, dst, M, M * dst];
  },
  'civil.cantilever_tip_deflection': (g) => {
    const EI = n(g, 'E_GPa') * 1e9 * n(g, 'I_1e6mm4') * 1e-6; // N m²
    return [EI / 1e3, ((n(g, 'P_kN') * 1e3 * n(g, 'L_m') ** 3) / (3 * EI)) * 1e3];
  },
  'civil.udl_beam': (g) => {
    const w = n(g, 'w_kN_m');
    const L = n(g, 'L_m');
    const EI = n(g, 'E_GPa') * 1e9 * n(g, 'I_1e6mm4') * 1e-6;
    return [(w * L) / 2, (w * L * L) / 8, ((5 * w * 1e3 * L ** 4) / (384 * EI)) * 1e3];
  },
  'civil.truss_joints': (g) => {
    const th = Math.atan(n(g, 'h_m') / (n(g, 'L_m') / 2));
    const R = n(g, 'P_kN') / 2;
    const F = R / Math.sin(th);
    return [(th * 180) / PI, R, F, F * Math.cos(th)];
  },
  'civil.rc_beam_flexure': (g) => {
    const fc = n(g, 'fc_MPa');
    const fy = n(g, 'fy_MPa');
    const As = (n(g, 'nBars') * PI * n(g, 'db_mm') ** 2) / 4;
    const a = (As * fy) / (0.85 * fc * n(g, 'b_mm'));
    const b1 = Math.min(0.85, Math.max(0.65, 0.85 - (0.05 * (fc - 28)) / 7));
    const c = a / b1;
    const Mn = (As * fy * (n(g, 'd_mm') - a / 2)) / 1e6;
    return [As, a, b1, c, (0.003 * (n(g, 'd_mm') - c)) / c, Mn, 0.9 * Mn];
  },
  'civil.effective_stress': (g) => {
    const z = n(g, 'z_m');
    const zw = n(g, 'zw_m');
    const sv = n(g, 'gamma') * zw + n(g, 'gamma_sat') * (z - zw);
    const u = n(g, 'gamma_w') * (z - zw);
    return [sv, u, sv - u];
  },
  'civil.consolidation_settlement': (g) => {
    const sf = n(g, 's0_kPa') + n(g, 'ds_kPa');
    const lr = Math.log10(sf / n(g, 's0_kPa'));
    return [sf, lr, ((n(g, 'Cc') * n(g, 'H_m')) / (1 + n(g, 'e0'))) * lr * 1e3];
  },
  'civil.rankine_wall_thrust': (g) => {
    const Ka = Math.tan(rad(45 - n(g, 'phi_deg') / 2)) ** 2;
    const H = n(g, 'H_m');
    const Pa = 0.5 * Ka * n(g, 'gamma') * H * H;
    return [Ka, Pa, H / 3, (Pa * H) / 3];
  },
  'civil.terzaghi_bearing': (g) => {
    const t = Math.tan(rad(n(g, 'phi_deg')));
    const Nq = Math.exp(PI * t) * Math.tan(rad(45 + n(g, 'phi_deg') / 2)) ** 2;
    const Nc = (Nq - 1) / t;
    const Ng = 2 * (Nq + 1) * t;
    const q = n(g, 'gamma') * n(g, 'Df_m');
    const qu = n(g, 'c_kPa') * Nc + q * Nq + 0.5 * n(g, 'gamma') * n(g, 'B_m') * Ng;
    return [Nq, Nc, Ng, q, qu, qu / n(g, 'FS')];
  },
  'civil.rational_runoff': (g) => {
    const i = n(g, 'i_mm_h') / 1000 / 3600;
    const A = n(g, 'A_ha') * 1e4;
    return [i, A, n(g, 'C') * i * A];
  },
  'civil.gate_force': (g) => {
    const A = n(g, 'b_m') * n(g, 'h_m');
    const hc = n(g, 'd_m') + n(g, 'h_m') / 2;
    return [A, hc, (n(g, 'rho') * g0 * hc * A) / 1e3];
  },
  'civil.weir_discharge': (g) => {
    const v = Math.sqrt(2 * g0 * n(g, 'H_m'));
    return [v, (2 / 3) * n(g, 'Cd') * n(g, 'b_m') * n(g, 'H_m') * v];
  },
  'civil.manning_channel': (g) => {
    const A = n(g, 'b_m') * n(g, 'y_m');
    const P = n(g, 'b_m') + 2 * n(g, 'y_m');
    const Rh = A / P;
    const V = (Rh ** (2 / 3) * Math.sqrt(n(g, 'S'))) / n(g, 'n');
    return [A, P, Rh, V, V * A];
  },
  'electrical.loaded_voltage_divider': (g) => {
    const Rp = (n(g, 'R2_kohm') * n(g, 'RL_kohm')) / (n(g, 'R2_kohm') + n(g, 'RL_kohm'));
    const I = n(g, 'Vs_V') / (n(g, 'R1_kohm') + Rp); // V/kΩ = mA
    return [Rp, I, I * Rp];
  },
  'electrical.rc_transient': (g) => {
    const tau = n(g, 'R_kohm') * 1e3 * n(g, 'C_uF') * 1e-6; // s
    const x = n(g, 't_ms') / 1e3 / tau;
    return [tau * 1e3, x, n(g, 'Vs_V') * (1 - Math.exp(-x)), (n(g, 'Vs_V') / (n(g, 'R_kohm') * 1e3)) * Math.exp(-x) * 1e3];
  },
  'electrical.rlc_resonance': (g) => {
    const f0 = 1 / (2 * PI * Math.sqrt(n(g, 'L_mH') * 1e-3 * n(g, 'C_nF') * 1e-9));
    const XL = 2 * PI * f0 * n(g, 'L_mH') * 1e-3;
    const Q = XL / n(g, 'R_ohm');
    return [f0 / 1e3, XL, Q, f0 / Q];
  },
  'electrical.three_phase_load': (g) => {
    const Vph = n(g, 'VLL_V') / Math.sqrt(3);
    const Z = Math.sqrt(n(g, 'R_ohm') ** 2 + n(g, 'X_ohm') ** 2);
    const I = Vph / Z;
    const pf = n(g, 'R_ohm') / Z;
    return [Vph, Z, I, pf, (Math.sqrt(3) * n(g, 'VLL_V') * I * pf) / 1e3];
  },
  'electrical.coulomb_force': (g) => {
    const r = n(g, 'r_cm') / 100;
    return [r, (8.9875517923e9 * n(g, 'q1_uC') * 1e-6 * n(g, 'q2_uC') * 1e-6) / (r * r)];
  },
  'electrical.dielectric_wave': (g) => {
    const s = Math.sqrt(n(g, 'epsr'));
    const v = 299792458 / s;
    return [v, 376.730313668 / s, (v / (n(g, 'f_MHz') * 1e6)) * 100];
  },
  'electrical.charge_superposition': (g) => {
    const a = n(g, 'a_cm');
    const y = n(g, 'y_cm');
    const r = Math.hypot(a, y);
    const k = 8.9875517923e9;
    const E1 = (k * n(g, 'q1_nC') * 1e-9) / (r / 100) ** 2 / 1e3;
    const E2 = (k * n(g, 'q2_nC') * 1e-9) / (r / 100) ** 2 / 1e3;
    const Ex = ((E1 - E2) * a) / r;
    const Ey = ((E1 + E2) * y) / r;
    return [r, E1, E2, Ex, Ey, Math.hypot(Ex, Ey)];
  },
  'electrical.line_reflection': (g) => {
    const Z0 = n(g, 'Z0_ohm');
    const G = Math.hypot(n(g, 'RL_ohm') - Z0, n(g, 'XL_ohm')) / Math.hypot(n(g, 'RL_ohm') + Z0, n(g, 'XL_ohm'));
    const Pr = G * G * n(g, 'Pinc_W');
    return [G, (1 + G) / (1 - G), -20 * Math.log10(G), Pr, n(g, 'Pinc_W') - Pr];
  },
  'electrical.quantization_step': (g) => [2 ** n(g, 'n'), 6.02 * n(g, 'n') + 1.76, (n(g, 'Vfs_V') / 2 ** n(g, 'n')) * 1e3],
  'electrical.alias_frequency': (g) => {
    const k = Math.round(n(g, 'f0_kHz') / n(g, 'fs_kHz'));
    return [2 * n(g, 'f0_kHz'), k, Math.abs(n(g, 'f0_kHz') - k * n(g, 'fs_kHz'))];
  },
  'electrical.shannon_capacity': (g) => {
    const snr = 10 ** (n(g, 'snr_dB') / 10);
    const se = Math.log2(1 + snr);
    return [snr, se, n(g, 'B_MHz') * se];
  },
  'electrical.friis_link_budget': (g) => {
    const lam = 299792458 / (n(g, 'f_GHz') * 1e9);
    const L = 20 * Math.log10((4 * PI * n(g, 'd_km') * 1e3) / lam);
    const pt = 10 * Math.log10(n(g, 'Pt_W') * 1e3);
    const pr = pt + n(g, 'Gt_dBi') + n(g, 'Gr_dBi') - L;
    return [lam, L, pt, pr, 10 ** (pr / 10) * 1e6];
  },
  'chemical.first_order_batch': (g) => {
    const kt = n(g, 'k_per_min') * n(g, 't_min');
    return [kt, n(g, 'CA0_mol_L') * Math.exp(-kt)];
  },
  'chemical.arrhenius_half_life': (g) => {
    const T1 = n(g, 'T1_C') + 273.15;
    const T2 = n(g, 'T2_C') + 273.15;
    const inv = 1 / T1 - 1 / T2;
    const ln = ((n(g, 'Ea_kJ_mol') * 1e3) / R) * inv;
    const k2 = n(g, 'k1_per_s') * Math.exp(ln);
    return [T1, T2, inv, ln, k2, Math.LN2 / k2 / 60];
  },
  'chemical.cstr_volume': (g) => {
    const X = n(g, 'X');
    const tau = X / (n(g, 'k_per_min') * (1 - X));
    return [n(g, 'CA0_mol_L') * (1 - X), tau, (n(g, 'v0_L_min') * tau) / 1e3];
  },
  'chemical.levenspiel_pfr': (g) => {
    const ys = String(g.rates).split(',').map((r) => n(g, 'FA0_mol_min') / Number(r));
    return [...ys, 0.1 * (ys[0] + 2 * (ys[1] + ys[2] + ys[3]) + ys[4])];
  },
  'chemical.ideal_gas_tank': (g) => {
    const T = n(g, 'T_C') + 273.15;
    const mol = (n(g, 'P_kPa') * 1e3 * n(g, 'V_m3')) / (R * T);
    return [T, mol, (mol * n(g, 'M_g_mol')) / 1e3];
  },
  'chemical.carnot_engine': (g) => {
    const TH = n(g, 'TH_C') + 273.15;
    const TC = n(g, 'TC_C') + 273.15;
    const eta = 1 - TC / TH;
    return [TH, TC, eta, eta * n(g, 'QH_kW')];
  },
  'chemical.raoult_bubble_pressure': (g) => {
    const pair = ANTOINE_PAIRS.find(([l]) => l.name === g.light)!;
    const T = n(g, 'T_C');
    const kPa = (a: (typeof pair)[0]) => (10 ** (a.A - a.B / (a.C + T)) * 101.325) / 760;
    const P1 = kPa(pair[0]);
    const P2 = kPa(pair[1]);
    const x1 = n(g, 'x1');
    const P = x1 * P1 + (1 - x1) * P2;
    return [P1, P2, P, (x1 * P1) / P];
  },
  'chemical.sensible_heat_cp': (g) => {
    const [a, b, c, d, T1, T2] = ['a', 'b', 'c', 'd', 'T1_K', 'T2_K'].map((k) => n(g, k));
    const I = [a * (T2 - T1), (b / 2) * (T2 ** 2 - T1 ** 2), (c / 3) * (T2 ** 3 - T1 ** 3), (d / 4) * (T2 ** 4 - T1 ** 4)];
    const dh = I[0] + I[1] + I[2] + I[3];
    return [...I, dh, (n(g, 'n_mol') * dh) / 1e3];
  },
  'chemical.slab_conduction': (g) => {
    const q = (n(g, 'k_W_mK') * (n(g, 'T1_C') - n(g, 'T2_C'))) / (n(g, 'L_cm') / 100);
    return [q, q * n(g, 'A_m2')];
  },
  'chemical.composite_wall': (g) => {
    const A = n(g, 'A_m2');
    const Rs = [1 / (n(g, 'hi') * A), n(g, 'L1_cm') / 100 / (n(g, 'k1') * A), n(g, 'L2_cm') / 100 / (n(g, 'k2') * A), 1 / (n(g, 'ho') * A)];
    const Rt = Rs[0] + Rs[1] + Rs[2] + Rs[3];
    return [...Rs, Rt, (n(g, 'Ti_C') - n(g, 'To_C')) / Rt];
  },
  'chemical.dittus_boelter': (g) => {
    const D = n(g, 'D_mm') / 1000;
    const Re = (n(g, 'rho') * n(g, 'V_m_s') * D) / n(g, 'mu');
    const Pr = (n(g, 'cp') * n(g, 'mu')) / n(g, 'k');
    const Nu = 0.023 * Re ** 0.8 * Pr ** 0.4;
    const h = (Nu * n(g, 'k')) / D;
    return [Re, Pr, Nu, h, (h * PI * D * n(g, 'L_m') * n(g, 'dT_K')) / 1e3];
  },
  'chemical.counterflow_exchanger': (g) => {
    const Q = n(g, 'mh_kg_s') * n(g, 'cph_kJ_kgK') * (n(g, 'Thi_C') - n(g, 'Tho_C'));
    const Tco = n(g, 'Tci_C') + Q / (n(g, 'mc_kg_s') * n(g, 'cpc_kJ_kgK'));
    const d1 = n(g, 'Thi_C') - Tco;
    const d2 = n(g, 'Tho_C') - n(g, 'Tci_C');
    const lm = (d1 - d2) / Math.log(d1 / d2);
    return [Q, Tco, d1, d2, lm, (Q * 1e3) / (n(g, 'U_W_m2K') * lm)];
  },
};
