/**
 * The workflow score of one trial under the engiai protocol (paper Appendix A.1, benchmarks.md §2.4,
 * with the reference's holes closed; the paper protocol's scorer is paperScore.ts), a pure function
 * of the trace and the sample's ground truth. Beyond the paper: export values must match within 0.01
 * (below the spacing of every drawn value), the design must come from an optimize_design call with the
 * prompt's conditions, solver settings and seed, a W-Cond export must follow a successful simulate of
 * the design it exports and its branch is judged on that design, and S_tool is order-aware. Its only computation is deterministic re-simulation: the
 * agent's and the ground-truth design through the problem's simulator under the true conditions,
 * the agent's design under its own conditions (the objective W-Cond branches on), and each STL export
 * again through the exporter (is the mesh a closed, consistently oriented 2-manifold?).
 */
import type { ConfigValues } from '../../../tools/engineering/constraint.ts';
import type { Design, Problem } from '../../../tools/engineering/problem.ts';
import { SEED_SENTENCE_RE } from '../protocol.ts';
import type { StlArgs } from '../schema.ts';
import { OPTIMAL_SEQUENCE, TOOL } from '../styles.ts';
import { boundsExcess, connectivity, constraintCredit, iou, meanDensity, pixelAccuracy, sameShape } from './designMetrics.ts';
import type { CallRecord, TraceView } from './traceView.ts';
import { composite, DESIGN_WEIGHTS, PAPER_WEIGHTS, type DesignMetric } from './weights.ts';

/**
 * Export parameters match within ±0.01 (floats), booleans exactly. The paper's ±0.05 (Appendix A.1,
 * paperScore.ts) is the spacing of our drawn values, so a value one grid step off passed; 0.01 is below
 * every spacing (0.05 / 0.1 / 1 on the engiai grids, 0.01 / 0.01 / 0.1 as the paper prints them) and
 * every wrong candidate is drawn at least 0.1 away.
 */
export const PARAM_TOLERANCE = 0.01;
export const VOLFRAC_TAU = 0.05;

export interface ScoringDeps {
  problem: Problem;
  groundTruth: Design;
  /** Re-exports a design as STL and says whether the mesh is watertight. */
  watertight(design: Design, args: StlArgs): Promise<boolean>;
}

export interface WorkflowScore {
  iou: number;
  pa: number;
  obj: number;
  constr: number;
  conn: number;
  wt: number;
  s_design: number;
  s_tool: number;
  s_completion: number;
  co: number;
  /** Calls by tool name (all specialist calls, failed ones too). */
  toolCounts: Record<string, number>;
  calls: number;
  matched: number;
  /** Why the trial did not complete ('' when it did). */
  failure: string;
  /** W-Cond: the branch the real simulate output implies, and whether the exports took it. */
  branch?: { expected: 'true' | 'false'; objective: number; taken: 'true' | 'false' | 'none' };
}

const okCalls = (calls: readonly CallRecord[], name: string) => calls.filter((c) => c.ok && c.name === name);

/** Length of the longest common subsequence of two name sequences. */
export function lcsLength(a: readonly string[], b: readonly string[]): number {
  let prev = new Array<number>(b.length + 1).fill(0);
  for (const x of a) {
    const row = [0];
    for (let j = 0; j < b.length; j++) row.push(x === b[j] ? prev[j] + 1 : Math.max(prev[j + 1], row[j]));
    prev = row;
  }
  return prev[b.length];
}

/** S_tool, order-aware: matched = the longest common subsequence of the successful calls and the optimal sequence. */
export function toolScore(style: TraceView['sample']['style'], calls: readonly CallRecord[]): { score: number; matched: number } {
  const optimal = OPTIMAL_SEQUENCE[style];
  const matched = lcsLength(calls.filter((c) => c.ok).map((c) => c.name), optimal);
  return { score: matched / Math.max(optimal.length, calls.length), matched };
}

const near = (a: unknown, e: number | boolean) => (typeof e === 'boolean' ? a === e : Math.abs(Number(a) - e) <= 1e-9 + 1e-6 * Math.abs(e));

