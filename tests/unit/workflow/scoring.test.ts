/** The workflow scorers on hand-made traces: design metrics, tool use, completion rules, the composite. */
import { describe, expect, it } from 'vitest';
import { connectivity, iou, largestComponentShare, pixelAccuracy } from '../../../benchmarks/workflow/scoring/designMetrics.ts';
import { argsMatch, lcsLength, scoreWorkflowTrial, toolScore } from '../../../benchmarks/workflow/scoring/scoreTrial.ts';
import type { CallRecord, TraceView } from '../../../benchmarks/workflow/scoring/traceView.ts';
import type { WorkflowSample } from '../../../benchmarks/workflow/index.ts';
import type { Design } from '../../../tools/engineering/problem.ts';
import { optimize } from '../../../tools/engineering/problem.ts';
import { getProblem } from '../../../tools/engineering/registry.ts';

const d = (rows: number[][]): Design => ({ shape: [rows.length, rows[0].length], data: Float64Array.from(rows.flat()) });
const ok = (name: string, args: Record<string, unknown> = {}, result: Record<string, unknown> = {}): CallRecord => ({ agent: 'engineering', name, args, ok: true, result, pending: false });

describe('design metrics', () => {
  it('binarize at 0.5 for IoU and pixel accuracy', () => {
    const a = d([[1, 0.6, 0], [0, 0.4, 1]]);
    const g = d([[1, 0, 0], [0, 1, 1]]);
    expect(iou(a, g)).toBeCloseTo(2 / 4, 12);
    expect(pixelAccuracy(a, g)).toBeCloseTo(4 / 6, 12);
    expect(iou(d([[0]]), d([[0]]))).toBe(1);
    expect(iou(a, d([[1, 1]]))).toBe(0);
  });

  it('4-connectivity: diagonal neighbours are separate components; 99 % of the solid must be one', () => {
    expect(largestComponentShare(d([[1, 0], [0, 1]]))).toBe(0.5);
    expect(connectivity(d([[1, 1], [0, 1]]))).toBe(1);
    const big = Array.from({ length: 10 }, (_, r) => Array.from({ length: 11 }, (_, c) => (c < 10 ? 1 : r === 0 ? 0 : 0)));
    big[9][10] = 0;
    big[0][10] = 0;
    expect(connectivity(d(big))).toBe(1);
    big[5][10] = 0;
    const island = big.map((r) => [...r, 0, 1]);
    expect(largestComponentShare(d(island))).toBeLessThan(0.99);
    expect(connectivity(d(island))).toBe(0);
    expect(connectivity(d([[0, 0]]))).toBe(0);
  });
});

