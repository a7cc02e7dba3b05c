/**
 * The paper protocol's scorers: the reference's own scorer unit tests (tests/fixtures/reference-scorers,
 * their inputs and expected outcomes as data) must all agree, and the formulas the reference applies
 * (S_tool over every call, symmetric Obj, one 8-connected component, IoU 0 on an empty union).
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { components8, paperBranch, paperIou, paperMultiValid, paperObjectiveScore, paperStlValid, paperToolScore, scorePaperTrial } from '../../../benchmarks/workflow/scoring/paperScore.ts';
import type { CallRecord, TraceView } from '../../../benchmarks/workflow/scoring/traceView.ts';
import type { WorkflowSample } from '../../../benchmarks/workflow/index.ts';
import type { StlArgs } from '../../../benchmarks/workflow/schema.ts';
import type { Design } from '../../../tools/engineering/problem.ts';
import { getProblem } from '../../../tools/engineering/registry.ts';

interface Fixture {
  stl: { name: string; details: Record<string, unknown>; expected: Partial<StlArgs>; valid: boolean }[];
  conditional: { name: string; compliance_threshold: number; gt_compliance: number | null; branch: 'high' | 'low' }[];
  conditional_sets: { branch_high: Partial<StlArgs>; branch_low: Partial<StlArgs>; common: Partial<StlArgs> };
  multi: { expected: Partial<StlArgs>[]; details: Record<string, Record<string, unknown>>; cases: { name: string; exports: string[]; valid: boolean }[] };
}
const fixture = JSON.parse(readFileSync(new URL('../../fixtures/reference-scorers/task_completion.json', import.meta.url), 'utf8')) as Fixture;

const d = (rows: number[][]): Design => ({ shape: [rows.length, rows[0].length], data: Float64Array.from(rows.flat()) });
const call = (name: string, ok = true, result: Record<string, unknown> = {}): CallRecord => ({ agent: 'engineering', name, args: {}, ok, result, pending: false });

/** "A:scale_xy=999" → export A's details with scale_xy 999. */
function details(spec: string): Record<string, unknown> {
  const [id, change] = spec.split(':');
  const base = { ...fixture.multi.details[id] };
  if (change) {
    const [k, v] = change.split('=');
    base[k] = v === 'true' ? true : v === 'false' ? false : Number(v);
  }
  return base;
}

describe("the reference's task-completion scorer tests, as data", () => {
  it.each(fixture.stl)('STL parameters: $name', (c) => {
    expect(paperStlValid(c.details, c.expected)).toBe(c.valid);
  });

  it.each(fixture.conditional)('W-Cond branch: $name', (c) => {
    expect(paperBranch(c.compliance_threshold, c.gt_compliance ?? undefined)).toBe(c.branch);
  });

  it.each(fixture.multi.cases)('W-Multi: $name', (c) => {
    expect(paperMultiValid(c.exports.map(details), fixture.multi.expected)).toBe(c.valid);
  });

  it('the same W-Cond cases through the whole paper scorer: the first export must take the dataset objective\'s branch', async () => {
    const problem = await getProblem('beams2d');
    const sets = fixture.conditional_sets;
    const high = { ...sets.common, ...sets.branch_high } as StlArgs;
    const low = { ...sets.common, ...sets.branch_low } as StlArgs;
    for (const c of fixture.conditional.filter((x) => x.gt_compliance !== null)) {
      const sample = {
        id: 'x', problem: 'beams2d', style: 'W-Cond', set: 'main', protocol: 'paper', templateId: 't', sampleIndex: 0, seed: 1, row: { id: 0, key: 'k' }, conditions: { volfrac: 0.4 }, config: {}, prompt: '', slots: {},
        expected: { kind: 'cond', objectiveKey: 'c', cmp: 'above', limit: c.compliance_threshold, whenTrue: high, whenFalse: low },
        groundTruth: { key: 'g', objective: c.gt_compliance! },
      } as WorkflowSample;
      for (const [taken, set] of [['high', high], ['low', low]] as const) {
        const view: TraceView = { sample, calls: [call('convert_design_to_stl', true, { ...set, mirrored: set.mirror_y })], designs: new Map(), turn: { status: 'done', answer: '' }, modelCalls: 0, inputTokens: 0, outputTokens: 0, costUsd: 0, durationMs: 0 };
        expect(scorePaperTrial(view, { problem, groundTruth: d([[0]]) }).s_completion, `${c.name} ${taken}`).toBe(taken === c.branch ? 1 : 0);
      }
    }
  });
});

describe('paper formulas', () => {
  it('S_tool counts every call, failed ones match too; create_problem is not in the optimal list', () => {
    expect(paperToolScore('W-Rand', [call('optimize_design'), call('simulate_design'), call('convert_design_to_stl')]).score).toBe(1);
    expect(paperToolScore('W-Rand', [call('create_problem'), call('optimize_design'), call('simulate_design'), call('convert_design_to_stl')]).score).toBe(0.75);
    expect(paperToolScore('Full', [call('optimize_design', false), call('simulate_design'), call('render_design')]).score).toBe(1);
  });

  it('Obj = max(0, 1 − relerr/0.2), symmetric', () => {
    expect(paperObjectiveScore(110, 100)).toBeCloseTo(0.5, 12);
    expect(paperObjectiveScore(90, 100)).toBeCloseTo(0.5, 12);
    expect(paperObjectiveScore(150, 100)).toBe(0);
    expect(paperObjectiveScore(100, 100)).toBe(1);
  });

  it('Conn: exactly one 8-connected component; IoU 0 on an empty union, > 0.5 binarization', () => {
    expect(components8(d([[1, 0], [0, 1]]))).toBe(1);
    expect(components8(d([[1, 0, 1]]))).toBe(2);
    expect(components8(d([[0, 0]]))).toBe(0);
    expect(paperIou(d([[0]]), d([[0]]))).toBe(0);
    expect(paperIou(d([[0.5, 1]]), d([[1, 1]]))).toBe(0.5);
  });
});
