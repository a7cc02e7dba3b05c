/** Report cells (benchmarks/reports/cells.ts): never pooling configurations or prompt sets, each trial id once, scores through an accessor. */
import { describe, expect, it } from 'vitest';
import { cellScores, duplicateNotes, groupCells, separateRuns } from '../../../benchmarks/reports/cells.ts';

interface T {
  id: string;
  agent: string;
  style: string;
  hash: string;
  set: string;
  paper: { tc: number };
  engiai: { tc: number };
}

const t = (id: string, agent: string, style: string, hash: string, set: string, paperTc: number, engiaiTc: number): T => ({ id, agent, style, hash, set, paper: { tc: paperTc }, engiai: { tc: engiaiTc } });
const key = (x: T) => ({ problem: 'beams2d', style: x.style, agent: x.agent, configHash: x.hash, promptSet: x.set });

describe('report cells', () => {
  const trials = [
    t('s0.seed1', 'm', 'W-Cond', 'aaaaaaaaaaaaaaaa', 'main', 1, 0),
    t('s1.seed1', 'm', 'W-Cond', 'aaaaaaaaaaaaaaaa', 'main', 1, 1),
    // a second run of the same configuration: its copies count once
    t('s0.seed1', 'm', 'W-Cond', 'aaaaaaaaaaaaaaaa', 'main', 1, 0),
    // another configuration over the same tasks
    t('s0.seed1', 'm', 'W-Cond', 'bbbbbbbbbbbbbbbb', 'main', 0, 0),
    t('s1.seed1', 'm', 'W-Cond', 'bbbbbbbbbbbbbbbb', 'main', 0, 0),
    // the held-out paraphrases (trial ids end in .ho)
    t('s0.seed1.ho', 'm', 'W-Cond', 'cccccccccccccccc', 'held-out', 1, 1),
    t('s1.seed1.ho', 'm', 'W-Cond', 'cccccccccccccccc', 'held-out', 0, 0),
    t('s0.seed1', 'other', 'W-Rand', 'aaaaaaaaaaaaaaaa', 'main', 1, 1),
  ];

  it('keeps configurations and prompt sets apart and counts a trial id once per cell', () => {
    const cs = groupCells(trials, key, (x) => x.id);
    expect(cs.map((c) => [c.label, c.configHash, c.trials.length, c.duplicates])).toEqual([
      ['m · cfg aaaaaaaa', 'aaaaaaaaaaaaaaaa', 2, ['s0.seed1']],
      ['m · cfg bbbbbbbb', 'bbbbbbbbbbbbbbbb', 2, []],
      ['m · held-out', 'cccccccccccccccc', 2, []],
      ['other', 'aaaaaaaaaaaaaaaa', 1, []],
    ]);
    expect(duplicateNotes(cs)).toEqual(['m · cfg aaaaaaaa · beams2d W-Cond: s0.seed1 appears again under configuration aaaaaaaaaaaaaaaa and is counted once']);
  });

  it('labels an agent by its name alone when its configurations never share a task', () => {
    const cs = groupCells([t('a', 'm', 'W-Rand', '1111111111111111', 'main', 1, 1), t('b', 'm', 'W-Cond', '2222222222222222', 'main', 1, 1)], key, (x) => x.id);
    expect(cs.map((c) => [c.style, c.label, c.configHash])).toEqual([
      ['W-Rand', 'm', '1111111111111111'],
      ['W-Cond', 'm', '2222222222222222'],
    ]);
  });

  it('scores a cell through any accessor (one grouping for every score object a trial carries)', () => {
    const [first] = groupCells(trials, key, (x) => x.id);
    const spec = [{ key: 'tc', kind: 'proportion' as const }];
    expect(cellScores(first, (x) => x.paper, spec).tc).toMatchObject({ n: 2, mean: 1 });
    const e = cellScores(first, (x) => x.engiai, spec).tc;
    expect(e).toMatchObject({ n: 2, mean: 0.5, popStd: 0.5 });
    expect(e.std).toBeCloseTo(Math.SQRT1_2, 12);
  });

  it('separates the runs of a model-grouped suite: a model under two configurations is renamed in each, copies count once', () => {
    const r = separateRuns([
      { configHash: 'aaaaaaaaaaaaaaaa', trials: [{ trialId: 'x', model: 'm' }, { trialId: 'y', model: 'n' }] },
      { configHash: 'aaaaaaaaaaaaaaaa', trials: [{ trialId: 'x', model: 'm' }] },
      { configHash: 'bbbbbbbbbbbbbbbb', trials: [{ trialId: 'x', model: 'm' }] },
    ]);
    expect(r.trials.map((x) => [x.trialId, x.model])).toEqual([
      ['x', 'm · cfg aaaaaaaa'],
      ['y', 'n'],
      ['x', 'm · cfg bbbbbbbb'],
    ]);
    expect(r.duplicates).toHaveLength(1);
    expect(Object.fromEntries(r.hashOf)).toEqual({ 'm · cfg aaaaaaaa': 'aaaaaaaaaaaaaaaa', n: 'aaaaaaaaaaaaaaaa', 'm · cfg bbbbbbbb': 'bbbbbbbbbbbbbbbb' });
  });
});
