/** Mechanical engineering · Vibrations: free, damped and forced single-degree-of-freedom systems. */
import { chain } from '../../chain.ts';
import { formatNumber as f } from '../../format.ts';
import { defineTemplate, type Template } from '../../template.ts';
import { div, mul, PI, pow, q, sqrt } from '../../units.ts';

const DOMAIN = 'Vibrations';

export const springMassFrequency = defineTemplate({
  id: 'mechanical.spring_mass_frequency',
  title: 'Natural frequency and period of a spring–mass system',
  branch: 'mechanical',
  domain: DOMAIN,
  area: 'Free vibration',
  axes: { concepts: 1, mathematics: 1, depth: 2 },
  generate(r) {
    const k = r.grid(1, 100, 0.5);
    const m = r.grid(1, 200, 0.5);
    const c = chain();
    const wn = c.step('ω_n', 'Natural circular frequency', 'ω_n = √(k/m)', sqrt(div(q(k, 'kN/m'), q(m, 'kg'))), 'rad/s');
    const fn = c.step('f_n', 'Natural frequency in hertz', 'f_n = ω_n/(2π)', div(wn, 2 * PI), 'Hz');
    c.step('T', 'Period of free vibration', 'T = 1/f_n', div(1, fn), 's');
    return c.finish(
      `A mass of ${f(m)} kg is suspended from a linear spring of stiffness ${f(k)} kN/m. Neglecting damping and the spring's mass, determine the natural frequency and the period of free vibration. Give the final answer (the period) in s.`,
      { k_kN_m: k, m_kg: m },
      'the period of free vibration',
    );
  },
});

export const dampedFreeVibration = defineTemplate({
  id: 'mechanical.damped_free_vibration',
  title: 'Damped natural frequency of a viscously damped system',
  branch: 'mechanical',
  domain: DOMAIN,
  area: 'Damped vibration',
  axes: { concepts: 2, mathematics: 2, depth: 2 },
  generate(r) {
    const m = r.grid(5, 100, 1);
    const k = r.grid(5, 200, 1);
    const cd = r.grid(20, 3000, 10);
    const c = chain();
    const wn = c.step('ω_n', 'Undamped natural frequency', 'ω_n = √(k/m)', sqrt(div(q(k, 'kN/m'), q(m, 'kg'))), 'rad/s');
    const ccr = c.step('c_cr', 'Critical damping coefficient', 'c_cr = 2·√(k·m)', mul(2, sqrt(mul(q(k, 'kN/m'), q(m, 'kg')))), 'N s/m');
    const zeta = c.step('ζ', 'Damping ratio', 'ζ = c/c_cr', div(q(cd, 'N s/m'), ccr), '') as number;
    c.check(zeta > 0.01 && zeta < 0.9, 'underdamped (ζ < 0.9)');
    const wd = c.step('ω_d', 'Damped natural frequency', 'ω_d = ω_n·√(1 − ζ²)', mul(wn, Math.sqrt(1 - zeta * zeta)), 'rad/s');
    c.step('f_d', 'Damped natural frequency in hertz', 'f_d = ω_d/(2π)', div(wd, 2 * PI), 'Hz');
    return c.finish(
      `A single-degree-of-freedom system has a mass of ${f(m)} kg, a spring stiffness of ${f(k)} kN/m and a viscous damping coefficient of ${f(cd)} N·s/m. Determine the damping ratio and the damped natural frequency. Give the final answer (the damped natural frequency) in Hz.`,
      { m_kg: m, k_kN_m: k, c_Ns_m: cd },
      'the damped natural frequency',
    );
  },
});

