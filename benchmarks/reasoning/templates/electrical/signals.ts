/** Electrical engineering · Signals, systems and communications: sampling, quantization, capacity, link budgets. */
import { chain } from '../../chain.ts';
import { formatNumber as f } from '../../format.ts';
import { defineTemplate, type Template } from '../../template.ts';
import { div, mul, PI, q, valueIn } from '../../units.ts';
import { C0 } from '../data.ts';

const DOMAIN = 'Signals and communications';

export const quantizationStep = defineTemplate({
  id: 'electrical.quantization_step',
  title: 'Quantization step and ideal SQNR of an ADC',
  branch: 'electrical',
  domain: DOMAIN,
  area: 'Sampling and quantization',
  axes: { concepts: 1, mathematics: 1, depth: 2 },
  generate(r) {
    const n = r.int(8, 16);
    const Vfs = r.pick([1, 2, 2.5, 3.3, 5, 10]);
    const c = chain();
    const L = c.step('L', 'Number of quantization levels', 'L = 2^n', Math.pow(2, n), '') as number;
    c.step('SQNR', 'Ideal signal-to-quantization-noise ratio for a full-scale sine', 'SQNR = 6.02·n + 1.76', 6.02 * n + 1.76, 'dB');
    c.step('Δ', 'Quantization step size', 'Δ = V_FS/2^n', div(q(Vfs, 'V'), L), 'mV');
    return c.finish(
      `An ${n}-bit analog-to-digital converter has a full-scale input range of ${f(Vfs)} V. Determine the number of quantization levels, the ideal signal-to-quantization-noise ratio for a full-scale sine wave (SQNR = 6.02n + 1.76 dB) and the quantization step size. Give the final answer (the step size) in mV.`,
      { n, Vfs_V: Vfs },
      'the quantization step size',
    );
  },
});

export const aliasFrequency = defineTemplate({
  id: 'electrical.alias_frequency',
  title: 'Apparent frequency of an undersampled tone (aliasing)',
  branch: 'electrical',
  domain: DOMAIN,
  area: 'Sampling and quantization',
  axes: { concepts: 2, mathematics: 1, depth: 2 },
  generate(r) {
    const f0 = r.grid(1, 50, 0.1);
    const fs = r.grid(1, 60, 0.5);
    const c = chain();
    const ny = c.step('f_N', 'Nyquist rate of the tone', 'f_N = 2·f0', mul(2, q(f0, 'kHz')), 'kHz');
    c.check(fs < valueIn(ny, 'kHz') && fs > f0 / 4, 'the tone is undersampled (fs < 2·f0), fs > f0/4');
    const k = c.step('k', 'Nearest integer multiple of the sampling rate', 'k = round(f0/fs)', Math.round(f0 / fs), '') as number;
    const fa = c.step('f_a', 'Apparent (alias) frequency', 'f_a = |f0 − k·fs|', q(Math.abs(f0 - k * fs), 'kHz'), 'kHz');
    c.check(valueIn(fa, 'kHz') > 0.02 * f0, 'a non-zero alias');
    return c.finish(
      `A ${f(f0)} kHz sinusoid is sampled at ${f(fs)} kHz without an anti-aliasing filter. Determine the Nyquist rate of the tone and the apparent frequency of the sampled signal in the band 0 to fs/2. Give the final answer (the alias frequency) in kHz.`,
      { f0_kHz: f0, fs_kHz: fs },
      'the apparent (alias) frequency',
    );
  },
});

export const shannonCapacity = defineTemplate({
  id: 'electrical.shannon_capacity',
  title: 'Channel capacity from bandwidth and SNR (Shannon–Hartley)',
  branch: 'electrical',
  domain: DOMAIN,
  area: 'Information theory',
  axes: { concepts: 2, mathematics: 2, depth: 2 },
  generate(r) {
    const B = r.grid(0.1, 40, 0.1);
    const snrDb = r.grid(0, 40, 0.5);
    const c = chain();
    const snr = c.step('SNR', 'Linear signal-to-noise ratio', 'SNR = 10^(SNR_dB/10)', Math.pow(10, snrDb / 10), '') as number;
    const se = c.step('log2(1+SNR)', 'Spectral efficiency (bit/s/Hz)', 'log2(1 + SNR)', Math.log2(1 + snr), '') as number;
    c.step('C', 'Channel capacity (Shannon–Hartley)', 'C = B·log2(1 + SNR)', q(valueIn(q(B, 'MHz'), 'Hz') * se, 'b/s'), 'Mb/s');
    return c.finish(
      `An additive-white-Gaussian-noise channel has a bandwidth of ${f(B)} MHz and a signal-to-noise ratio of ${f(snrDb)} dB. Using the Shannon–Hartley theorem, determine the channel capacity. Give the final answer in Mb/s (megabits per second).`,
      { B_MHz: B, snr_dB: snrDb },
      'the channel capacity',
    );
  },
});

export const friisLinkBudget = defineTemplate({
  id: 'electrical.friis_link_budget',
  title: 'Received power of a line-of-sight radio link (Friis)',
  branch: 'electrical',
  domain: DOMAIN,
  area: 'Link budgets',
  axes: { concepts: 3, mathematics: 3, depth: 3 },
  generate(r) {
    const Pt = r.grid(0.1, 20, 0.1);
    const Gt = r.grid(0, 30, 0.5);
    const Gr = r.grid(0, 30, 0.5);
    const fr = r.grid(0.9, 30, 0.1);
    const d = r.grid(0.5, 50, 0.5);
    const c = chain();
    const lam = c.step('λ', 'Wavelength', 'λ = c0/f', div(q(C0, 'm/s'), q(fr, 'GHz')), 'm');
    const L = c.step('FSPL', 'Free-space path loss', 'FSPL = 20·log10(4π·d/λ)', 20 * Math.log10(valueIn(div(mul(4 * PI, q(d, 'km')), lam), '')), 'dB') as number;
    const PtDbm = c.step('P_t,dBm', 'Transmit power in dBm', 'P_t,dBm = 10·log10(P_t/1 mW)', 10 * Math.log10(valueIn(q(Pt, 'W'), 'mW')), 'dBm') as number;
    const PrDbm = c.step('P_r,dBm', 'Received power in dBm', 'P_r,dBm = P_t,dBm + G_t + G_r − FSPL', PtDbm + Gt + Gr - L, 'dBm') as number;
    c.step('P_r', 'Received power', 'P_r = 10^(P_r,dBm/10) mW', q(Math.pow(10, PrDbm / 10), 'mW'), 'nW');
    return c.finish(
      `A ${f(fr)} GHz line-of-sight link transmits ${f(Pt)} W through an antenna with ${f(Gt)} dBi gain; the receiving antenna has ${f(Gr)} dBi gain and is ${f(d)} km away. Assuming free-space propagation (Friis equation) with c0 = ${f(C0, 9)} m/s and no other losses, determine the path loss and the received power. Give the final answer (the received power) in nW.`,
      { Pt_W: Pt, Gt_dBi: Gt, Gr_dBi: Gr, f_GHz: fr, d_km: d },
      'the received power',
    );
  },
});

export const signals: Template[] = [quantizationStep, aliasFrequency, shannonCapacity, friisLinkBudget];
