/** Electrical engineering · Electromagnetics: point charges, superposition, waves in dielectrics, line reflections. */
import { chain } from '../../chain.ts';
import { formatNumber as f } from '../../format.ts';
import { defineTemplate, type Template } from '../../template.ts';
import { add, div, lessThan, mul, pow, q, sqrt, sub } from '../../units.ts';
import { C0, COULOMB_K, DIELECTRICS, ETA0 } from '../data.ts';

const DOMAIN = 'Electromagnetics';
const kC = q(COULOMB_K, 'N m^2/C^2');

export const coulombForce = defineTemplate({
  id: 'electrical.coulomb_force',
  title: 'Force between two point charges',
  branch: 'electrical',
  domain: DOMAIN,
  area: 'Electrostatics',
  axes: { concepts: 1, mathematics: 1, depth: 1 },
  generate(r) {
    const q1 = r.grid(1, 50, 0.5);
    const q2 = r.grid(1, 50, 0.5);
    const d = r.grid(2, 50, 0.5);
    const c = chain();
    const rr = c.step('r', 'Separation in metres', 'r [m] = r [cm] converted', q(d, 'cm'), 'm');
    c.step('F', "Magnitude of the electrostatic force (Coulomb's law)", 'F = k·q1·q2/r²', div(mul(kC, q(q1, 'uC'), q(q2, 'uC')), pow(rr, 2)), 'N');
    return c.finish(
      `Two point charges of +${f(q1)} µC and −${f(q2)} µC are held ${f(d)} cm apart in air. Taking k = ${f(COULOMB_K, 5)} N·m²/C², determine the magnitude of the force between them. Give the final answer in N.`,
      { q1_uC: q1, q2_uC: q2, r_cm: d },
      'the magnitude of the force',
    );
  },
});

export const dielectricWave = defineTemplate({
  id: 'electrical.dielectric_wave',
  title: 'Phase velocity, impedance and wavelength in a lossless dielectric',
  branch: 'electrical',
  domain: DOMAIN,
  area: 'Plane waves',
  axes: { concepts: 1, mathematics: 1, depth: 2 },
  generate(r) {
    const m = r.pick(DIELECTRICS);
    const fr = r.grid(10, 3000, 10);
    const c = chain();
    const v = c.step('v', 'Phase velocity in the dielectric', 'v = c0/√εr', div(q(C0, 'm/s'), Math.sqrt(m.epsr)), 'm/s');
    c.check(lessThan(v, q(C0, 'm/s')), 'a propagation speed below c');
    c.step('η', 'Intrinsic impedance of the dielectric', 'η = η0/√εr', div(q(ETA0, 'ohm'), Math.sqrt(m.epsr)), 'ohm');
    c.step('λ', 'Wavelength in the dielectric', 'λ = v/f', div(v, q(fr, 'MHz')), 'cm');
    return c.finish(
      `A ${f(fr)} MHz uniform plane wave propagates in lossless, non-magnetic ${m.name} (εr = ${f(m.epsr)}). Taking c0 = ${f(C0, 9)} m/s and η0 = ${f(ETA0, 6)} Ω, determine the phase velocity, the intrinsic impedance and the wavelength in the material. Give the final answer (the wavelength) in cm.`,
      { f_MHz: fr, epsr: m.epsr, material: m.name },
      'the wavelength in the dielectric',
    );
  },
});