export const logDecrementStiffness = defineTemplate({
  id: 'mechanical.log_decrement_stiffness',
  title: 'Stiffness identified from a free-decay record (logarithmic decrement)',
  branch: 'mechanical',
  domain: DOMAIN,
  area: 'Damped vibration',
  axes: { concepts: 2, mathematics: 3, depth: 3 },
  generate(r) {
    const x0 = r.grid(5, 20, 0.5);
    const n = r.int(3, 10);
    const xn = r.grid(0.5, 19, 0.5);
    const Td = r.grid(0.05, 1, 0.01);
    const m = r.grid(2, 50, 0.5);
    const c = chain();
    c.check(xn < 0.9 * x0, 'the amplitude decays');
    const delta = c.step('δ', 'Logarithmic decrement', 'δ = (1/n)·ln(x0/xn)', Math.log(x0 / xn) / n, '') as number;
    const zeta = c.step('ζ', 'Damping ratio from the decrement', 'ζ = δ/√(4π² + δ²)', delta / Math.sqrt(4 * PI * PI + delta * delta), '') as number;
    c.check(zeta < 0.3, 'lightly damped');
    const wd = c.step('ω_d', 'Damped circular frequency from the measured period', 'ω_d = 2π/T_d', div(2 * PI, q(Td, 's')), 'rad/s');
    const wn = c.step('ω_n', 'Undamped natural frequency', 'ω_n = ω_d/√(1 − ζ²)', div(wd, Math.sqrt(1 - zeta * zeta)), 'rad/s');
    c.step('k', 'Spring stiffness', 'k = m·ω_n²', mul(q(m, 'kg'), pow(wn, 2)), 'kN/m');
    return c.finish(
      `A free-decay test of a machine mounted on springs (vibrating mass ${f(m)} kg) records an amplitude of ${f(x0)} mm and, ${n} cycles later, an amplitude of ${f(xn)} mm. The measured damped period is ${f(Td)} s. Determine the logarithmic decrement, the damping ratio and the stiffness of the mounting. Give the final answer (the stiffness) in kN/m.`,
      { x0_mm: x0, xn_mm: xn, n, Td_s: Td, m_kg: m },
      'the stiffness of the mounting',
    );
  },
});

export const forcedResponseAmplitude = defineTemplate({
  id: 'mechanical.forced_response_amplitude',
  title: 'Steady-state amplitude under harmonic forcing',
  branch: 'mechanical',
  domain: DOMAIN,
  area: 'Forced vibration',
  axes: { concepts: 3, mathematics: 2, depth: 3 },
  generate(r) {
    const m = r.grid(10, 200, 5);
    const k = r.grid(10, 500, 5);
    const cd = r.grid(50, 5000, 50);
    const F0 = r.grid(50, 1000, 10);
    const ff = r.grid(1, 40, 0.5);
    const c = chain();
    const wn = c.step('ω_n', 'Undamped natural frequency', 'ω_n = √(k/m)', sqrt(div(q(k, 'kN/m'), q(m, 'kg'))), 'rad/s');
    const zeta = c.step('ζ', 'Damping ratio', 'ζ = c/(2·√(k·m))', div(q(cd, 'N s/m'), mul(2, sqrt(mul(q(k, 'kN/m'), q(m, 'kg'))))), '') as number;
    c.check(zeta > 0.02 && zeta < 0.7, 'underdamped');
    const w = c.step('ω', 'Forcing circular frequency', 'ω = 2π·f', mul(2 * PI, q(ff, 'Hz')), 'rad/s');
    const rr = c.step('r', 'Frequency ratio', 'r = ω/ω_n', div(w, wn), '') as number;
    c.check(Math.abs(rr - 1) > 0.05 && rr > 0.1 && rr < 5, 'not at resonance, ratio within 0.1–5');
    const dst = c.step('δ_st', 'Static deflection under the force amplitude', 'δ_st = F0/k', div(q(F0, 'N'), q(k, 'kN/m')), 'mm');
    const M = c.step('M', 'Magnification factor', 'M = 1/√((1 − r²)² + (2ζr)²)', 1 / Math.sqrt(Math.pow(1 - rr * rr, 2) + Math.pow(2 * zeta * rr, 2)), '');
    c.step('X', 'Steady-state amplitude', 'X = M·δ_st', mul(M, dst), 'mm');
    return c.finish(
      `A machine of mass ${f(m)} kg rests on a mounting of stiffness ${f(k)} kN/m with a viscous damping coefficient of ${f(cd)} N·s/m. A rotating unbalance exerts a harmonic force of amplitude ${f(F0)} N at ${f(ff)} Hz. Determine the steady-state vibration amplitude. Give the final answer in mm.`,
      { m_kg: m, k_kN_m: k, c_Ns_m: cd, F0_N: F0, f_Hz: ff },
      'the steady-state amplitude',
    );
  },
});

export const vibrations: Template[] = [springMassFrequency, dampedFreeVibration, logDecrementStiffness, forcedResponseAmplitude];
