/** Mechanical engineering · Mechanics of materials: axial, torsion, bending, buckling. */
import { chain } from '../../chain.ts';
import { formatNumber as f } from '../../format.ts';
import { defineTemplate, type Template } from '../../template.ts';
import { div, lessThan, mul, PI, pow, q, sqrt } from '../../units.ts';
import { METALS } from '../data.ts';

const DOMAIN = 'Mechanics of materials';

export const axialElongation = defineTemplate({
  id: 'mechanical.axial_elongation',
  title: 'Elongation of an axially loaded rod',
  branch: 'mechanical',
  domain: DOMAIN,
  area: 'Axial loading',
  axes: { concepts: 1, mathematics: 1, depth: 2 },
  generate(r) {
    const m = r.pick(METALS);
    const P = r.grid(5, 80, 0.5);
    const d = r.grid(10, 40, 1);
    const L = r.grid(0.5, 3, 0.1);
    const c = chain();
    const A = c.step('A', 'Cross-sectional area of the rod', 'A = π·d²/4', mul(PI / 4, pow(q(d, 'mm'), 2)), 'mm^2');
    const sigma = c.step('σ', 'Normal stress in the rod', 'σ = P/A', div(q(P, 'kN'), A), 'MPa');
    c.check(lessThan(sigma, q(m.Sy, 'MPa')), 'stress below yield');
    const eps = c.step('ε', "Axial strain from Hooke's law", 'ε = σ/E', div(sigma, q(m.E, 'GPa')), '');
    c.step('δ', 'Elongation of the rod', 'δ = ε·L', mul(eps, q(L, 'm')), 'mm');
    return c.finish(
      `A solid circular rod of ${m.name} (E = ${f(m.E)} GPa, yield strength ${f(m.Sy)} MPa) has a diameter of ${f(d)} mm and a length of ${f(L)} m. It carries an axial tensile load of ${f(P)} kN. Determine the elongation of the rod. Give the final answer in mm.`,
      { P_kN: P, d_mm: d, L_m: L, E_GPa: m.E, Sy_MPa: m.Sy, material: m.name },
      'the elongation of the rod',
    );
  },
});

export const torsionShaftDiameter = defineTemplate({
  id: 'mechanical.torsion_shaft_diameter',
  title: 'Minimum diameter of a power-transmission shaft',
  branch: 'mechanical',
  domain: DOMAIN,
  area: 'Torsion',
  axes: { concepts: 2, mathematics: 2, depth: 2 },
  generate(r) {
    const P = r.grid(5, 150, 5);
    const N = r.grid(300, 3000, 50);
    const tau = r.grid(30, 80, 5);
    const c = chain();
    const omega = c.step('ω', 'Angular speed of the shaft', 'ω = 2π·N/60', mul(2 * PI, q(N, 'rpm')), 'rad/s');
    const T = c.step('T', 'Torque transmitted', 'T = P/ω', div(q(P, 'kW'), omega), 'N m');
    const d = c.step('d', 'Minimum solid-shaft diameter from the allowable shear stress', 'd = (16·T/(π·τ_allow))^(1/3)', pow(div(mul(16, T), mul(PI, q(tau, 'MPa'))), 1 / 3), 'mm');
    c.check(lessThan(q(5, 'mm'), d), 'a shaft of at least 5 mm');
    return c.finish(
      `A solid steel shaft transmits ${f(P)} kW at ${f(N)} rpm. The allowable shear stress of the shaft material is ${f(tau)} MPa. Determine the minimum shaft diameter. Give the final answer in mm.`,
      { P_kW: P, N_rpm: N, tau_MPa: tau },
      'the minimum shaft diameter',
    );
  },
});