export const chargeSuperposition = defineTemplate({
  id: 'electrical.charge_superposition',
  title: 'Net electric field of two point charges by superposition',
  branch: 'electrical',
  domain: DOMAIN,
  area: 'Electrostatics',
  axes: { concepts: 2, mathematics: 2, depth: 3 },
  generate(r) {
    const q1 = r.grid(1, 20, 0.5);
    const q2 = r.grid(1, 20, 0.5);
    const a = r.grid(5, 50, 1);
    const y = r.grid(5, 50, 1);
    const c = chain();
    c.check(Math.abs(q1 - q2) >= 0.2 * Math.max(q1, q2), 'charges differ by at least 20 %');
    const rr = c.step('r', 'Distance from each charge to P', 'r = √(a² + y²)', q(Math.hypot(a, y), 'cm'), 'cm');
    const E1 = c.step('E1', 'Field magnitude due to q1', 'E1 = k·q1/r²', div(mul(kC, q(q1, 'nC')), pow(rr, 2)), 'kN/C');
    const E2 = c.step('E2', 'Field magnitude due to q2', 'E2 = k·q2/r²', div(mul(kC, q(q2, 'nC')), pow(rr, 2)), 'kN/C');
    const cx = a / Math.hypot(a, y);
    const cy = y / Math.hypot(a, y);
    const Ex = c.step('E_x', 'Net x-component (the x-components of the two fields oppose)', 'E_x = (E1 − E2)·a/r', mul(sub(E1, E2), cx), 'kN/C');
    const Ey = c.step('E_y', 'Net y-component (the y-components add)', 'E_y = (E1 + E2)·y/r', mul(add(E1, E2), cy), 'kN/C');
    c.step('|E|', 'Magnitude of the net field at P', '|E| = √(E_x² + E_y²)', sqrt(add(pow(Ex, 2), pow(Ey, 2))), 'kN/C');
    return c.finish(
      `Two positive point charges are placed in air on the x-axis: q1 = ${f(q1)} nC at x = −${f(a)} cm and q2 = ${f(q2)} nC at x = +${f(a)} cm. Taking k = ${f(COULOMB_K, 5)} N·m²/C², determine the magnitude of the net electric field at the point P = (0, ${f(y)} cm). Give the final answer in kN/C.`,
      { q1_nC: q1, q2_nC: q2, a_cm: a, y_cm: y },
      'the magnitude of the net electric field',
    );
  },
});

export const lineReflection = defineTemplate({
  id: 'electrical.line_reflection',
  title: 'Reflection and delivered power on a mismatched transmission line',
  branch: 'electrical',
  domain: DOMAIN,
  area: 'Transmission lines',
  axes: { concepts: 2, mathematics: 3, depth: 2 },
  generate(r) {
    const Z0 = r.pick([50, 75]);
    const RL = r.grid(10, 200, 5);
    const XL = r.grid(-100, 100, 5);
    const Pinc = r.grid(1, 100, 1);
    const c = chain();
    const G = c.step('|Γ|', 'Magnitude of the load reflection coefficient', '|Γ| = |Z_L − Z0|/|Z_L + Z0|', Math.hypot(RL - Z0, XL) / Math.hypot(RL + Z0, XL), '') as number;
    c.check(G > 0.05 && G < 0.95, 'a noticeable but not total mismatch');
    c.step('VSWR', 'Voltage standing-wave ratio', 'VSWR = (1 + |Γ|)/(1 − |Γ|)', (1 + G) / (1 - G), '');
    c.step('RL', 'Return loss', 'RL = −20·log10|Γ|', -20 * Math.log10(G), 'dB');
    const Pr = c.step('P_r', 'Reflected power', 'P_r = |Γ|²·P_inc', mul(G * G, q(Pinc, 'W')), 'W');
    c.step('P_L', 'Power delivered to the load', 'P_L = P_inc − P_r', sub(q(Pinc, 'W'), Pr), 'W');
    return c.finish(
      `A lossless ${Z0} Ω transmission line is terminated in a load Z_L = ${f(RL)} ${XL < 0 ? '−' : '+'} j${f(Math.abs(XL))} Ω. The incident power at the load is ${f(Pinc)} W. Determine the magnitude of the reflection coefficient, the VSWR, the return loss and the power delivered to the load. Give the final answer (the delivered power) in W.`,
      { Z0_ohm: Z0, RL_ohm: RL, XL_ohm: XL, Pinc_W: Pinc },
      'the power delivered to the load',
    );
  },
});

export const electromagnetics: Template[] = [coulombForce, dielectricWave, chargeSuperposition, lineReflection];
