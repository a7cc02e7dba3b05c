/** Civil/structural engineering · Structural analysis and design: beams, trusses, reinforced concrete. */
import { chain } from '../../chain.ts';
import { formatNumber as f } from '../../format.ts';
import { defineTemplate, type Template } from '../../template.ts';
import { div, lessThan, mul, PI, pow, q, sub } from '../../units.ts';
import { W_SECTIONS } from '../data.ts';

const DOMAIN = 'Structural analysis';
const E_STEEL = 200;

export const cantileverTipDeflection = defineTemplate({
  id: 'civil.cantilever_tip_deflection',
  title: 'Tip deflection of a steel cantilever',
  branch: 'civil',
  domain: DOMAIN,
  area: 'Beam deflection',
  axes: { concepts: 1, mathematics: 1, depth: 2 },
  generate(r) {
    const s = r.pick(W_SECTIONS);
    const P = r.grid(1, 50, 0.5);
    const L = r.grid(1, 5, 0.1);
    const c = chain();
    const EI = c.step('EI', 'Flexural rigidity of the section', 'EI = E·I', mul(q(E_STEEL, 'GPa'), q(s.I * 1e6, 'mm^4')), 'kN m^2');
    const d = c.step('δ', 'Tip deflection under the end load', 'δ = P·L³/(3·EI)', div(mul(q(P, 'kN'), pow(q(L, 'm'), 3)), mul(3, EI)), 'mm');
    c.check(lessThan(d, div(q(L, 'm'), 60)), 'a deflection below L/60');
    return c.finish(
      `A steel ${s.name} cantilever (E = ${E_STEEL} GPa, I = ${f(s.I)} × 10⁶ mm⁴) is ${f(L)} m long and carries a concentrated load of ${f(P)} kN at its free end. Neglecting self-weight, determine the tip deflection. Give the final answer in mm.`,
      { P_kN: P, L_m: L, I_1e6mm4: s.I, E_GPa: E_STEEL, section: s.name },
      'the tip deflection',
    );
  },
});

export const udlBeam = defineTemplate({
  id: 'civil.udl_beam',
  title: 'Reactions, moment and deflection of a uniformly loaded simple beam',
  branch: 'civil',
  domain: DOMAIN,
  area: 'Beam analysis',
  axes: { concepts: 2, mathematics: 1, depth: 2 },
  generate(r) {
    const s = r.pick(W_SECTIONS);
    const w = r.grid(5, 60, 0.5);
    const L = r.grid(3, 10, 0.25);
    const c = chain();
    c.step('R', 'Support reaction', 'R = w·L/2', div(mul(q(w, 'kN/m'), q(L, 'm')), 2), 'kN');
    c.step('M_max', 'Maximum bending moment at midspan', 'M_max = w·L²/8', div(mul(q(w, 'kN/m'), pow(q(L, 'm'), 2)), 8), 'kN m');
    const d = c.step('δ_max', 'Maximum deflection at midspan', 'δ_max = 5·w·L⁴/(384·E·I)', div(mul(5, q(w, 'kN/m'), pow(q(L, 'm'), 4)), mul(384, q(E_STEEL, 'GPa'), q(s.I * 1e6, 'mm^4'))), 'mm');
    c.check(lessThan(d, div(q(L, 'm'), 150)), 'a deflection below L/150');
    return c.finish(
      `A simply supported steel ${s.name} beam (E = ${E_STEEL} GPa, I = ${f(s.I)} × 10⁶ mm⁴) spans ${f(L)} m and carries a uniformly distributed load of ${f(w)} kN/m (including self-weight). Determine the support reactions, the maximum bending moment and the maximum deflection. Give the final answer (the maximum deflection) in mm.`,
      { w_kN_m: w, L_m: L, I_1e6mm4: s.I, E_GPa: E_STEEL, section: s.name },
      'the maximum deflection',
    );
  },
});