export const beamBendingStress = defineTemplate({
  id: 'mechanical.beam_bending_stress',
  title: 'Maximum bending stress in a simply supported rectangular beam',
  branch: 'mechanical',
  domain: DOMAIN,
  area: 'Bending',
  axes: { concepts: 2, mathematics: 1, depth: 2 },
  generate(r) {
    const m = r.pick(METALS);
    const F = r.grid(2, 40, 0.5);
    const L = r.grid(1, 6, 0.25);
    const b = r.grid(50, 150, 10);
    const h = r.grid(100, 400, 10);
    const c = chain();
    const M = c.step('M', 'Maximum bending moment at midspan', 'M = F·L/4', div(mul(q(F, 'kN'), q(L, 'm')), 4), 'kN m');
    const I = c.step('I', 'Second moment of area of the section', 'I = b·h³/12', div(mul(q(b, 'mm'), pow(q(h, 'mm'), 3)), 12), 'mm^4');
    const y = c.step('c', 'Distance from the neutral axis to the extreme fibre', 'c = h/2', div(q(h, 'mm'), 2), 'mm');
    const sigma = c.step('σ', 'Maximum bending stress (flexure formula)', 'σ = M·c/I', div(mul(M, y), I), 'MPa');
    c.check(lessThan(sigma, q(m.Sy, 'MPa')), 'stress below yield');
    return c.finish(
      `A simply supported beam of ${m.name} (yield strength ${f(m.Sy)} MPa) spans ${f(L)} m and carries a concentrated load of ${f(F)} kN at midspan. Its rectangular cross-section is ${f(b)} mm wide and ${f(h)} mm deep. Neglecting self-weight, determine the maximum bending stress. Give the final answer in MPa.`,
      { F_kN: F, L_m: L, b_mm: b, h_mm: h, Sy_MPa: m.Sy, material: m.name },
      'the maximum bending stress',
    );
  },
});

const END_CONDITIONS = [
  { name: 'pinned at both ends', K: 1.0 },
  { name: 'fixed at the base and free at the top', K: 2.0 },
  { name: 'fixed at one end and pinned at the other', K: 0.7 },
  { name: 'fixed at both ends', K: 0.5 },
] as const;

export const eulerBuckling = defineTemplate({
  id: 'mechanical.euler_buckling',
  title: 'Allowable load of a slender column (Euler buckling)',
  branch: 'mechanical',
  domain: DOMAIN,
  area: 'Buckling',
  axes: { concepts: 3, mathematics: 2, depth: 3 },
  generate(r) {
    const m = r.pick(METALS);
    const end = r.pick(END_CONDITIONS);
    const d = r.grid(20, 80, 2);
    const L = r.grid(1, 4, 0.1);
    const n = r.pick([2, 2.5, 3]);
    const c = chain();
    const I = c.step('I', 'Second moment of area of the solid round section', 'I = π·d⁴/64', mul(PI / 64, pow(q(d, 'mm'), 4)), 'mm^4');
    const A = c.step('A', 'Cross-sectional area', 'A = π·d²/4', mul(PI / 4, pow(q(d, 'mm'), 2)), 'mm^2');
    const rg = c.step('r', 'Radius of gyration', 'r = √(I/A)', sqrt(div(I, A)), 'mm');
    const Le = c.step('L_e', 'Effective length', `L_e = K·L with K = ${f(end.K)}`, mul(end.K, q(L, 'm')), 'm');
    const lambda = c.step('λ', 'Slenderness ratio', 'λ = L_e/r', div(Le, rg), '');
    const Cc = c.step('C_c', 'Transition slenderness between Euler and inelastic buckling', 'C_c = √(2π²·E/S_y)', sqrt(div(mul(2 * PI * PI, q(m.E, 'GPa')), q(m.Sy, 'MPa'))), '');
    c.check(lessThan(Cc, lambda), 'column slender enough for Euler buckling');
    const Pcr = c.step('P_cr', 'Euler critical load', 'P_cr = π²·E·I/L_e²', div(mul(PI * PI, q(m.E, 'GPa'), I), pow(Le, 2)), 'kN');
    c.step('P_allow', 'Allowable axial load with the factor of safety', `P_allow = P_cr/n with n = ${f(n)}`, div(Pcr, n), 'kN');
    return c.finish(
      `A solid round column of ${m.name} (E = ${f(m.E)} GPa, yield strength ${f(m.Sy)} MPa) has a diameter of ${f(d)} mm and a length of ${f(L)} m; it is ${end.name} (effective-length factor K = ${f(end.K)}). Check that Euler's formula applies and determine the allowable axial load with a factor of safety of ${f(n)} against buckling. Give the final answer in kN.`,
      { d_mm: d, L_m: L, K: end.K, n, E_GPa: m.E, Sy_MPa: m.Sy, material: m.name },
      'the allowable axial load',
    );
  },
});

export const mechanicsOfMaterials: Template[] = [axialElongation, torsionShaftDiameter, beamBendingStress, eulerBuckling];
