/** Workflow prompts: every template reads back to the values it was filled with; W-Cond thresholds hide the branch. */
import { describe, expect, it } from 'vitest';
import { buildSample, readPrompt, STYLE_TEMPLATES, STYLES, type DatasetSample } from '../../../benchmarks/workflow/index.ts';
import { formatNumber } from '../../../benchmarks/workflow/templates/templateText.ts';
import { SUPPORTED_STYLES } from '../../../benchmarks/workflow/styles.ts';

const beams: DatasetSample = { problem: 'beams2d', index: 0, row: { id: 7, key: 'k' }, conditions: { volfrac: 0.1625, rmin: 2.75, forcedist: 0.65 }, config: {}, groundTruth: { key: 'g', objective: 63.25 } };
const photonics: DatasetSample = { problem: 'photonics2d', index: 2, row: { id: 9, key: 'k' }, conditions: { lambda1: 0.5395, lambda2: 1.342, blur_radius: 2 }, config: { num_elems_x: 90, num_elems_y: 110, num_optimization_steps: 40 }, groundTruth: { key: 'g', objective: 0.81 } };

const shown = (v: unknown) => (typeof v === 'number' ? Number(formatNumber(v)) : v);

describe('workflow prompt templates', () => {
  it('fill and read back every style, problem, paraphrase set and seed', () => {
    let n = 0;
    for (const protocol of ['engiai', 'paper'] as const) {
    for (const ds of [beams, photonics]) {
      for (const set of ['main', 'held-out'] as const) {
        for (const style of STYLES) {
          for (let seed = 0; seed < 12; seed++) {
            const s = buildSample(ds, style, set, seed, protocol);
            const r = readPrompt(s.prompt);
            expect(r, s.prompt).not.toBeNull();
            expect([r!.problem, r!.style, r!.seed, s.protocol]).toEqual([ds.problem, style, seed, protocol]);
            for (const [k, v] of Object.entries(r!.slots)) expect(v, `${s.templateId} ${k}`).toEqual(shown(s.slots[k]));
            expect(r!.config).toEqual(ds.config);
            if (style !== 'Natural') expect(r!.conditions).toEqual(ds.conditions);
            n++;
          }
        }
      }
    }
    }
    expect(n).toBe(2 * 2 * 2 * 7 * 12);
  });

  it('ThermoElastic2D: its supported styles fill and read back under both protocols', () => {
    const thermo: DatasetSample = { problem: 'thermoelastic2d', index: 1, row: { id: 3, key: 'k' }, conditions: { volfrac: 0.3412, weight: 0.7 }, config: {}, groundTruth: { key: 'g', objective: 27.5 } };
    for (const protocol of ['engiai', 'paper'] as const) {
      for (const style of SUPPORTED_STYLES.thermoelastic2d) {
        for (let seed = 0; seed < 6; seed++) {
          const s = buildSample(thermo, style, 'main', seed, protocol);
          const r = readPrompt(s.prompt);
          expect(r, s.prompt).not.toBeNull();
          expect([r!.problem, r!.style, r!.seed, r!.conditions]).toEqual(['thermoelastic2d', style, seed, thermo.conditions]);
        }
      }
    }
    expect(SUPPORTED_STYLES.thermoelastic2d).not.toContain('Natural');
  });

  it('paper protocol: Full does not ask to simulate or render; export values drawn as the reference draws them, printed with 2/2/1 decimals', () => {
    for (let seed = 0; seed < 30; seed++) {
      const full = buildSample(beams, 'Full', 'main', seed, 'paper');
      expect(full.templateId.startsWith('full-paper')).toBe(true);
      expect(full.prompt).not.toMatch(/render|simulat/i);
      expect(full.prompt).toMatch(new RegExp(`IMPORTANT: Use seed=${seed} when calling tools\\.$`));
      const rand = buildSample(beams, 'W-Rand', 'main', seed, 'paper');
      if (rand.expected.kind !== 'exports') throw new Error('not W-Rand');
      const a = rand.expected.exports[0];
      expect(a.threshold).toBeGreaterThanOrEqual(0.3);
      expect(a.threshold).toBeLessThanOrEqual(0.7);
      expect(a.scale_xy).toBeGreaterThanOrEqual(0.5);
      expect(a.scale_xy).toBeLessThanOrEqual(5);
      expect(a.scale_z).toBeGreaterThanOrEqual(5);
      expect(a.scale_z).toBeLessThanOrEqual(20);
      expect([a.threshold * 100, a.scale_xy * 100, a.scale_z * 10].every((v) => Math.abs(v - Math.round(v)) < 1e-6)).toBe(true);
      const cond = buildSample(beams, 'W-Cond', 'main', seed, 'paper');
      if (cond.expected.kind !== 'cond') throw new Error('not W-Cond');
      expect(cond.expected.cmp).toBe('above');
      expect(cond.expected.limit).toBeGreaterThanOrEqual(100);
      expect(cond.expected.limit).toBeLessThanOrEqual(300);
      expect(Math.abs(cond.expected.whenTrue.threshold - cond.expected.whenFalse.threshold)).toBeGreaterThanOrEqual(0.1 - 1e-9);
    }
    expect(buildSample(beams, 'Full', 'main', 0, 'engiai').prompt).toMatch(/render/);
    // the reference's W-Derived rules: threshold = volfrac, scale_xy = 2·rmin, scale_z = 40·volfrac, mirror iff volfrac > 0.4
    const derived = buildSample(beams, 'W-Derived', 'main', 3, 'paper');
    expect(derived.expected).toEqual({ kind: 'exports', exports: [{ threshold: 0.1625, scale_xy: 5.5, scale_z: 6.5, mirror_y: false }] });
    expect(derived.prompt).toMatch(/mirror_y true if the volume fraction is above 0\.4, else false/);
    const p = buildSample(photonics, 'W-Derived', 'main', 0, 'paper').expected;
    expect(p.kind === 'exports' && p.exports[0]).toMatchObject({ mirror_y: false, threshold: 0.5 });
  });

  it('uses both main paraphrases, keeps the held-out ones apart, and numbers nothing in Natural prompts', () => {
    const ids = (set: string) => new Set(Array.from({ length: 40 }, (_, seed) => buildSample(beams, 'W-Rand', set as never, seed).templateId.split('+')[0]));
    expect(ids('main')).toEqual(new Set(['rand-1', 'rand-2']));
    expect(ids('held-out')).toEqual(new Set(['rand-h1']));
    for (const style of STYLES) expect(STYLE_TEMPLATES.filter((t) => t.style === style && t.set === 'held-out').length).toBeGreaterThan(0);
    for (let seed = 0; seed < 10; seed++) expect(buildSample(beams, 'Natural', 'main', seed).prompt.replace('Beams2D', '').replace(/ IMPORTANT: Use seed=\d+ when calling tools\.$/, '')).not.toMatch(/\d/);
  });

  it('draws W-Cond thresholds 5–30 % from the true objective, on either side equally often, so the branch is not predictable', () => {
    let below = 0;
    let truthHolds = 0;
    const N = 400;
    for (let seed = 0; seed < N; seed++) {
      const s = buildSample(beams, 'W-Cond', 'main', seed);
      if (s.expected.kind !== 'cond') throw new Error('not a W-Cond sample');
      const rel = (s.expected.limit - 63.25) / 63.25;
      expect(Math.abs(rel)).toBeGreaterThanOrEqual(0.0499);
      expect(Math.abs(rel)).toBeLessThanOrEqual(0.3001);
      if (rel < 0) below++;
      const holds = s.expected.cmp === 'below' ? 63.25 < s.expected.limit : 63.25 > s.expected.limit;
      if (holds) truthHolds++;
      expect(s.expected.whenTrue.mirror_y).not.toBe(s.expected.whenFalse.mirror_y);
      expect(Math.abs(s.expected.whenTrue.threshold - s.expected.whenFalse.threshold)).toBeGreaterThanOrEqual(0.15 - 1e-9);
    }
    // binomial(400, 0.5): ±4 standard deviations is ±40
    expect(Math.abs(below - N / 2)).toBeLessThan(40);
    expect(Math.abs(truthHolds - N / 2)).toBeLessThan(40);
  });

  it('is deterministic per seed and differs between seeds', () => {
    expect(buildSample(beams, 'W-Multi', 'main', 3)).toEqual(buildSample(beams, 'W-Multi', 'main', 3));
    expect(buildSample(beams, 'W-Multi', 'main', 3).prompt).not.toBe(buildSample(beams, 'W-Multi', 'main', 4).prompt);
  });
});