export const trussJoints = defineTemplate({
  id: 'civil.truss_joints',
  title: 'Member forces of a triangular truss by the method of joints',
  branch: 'civil',
  domain: DOMAIN,
  area: 'Trusses',
  axes: { concepts: 2, mathematics: 2, depth: 2 },
  generate(r) {
    const L = r.grid(4, 12, 0.5);
    const h = r.grid(1, 4, 0.25);
    const P = r.grid(10, 200, 5);
    const c = chain();
    const theta = c.step('θ', 'Inclination of the rafters', 'θ = atan(h/(L/2))', q(Math.atan(h / (L / 2)), 'rad'), 'deg');
    c.check(lessThan(q(15, 'deg'), theta) && lessThan(theta, q(60, 'deg')), 'a rafter slope between 15° and 60°');
    const R = c.step('R', 'Support reaction (symmetry)', 'R = P/2', div(q(P, 'kN'), 2), 'kN');
    const th = Math.atan(h / (L / 2));
    const F = c.step('F_r', 'Compressive force in each rafter (equilibrium of a support joint, vertical)', 'F_r = R/sin θ', div(R, Math.sin(th)), 'kN');
    c.step('T', 'Tensile force in the tie (equilibrium of a support joint, horizontal)', 'T = F_r·cos θ', mul(F, Math.cos(th)), 'kN');
    return c.finish(
      `A symmetric triangular roof truss consists of two rafters and a horizontal tie. It spans ${f(L)} m between a pin and a roller support, its apex is ${f(h)} m above the tie, and it carries a vertical load of ${f(P)} kN at the apex. Using the method of joints, determine the force in each rafter and in the tie. Give the final answer (the tie force) in kN.`,
      { L_m: L, h_m: h, P_kN: P },
      'the force in the tie',
    );
  },
});

export const rcBeamFlexure = defineTemplate({
  id: 'civil.rc_beam_flexure',
  title: 'Design flexural strength of a singly reinforced concrete beam',
  branch: 'civil',
  domain: DOMAIN,
  area: 'Reinforced concrete',
  axes: { concepts: 3, mathematics: 2, depth: 3 },
  generate(r) {
    const b = r.grid(250, 400, 25);
    const d = r.grid(400, 700, 25);
    const nBars = r.int(2, 5);
    const db = r.pick([16, 20, 25]);
    const fc = r.pick([25, 28, 30, 35, 40]);
    const fy = r.pick([420, 500]);
    const c = chain();
    const As = c.step('A_s', 'Area of tension steel', 'A_s = n·π·d_b²/4', mul(nBars, PI / 4, pow(q(db, 'mm'), 2)), 'mm^2');
    const a = c.step('a', 'Depth of the equivalent stress block', "a = A_s·f_y/(0.85·f'c·b)", div(mul(As, q(fy, 'MPa')), mul(0.85, q(fc, 'MPa'), q(b, 'mm'))), 'mm');
    const beta1 = c.step('β1', 'Stress-block factor', "β1 = 0.85 − 0.05·(f'c − 28)/7, between 0.65 and 0.85", Math.min(0.85, Math.max(0.65, 0.85 - (0.05 * (fc - 28)) / 7)), '');
    const cN = c.step('c', 'Neutral-axis depth', 'c = a/β1', div(a, beta1), 'mm');
    const et = c.step('ε_t', 'Net tensile strain in the steel', 'ε_t = 0.003·(d − c)/c', mul(0.003, div(sub(q(d, 'mm'), cN), cN)), '') as number;
    c.check(et >= 0.005, 'tension-controlled section (ε_t ≥ 0.005)');
    const Mn = c.step('M_n', 'Nominal moment strength', 'M_n = A_s·f_y·(d − a/2)', mul(As, q(fy, 'MPa'), sub(q(d, 'mm'), div(a, 2))), 'kN m');
    c.step('φM_n', 'Design moment strength', 'φM_n = 0.9·M_n', mul(0.9, Mn), 'kN m');
    return c.finish(
      `A rectangular reinforced concrete beam is ${f(b)} mm wide with an effective depth of ${f(d)} mm, reinforced with ${nBars} bars of ${db} mm diameter in tension. Concrete strength f'c = ${fc} MPa and steel yield strength f_y = ${fy} MPa. Following ACI 318 (rectangular stress block, φ = 0.9 for a tension-controlled section), verify that the section is tension-controlled and determine its design moment strength φM_n. Give the final answer in kN·m.`,
      { b_mm: b, d_mm: d, nBars, db_mm: db, fc_MPa: fc, fy_MPa: fy },
      'the design moment strength',
    );
  },
});

export const structuralAnalysis: Template[] = [cantileverTipDeflection, udlBeam, trussJoints, rcBeamFlexure];