describe('tool use and completion', () => {
  it('S_tool = matched / max(optimal, actual), matched = the longest common subsequence of the successful calls and the optimal sequence', () => {
    const seq = [ok('create_problem'), ok('optimize_design'), ok('simulate_design'), ok('render_design')];
    expect(toolScore('Full', seq)).toEqual({ score: 1, matched: 4 });
    expect(toolScore('Full', [...seq, ok('simulate_design')]).score).toBeCloseTo(4 / 5, 12);
    expect(toolScore('Full', [seq[0], { ...seq[1], ok: false }, seq[1], seq[2], seq[3]]).score).toBeCloseTo(4 / 5, 12);
    expect(toolScore('Full', seq.slice(0, 3)).score).toBeCloseTo(3 / 4, 12);
    expect(toolScore('W-Multi', [ok('create_problem'), ok('optimize_design'), ok('simulate_design'), ok('convert_design_to_stl'), ok('convert_design_to_stl')]).score).toBe(1);
    expect(toolScore('Natural', [ok('ask_human_for_clarification')]).score).toBe(1);
    // order-aware: exporting before simulating matches 3 of 4 (a multiset match would give 1)
    expect(toolScore('W-Cond', [ok('create_problem'), ok('optimize_design'), ok('convert_design_to_stl'), ok('simulate_design')])).toEqual({ score: 0.75, matched: 3 });
    expect(lcsLength(['a', 'b', 'c', 'b'], ['b', 'c', 'b', 'a'])).toBe(3);
  });

  it('export parameters match within ±0.01 (below the 0.05 grid step), booleans exactly', () => {
    const e = { threshold: 0.5, scale_xy: 1, scale_z: 10, mirror_y: true };
    expect(argsMatch({ ...e, threshold: 0.51 }, e)).toBe(true);
    expect(argsMatch({ ...e, threshold: 0.55 }, e)).toBe(false);
    expect(argsMatch({ ...e, scale_z: 10.05 }, e)).toBe(false);
    expect(argsMatch({ ...e, mirror_y: false }, e)).toBe(false);
  });

  it('scores a W-Multi trial: each requested export exactly once; W-Cond follows the re-simulated objective', async () => {
    const problem = await getProblem('beams2d');
    const config = problem.resolveConfig({ nelx: 12, nely: 6, max_iter: 10, volfrac: 0.4, rmin: 1.5, forcedist: 0.5 });
    const design = optimize(problem, config).design;
    const c = problem.simulate(design, config)[0];
    const sets = [
      { threshold: 0.3, scale_xy: 1, scale_z: 5, mirror_y: false },
      { threshold: 0.7, scale_xy: 2, scale_z: 8, mirror_y: true },
    ];
    const sample = (style: WorkflowSample['style'], expected: WorkflowSample['expected']): WorkflowSample => ({
      id: 'x', problem: 'beams2d', style, set: 'main', protocol: 'engiai', templateId: 't', sampleIndex: 0, seed: 0, row: { id: 0, key: 'k' },
      conditions: { volfrac: 0.4, rmin: 1.5, forcedist: 0.5 }, config: { nelx: 12, nely: 6, max_iter: 10 }, prompt: 'IMPORTANT: Use seed=0 when calling tools.', slots: {}, expected, groundTruth: { key: 'g', objective: c },
    });
    const optimized = ok('optimize_design', { config: { nelx: 12, nely: 6, max_iter: 10 }, seed: 0 }, { design_id: 'd1', conditions: { volfrac: 0.4, rmin: 1.5, forcedist: 0.5 } });
    const simulated = ok('simulate_design', { design_id: 'd1' }, { design_id: 'd1' });
    const exported = (exports: typeof sets) => exports.map((a) => ok('convert_design_to_stl', {}, { design_id: 'd1', ...a }));
    const calls = (exports: typeof sets) => [ok('create_problem'), optimized, simulated, ...exported(exports)];
    const view = (s: WorkflowSample, cs: CallRecord[]): TraceView => ({ sample: s, calls: cs, designs: new Map([['d1', { design, config }]]), turn: { status: 'done', answer: '' }, modelCalls: 0, inputTokens: 0, outputTokens: 0, costUsd: 0, durationMs: 0 });
    const deps = { problem, groundTruth: design, watertight: async () => true };
    const multi = sample('W-Multi', { kind: 'exports', exports: sets });
    expect((await scoreWorkflowTrial(view(multi, calls(sets)), deps)).s_completion).toBe(1);
    const twice = await scoreWorkflowTrial(view(multi, calls([sets[0], sets[0], sets[1]])), deps);
    expect(twice.s_completion).toBe(0);
    expect(twice.failure).toMatch(/made 2 times/);
    const full = await scoreWorkflowTrial(view(multi, calls(sets)), deps);
    expect(full).toMatchObject({ iou: 1, pa: 1, obj: 1, conn: connectivity(design), wt: 1 });
    expect(full.co).toBeCloseTo(0.65 * full.s_design + 0.2 + 0.15, 12);

    const cond = (cmp: 'below' | 'above', limit: number) => sample('W-Cond', { kind: 'cond', objectiveKey: 'c', cmp, limit, whenTrue: sets[0], whenFalse: sets[1] });
    const t1 = await scoreWorkflowTrial(view(cond('below', c * 1.1), calls([sets[0]])), deps);
    expect(t1).toMatchObject({ s_completion: 1, branch: { expected: 'true', taken: 'true' } });
    const t2 = await scoreWorkflowTrial(view(cond('above', c * 1.1), calls([sets[0]])), deps);
    expect(t2).toMatchObject({ s_completion: 0, branch: { expected: 'false', taken: 'true' } });
    expect((await scoreWorkflowTrial(view(cond('above', c * 1.1), calls([])), deps)).failure).toBe('missing successful convert_design_to_stl');
    // the export must follow a successful simulate of the design it exports
    const blind = await scoreWorkflowTrial(view(cond('below', c * 1.1), [ok('create_problem'), optimized, ...exported([sets[0]]), simulated]), deps);
    expect(blind).toMatchObject({ s_completion: 0, failure: 'exported design d1 before simulating it' });
    const otherSim = await scoreWorkflowTrial(view(cond('below', c * 1.1), [ok('create_problem'), optimized, ok('simulate_design', { design_id: 'd0' }, { design_id: 'd0' }), ...exported([sets[0]])]), deps);
    expect(otherSim.s_completion).toBe(0);
  });

  it('TC requires the optimize arguments the prompt gives: its conditions, solver settings and seed', async () => {
    const problem = await getProblem('beams2d');
    const config = problem.resolveConfig({ nelx: 12, nely: 6, max_iter: 10, volfrac: 0.4, rmin: 1.5, forcedist: 0.5 });
    const design = optimize(problem, config).design;
    const e = { threshold: 0.3, scale_xy: 1, scale_z: 5, mirror_y: false };
    const sample: WorkflowSample = {
      id: 'x', problem: 'beams2d', style: 'W-Rand', set: 'main', protocol: 'engiai', templateId: 't', sampleIndex: 0, seed: 2, row: { id: 0, key: 'k' },
      conditions: { volfrac: 0.4, rmin: 1.5, forcedist: 0.5 }, config: { nelx: 12, nely: 6, max_iter: 10 }, prompt: 'IMPORTANT: Use seed=2 when calling tools.', slots: {},
      expected: { kind: 'exports', exports: [e] }, groundTruth: { key: 'g', objective: 1 },
    };
    const run = (args: Record<string, unknown>, conditions: Record<string, number>) =>
      scoreWorkflowTrial(
        { sample, calls: [ok('create_problem'), ok('optimize_design', args, { design_id: 'd1', conditions }), ok('simulate_design', { design_id: 'd1' }, { design_id: 'd1' }), ok('convert_design_to_stl', {}, { design_id: 'd1', ...e })], designs: new Map([['d1', { design, config }]]), turn: { status: 'done', answer: '' }, modelCalls: 0, inputTokens: 0, outputTokens: 0, costUsd: 0, durationMs: 0 },
        { problem, groundTruth: design, watertight: async () => true },
      );
    const right = { volfrac: 0.4, rmin: 1.5, forcedist: 0.5 };
    const solver = { nelx: 12, nely: 6, max_iter: 10 };
    expect((await run({ config: solver, seed: 2 }, right)).failure).toBe('');
    expect((await run({ config: solver, seed: 2 }, { ...right, volfrac: 0.5 })).failure).toBe('optimize_design used volfrac = 0.5, the prompt gives 0.4');
    expect((await run({ config: { ...solver, max_iter: 20 }, seed: 2 }, right)).failure).toBe('optimize_design used max_iter = 20, the prompt gives 10');
    expect((await run({ config: solver }, right)).failure).toBe('optimize_design used seed undefined, the prompt gives 2');
  });
});
