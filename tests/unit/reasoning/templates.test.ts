/**
 * Every template's chain, recomputed independently (recompute.ts), over many seeded instances; the
 * catalogue's shape (≥ 45 symbolic templates, four branches, three difficulty levels); sanity checks.
 */
import { describe, expect, it } from 'vitest';
import { ALL_TEMPLATES, generateSample, prepareTemplates, selectTemplates } from '../../../benchmarks/reasoning/index.ts';
import { difficultyOf } from '../../../benchmarks/reasoning/template.ts';
import { RECOMPUTE } from './recompute.ts';

const symbolic = ALL_TEMPLATES.filter((t) => t.source === 'symbolic');

function relErr(a: number, b: number): number {
  return Math.abs(a - b) / Math.max(Math.abs(a), Math.abs(b), 1e-300);
}

describe('template catalogue', () => {
  it('has at least 45 symbolic templates over the four branches and three difficulties', () => {
    expect(symbolic.length).toBeGreaterThanOrEqual(45);
    for (const branch of ['mechanical', 'civil', 'electrical', 'chemical']) expect(symbolic.filter((t) => t.branch === branch).length).toBeGreaterThanOrEqual(10);
    for (const d of ['easy', 'intermediate', 'advanced']) expect(symbolic.filter((t) => t.difficulty === d).length).toBeGreaterThanOrEqual(10);
    expect(ALL_TEMPLATES.filter((t) => t.source === 'engine').length).toBeGreaterThanOrEqual(3);
  });

  it('derives the difficulty from the three axes', () => {
    expect(difficultyOf({ concepts: 1, mathematics: 1, depth: 2 })).toBe('easy');
    expect(difficultyOf({ concepts: 2, mathematics: 2, depth: 2 })).toBe('intermediate');
    expect(difficultyOf({ concepts: 3, mathematics: 2, depth: 2 })).toBe('advanced');
    for (const t of ALL_TEMPLATES) expect(t.difficulty).toBe(difficultyOf(t.axes));
  });

  it('selects by branch, difficulty and count, and refuses unknown names', () => {
    expect(selectTemplates({ branch: ['civil'] }).every((t) => t.branch === 'civil')).toBe(true);
    expect(selectTemplates({ difficulty: ['easy'], branch: ['chemical'] }).every((t) => t.difficulty === 'easy' && t.branch === 'chemical')).toBe(true);
    expect(selectTemplates({ count: 5 })).toHaveLength(5);
    expect(() => selectTemplates({ branch: ['nuclear' as never] })).toThrow(/unknown branch/);
  });

  it('has an independent recomputation for every symbolic template', () => {
    expect(symbolic.map((t) => t.id).filter((id) => !RECOMPUTE[id])).toEqual([]);
  });
});

describe.each(symbolic.map((t) => [t.id, t] as const))('%s', (id, template) => {
  it('matches the independent recomputation on 40 seeded instances', () => {
    for (const seed of [1, 2]) {
      for (let k = 0; k < 20; k++) {
        const s = generateSample(template, seed, k);
        const expected = RECOMPUTE[id](s.given);
        expect(expected, `${s.id}: number of steps`).toHaveLength(s.steps.length);
        s.steps.forEach((step, i) => expect(relErr(step.value, expected[i]), `${s.id} step ${i + 1} (${step.symbol}) = ${step.value} vs ${expected[i]}`).toBeLessThan(1e-6));
        expect(s.answer.value).toBe(s.steps[s.steps.length - 1].value);
        expect(s.answer.unit).toBe(s.steps[s.steps.length - 1].unit);
      }
    }
  });

  it('draws finite, non-zero steps and states the answer unit in the question', () => {
    for (let k = 0; k < 30; k++) {
      const s = generateSample(template, 9, k);
      for (const step of s.steps) expect(Number.isFinite(step.value) && step.value !== 0).toBe(true);
      expect(s.question).toMatch(/Give the final answer/);
      expect(s.steps.map((x) => x.n)).toEqual(s.steps.map((_, i) => i + 1));
    }
  });
});

describe('sanity checks (EngChain §4.4)', () => {
  it('keeps stresses below yield, outlet concentrations below inlet ones and speeds below c', async () => {
    await prepareTemplates(ALL_TEMPLATES);
    const get = (id: string) => ALL_TEMPLATES.find((t) => t.id === id)!;
    for (let k = 0; k < 50; k++) {
      const axial = generateSample(get('mechanical.axial_elongation'), 3, k);
      expect(axial.steps[1].value).toBeLessThan(Number(axial.given.Sy_MPa));
      const bend = generateSample(get('mechanical.beam_bending_stress'), 3, k);
      expect(bend.steps[3].value).toBeLessThan(Number(bend.given.Sy_MPa));
      const batch = generateSample(get('chemical.first_order_batch'), 3, k);
      expect(batch.answer.value).toBeLessThan(Number(batch.given.CA0_mol_L));
      const cstr = generateSample(get('chemical.cstr_volume'), 3, k);
      expect(cstr.steps[0].value).toBeLessThan(Number(cstr.given.CA0_mol_L));
      const wave = generateSample(get('electrical.dielectric_wave'), 3, k);
      expect(wave.steps[0].value).toBeLessThan(299_792_458);
    }
  });
});