/** Why the optimize call's arguments are not those the prompt gives ('' when they are): its resolved conditions, the stated solver settings, the seed. */
export function optimizeArgsMismatch(sample: TraceView['sample'], opt: CallRecord): string {
  const resolved = (opt.result?.conditions ?? {}) as Record<string, unknown>;
  const config = { ...((opt.args.config ?? {}) as Record<string, unknown>) };
  for (const [k, v] of Object.entries(sample.conditions)) if (!near(resolved[k], v)) return `optimize_design used ${k} = ${String(resolved[k])}, the prompt gives ${String(v)}`;
  for (const [k, v] of Object.entries(sample.config)) if (!near(config[k], v)) return `optimize_design used ${k} = ${String(config[k])}, the prompt gives ${String(v)}`;
  if (SEED_SENTENCE_RE.test(sample.prompt) && opt.args.seed !== sample.seed) return `optimize_design used seed ${String(opt.args.seed)}, the prompt gives ${sample.seed}`;
  return '';
}

export const exportArgsOf = (c: CallRecord): StlArgs => {
  const r = c.result ?? {};
  return { threshold: Number(r.threshold), scale_xy: Number(r.scale_xy), scale_z: Number(r.scale_z), mirror_y: r.mirror_y === true };
};

export function argsMatch(a: StlArgs, e: StlArgs): boolean {
  const near = (x: number, y: number) => Math.abs(x - y) <= PARAM_TOLERANCE + 1e-9;
  return near(a.threshold, e.threshold) && near(a.scale_xy, e.scale_xy) && near(a.scale_z, e.scale_z) && a.mirror_y === e.mirror_y;
}

/** Every export matches an expected set; every set is matched (W-Multi: each exactly once). */
function exportsMatch(actual: readonly StlArgs[], expected: readonly StlArgs[], exactlyOnce: boolean): string {
  if (!actual.length) return 'no STL export';
  const stray = actual.find((a) => !expected.some((e) => argsMatch(a, e)));
  if (stray) return `export parameters ${JSON.stringify(stray)} match no requested set`;
  for (const e of expected) {
    const n = actual.filter((a) => argsMatch(a, e)).length;
    if (!n) return `requested export ${JSON.stringify(e)} was not made`;
    if (exactlyOnce && n > 1) return `export ${JSON.stringify(e)} made ${n} times`;
  }
  return '';
}

const missingTools = (calls: readonly CallRecord[], names: readonly string[]) => [...new Set(names)].filter((n) => !okCalls(calls, n).length);

function simulated(problem: Problem, design: Design, config: ConfigValues): number {
  if (!sameShape(design, { shape: problem.designShape(config) })) return NaN;
  return problem.simulate(design, config)[0];
}

function ratioScore(direction: 'minimize' | 'maximize', agent: number, gt: number): number {
  if (!Number.isFinite(agent) || !Number.isFinite(gt)) return 0;
  if (direction === 'minimize') return agent > 0 ? Math.min(1, gt / agent) : 0;
  return gt !== 0 ? Math.min(1, Math.max(0, agent / gt)) : 0;
}

/**
 * Obj from both designs simulated under the true conditions. One objective: the ratio. ThermoElastic2D
 * (structural compliance, thermal compliance, volume-fraction error): the mean of the two ratios and
 * exp(−error/τ) of the volume-fraction error (a ratio of two near-zero errors would be noise).
 */
function objectiveScore(problem: Problem, design: Design, gt: Design, trueConfig: ConfigValues): number {
  if (!sameShape(design, { shape: problem.designShape(trueConfig) })) return 0;
  const a = problem.simulate(design, trueConfig);
  const g = problem.simulate(gt, trueConfig);
  const credits = problem.objectives.map((o, i) => (o.name === 'volume_fraction' ? constraintCredit(a[i], 0, VOLFRAC_TAU) : ratioScore(o.direction, a[i], g[i])));
  return credits.reduce((s, x) => s + x, 0) / credits.length;
}

/** Mean over the problem's constraints of exp(−|v − v*|/τ): the volume fraction where the problem has one, else the [0, 1] bounds. */
function constraintScore(problem: Problem, design: Design, trueConfig: ConfigValues): number {
  if (problem.id === 'beams2d' || problem.id === 'thermoelastic2d' || problem.id === 'beams3d') return constraintCredit(meanDensity(design), Number(trueConfig.volfrac), VOLFRAC_TAU);
  return constraintCredit(boundsExcess(design), 0, VOLFRAC_TAU);
}

export async function scoreWorkflowTrial(view: TraceView, deps: ScoringDeps): Promise<WorkflowScore> {
  const { sample, calls } = view;
  const { problem } = deps;
  const trueConfig = problem.resolveConfig({ ...sample.conditions, ...sample.config });
  const toolCounts: Record<string, number> = {};
  for (const c of calls) toolCounts[c.name] = (toolCounts[c.name] ?? 0) + 1;
  const tool = toolScore(sample.style, calls);
  const opt = okCalls(calls, TOOL.optimize).at(-1);
  const made = opt ? view.designs.get(String(opt.result?.design_id)) : undefined;
  const exports = okCalls(calls, TOOL.convert);
  const designOf = (c: CallRecord) => String(c.result?.design_id);

  // task completion (§2.2's table)
  let failure = '';
  let branch: WorkflowScore['branch'];
  if (sample.style === 'Natural') {
    const asked = calls.some((c) => c.name === TOOL.ask && c.ok);
    failure = !asked ? 'did not ask for the missing values' : opt ? 'produced a design without the values' : '';
  } else {
    const missing = missingTools(calls, OPTIMAL_SEQUENCE[sample.style]);
    if (missing.length) failure = `missing successful ${missing.join(', ')}`;
    if (!failure && opt) failure = optimizeArgsMismatch(sample, opt);
    const e = sample.expected;
    if (e.kind === 'exports' || e.kind === 'cond') {
      let expected = e.kind === 'exports' ? e.exports : [];
      if (e.kind === 'cond') {
        // every export must follow a successful simulate of the design it exports; the branch is judged on the exported design
        const blind = exports.find((x) => !calls.slice(0, calls.indexOf(x)).some((c) => c.ok && c.name === TOOL.simulate && designOf(c) === designOf(x)));
        if (!failure && blind) failure = `exported design ${designOf(blind)} before simulating it`;
        const judged = exports.length ? view.designs.get(designOf(exports[0])) : made;
        const v = judged ? simulated(problem, judged.design, problem.resolveConfig(judged.config)) : NaN;
        const holds = e.cmp === 'below' ? v < e.limit : v > e.limit;
        expected = Number.isFinite(v) ? [holds ? e.whenTrue : e.whenFalse] : [];
        const taken = exports.map(exportArgsOf);
        const took = (b: StlArgs) => taken.some((a) => argsMatch(a, b));
        branch = { expected: holds ? 'true' : 'false', objective: v, taken: took(e.whenTrue) ? 'true' : took(e.whenFalse) ? 'false' : 'none' };
      }
      const mismatch = expected.length ? exportsMatch(exports.map(exportArgsOf), expected, sample.style === 'W-Multi') : 'no design to branch on';
      if (!failure && mismatch) failure = mismatch;
    }
  }
  const s_completion = failure ? 0 : 1;

  // design quality
  const m: Record<DesignMetric, number> = { iou: 0, pa: 0, obj: 0, constr: 0, conn: 0, wt: 0 };
  if (made) {
    const d = made.design;
    m.iou = iou(d, deps.groundTruth);
    m.pa = pixelAccuracy(d, deps.groundTruth);
    m.obj = objectiveScore(problem, d, deps.groundTruth, trueConfig);
    m.constr = constraintScore(problem, d, trueConfig);
    m.conn = connectivity(d);
  }
  if (exports.length) {
    const checks = await Promise.all(
      exports.map(async (c) => {
        const d = view.designs.get(String(c.result?.design_id))?.design;
        return d ? deps.watertight(d, exportArgsOf(c)) : false;
      }),
    );
    m.wt = checks.every(Boolean) ? 1 : 0;
  }
  const abstained = sample.style === 'Natural' && s_completion === 1;
  const s_design = abstained ? 1 : (Object.keys(DESIGN_WEIGHTS) as DesignMetric[]).reduce((s, k) => s + DESIGN_WEIGHTS[k] * m[k], 0);
  const co = composite(PAPER_WEIGHTS, { design: s_design, tool: tool.score, completion: s_completion });
  return { ...m, s_design, s_tool: tool.score, s_completion, co, toolCounts, calls: calls.length, matched: tool.matched, failure, ...(branch ? { branch } : {}) };
}
