/**
 * The workflow score of one trial under the paper protocol: the scorers of the EngiAI paper's
 * published code (gioelemo/EngiAI-Public at protocol.ts's REFERENCE_COMMIT; formulas as restated in
 * shared/specs/reference-implementation.md §3), a pure function of the trace and the sample's ground
 * truth. What it reproduces, rule by rule:
 *   S_tool  matched / max(optimal, actual), matched = Σ min(count) per name over every call (failed
 *           ones count and can match); optimal lists without create_problem.
 *   TC      Full: a successful render_design; Natural: ask_human_for_clarification called (a design
 *           may also be made); W-*: the first successful convert_design_to_stl (W-Multi: the first
 *           two, in order) within ±0.05, mirror exact; W-Cond's branch from the dataset's objective.
 *   IoU/PA  binarized > 0.5; IoU 0 when the union is empty; a shape mismatch zeroes the design score.
 *   Obj     max(0, 1 − |a − t| / |t| / 0.2), a = the first simulate_design result's objective (the
 *           agent's own report), t = the dataset's objective (symmetric: beating it is penalised too).
 *   Constr  Beams2D exp(−|mean(design) − volfrac| / 0.01) (the registry's τ; the stored scorer's lookup
 *           quirk, which always gave 1.0, is not reproduced); Photonics2D: no constraint, 1.0.
 *   Conn    1 iff the binarized design is exactly one 8-connected component.
 *   Beams3D (not in the paper): the Beams2D rules one dimension up: Constr on volfrac, Conn 26-connected.
 *   WT      0: the reference's exporter writes one cube per cell (shared internal faces), never watertight.
 *   Natural without a design and TC = 1 → S_design = 1.
 *   ThermoElastic2D (in the reference's registry, not in the paper): weights Obj 0.27, Constr 0; Obj
 *           the mean over its three objectives (the volume-fraction error as exp(−error/0.01), since a
 *           relative error of a near-zero error is noise; the reference's per-objective weights were
 *           not read).
 */
import type { Design, Problem } from '../../../tools/engineering/problem.ts';
import type { StlArgs } from '../schema.ts';
import { COND_OBJECTIVE, TOOL, type Style } from '../styles.ts';
import type { WorkflowScore } from './scoreTrial.ts';
import type { CallRecord, TraceView } from './traceView.ts';
import { forEachNeighbour, sameShape } from './designMetrics.ts';
import { composite, DESIGN_WEIGHTS, PAPER_WEIGHTS, type DesignMetric } from './weights.ts';

export const PAPER_PARAM_TOLERANCE = 0.05;
export const PAPER_VOLFRAC_TAU = 0.01;
/** Obj: a relative error of 20 % scores 0. */
export const PAPER_OBJ_SCALE = 0.2;

/** The reference's design weights for ThermoElastic2D (Constr's weight moved to Obj). */
export const PAPER_THERMO_WEIGHTS: Record<DesignMetric, number> = { iou: 0.31, pa: 0.19, obj: 0.27, constr: 0, conn: 0.12, wt: 0.11 };

/** The reference's optimal lists (no create_problem). */
export const PAPER_OPTIMAL: Record<Style, readonly string[]> = {
  Full: [TOOL.optimize, TOOL.simulate, TOOL.render],
  Natural: [TOOL.ask],
  'W-Rand': [TOOL.optimize, TOOL.simulate, TOOL.convert],
  'W-Derived': [TOOL.optimize, TOOL.simulate, TOOL.convert],
  'W-Distract': [TOOL.optimize, TOOL.simulate, TOOL.convert],
  'W-Cond': [TOOL.optimize, TOOL.simulate, TOOL.convert],
  'W-Multi': [TOOL.optimize, TOOL.simulate, TOOL.convert, TOOL.convert],
};

const solidRef = (v: number) => v > 0.5;

export function paperToolScore(style: Style, calls: readonly CallRecord[]): { score: number; matched: number } {
  const optimal = PAPER_OPTIMAL[style];
  const want = new Map<string, number>();
  for (const n of optimal) want.set(n, (want.get(n) ?? 0) + 1);
  const have = new Map<string, number>();
  for (const c of calls) have.set(c.name, (have.get(c.name) ?? 0) + 1);
  let matched = 0;
  for (const [n, k] of want) matched += Math.min(k, have.get(n) ?? 0);
  return { score: matched / Math.max(optimal.length, calls.length), matched };
}

export function paperIou(a: Design, g: Design): number {
  let inter = 0;
  let union = 0;
  for (let i = 0; i < a.data.length; i++) {
    const x = solidRef(a.data[i]);
    const y = solidRef(g.data[i]);
    if (x && y) inter++;
    if (x || y) union++;
  }
  return union === 0 ? 0 : inter / union;
}

export function paperPixelAccuracy(a: Design, g: Design): number {
  let same = 0;
  for (let i = 0; i < a.data.length; i++) if (solidRef(a.data[i]) === solidRef(g.data[i])) same++;
  return same / a.data.length;
}

/** Number of 8-connected (3-D: 26-connected) components of the binarized (> 0.5) design. */
export function components8(d: Design): number {
  const size = d.data.length;
  const seen = new Uint8Array(size);
  const stack = new Int32Array(size);
  let count = 0;
  for (let start = 0; start < size; start++) {
    if (seen[start] || !solidRef(d.data[start])) continue;
    count++;
    let top = 0;
    stack[top++] = start;
    seen[start] = 1;
    const push = (n: number) => {
      if (!seen[n] && solidRef(d.data[n])) {
        seen[n] = 1;
        stack[top++] = n;
      }
    };
    while (top > 0) forEachNeighbour(d.shape, stack[--top], true, push);
  }
  return count;
}

export function paperObjectiveScore(agent: number, target: number): number {
  if (!Number.isFinite(agent) || !Number.isFinite(target) || target === 0) return 0;
  return Math.max(0, 1 - Math.abs(agent - target) / Math.abs(target) / PAPER_OBJ_SCALE);
}

/**
 * The reference's STL parameter check of one export's details (its tool result): every parameter the
 * expected set names must be present, floats (strings and integers converted) within ±0.05, the mirror
 * flag (`mirrored`, or our `mirror_y`) equal after bool conversion; parameters it does not name are skipped.
 */
export function paperStlValid(details: Record<string, unknown>, expected: Partial<StlArgs>): boolean {
  for (const [k, e] of Object.entries(expected)) {
    if (k === 'mirror_y') {
      const a = details.mirrored ?? details.mirror_y;
      if (a === undefined || Boolean(a) !== e) return false;
      continue;
    }
    const a = details[k];
    if (a === undefined || a === null || !(Math.abs(Number(a) - Number(e)) <= PAPER_PARAM_TOLERANCE + 1e-9)) return false;
  }
  return true;
}

/** The reference's W-Cond branch: "high" iff the dataset's objective > the threshold (a missing objective is 0). */
export function paperBranch(limit: number, objective: number | undefined): 'high' | 'low' {
  return (objective ?? 0) > limit ? 'high' : 'low';
}

/** W-Multi: the first two exports, in order, each matching its set. */
export function paperMultiValid(details: readonly Record<string, unknown>[], expected: readonly Partial<StlArgs>[]): boolean {
  return details.length >= expected.length && expected.every((e, i) => paperStlValid(details[i], e));
}

const detailsOf = (c: CallRecord): Record<string, unknown> => c.result ?? {};
const paperArgsMatch = (a: Record<string, unknown>, e: StlArgs) => paperStlValid(a, e);

function completion(view: TraceView): { failure: string; branch?: WorkflowScore['branch'] } {
  const { sample, calls } = view;
  const ok = (name: string) => calls.filter((c) => c.ok && c.name === name);
  const e = sample.expected;
  if (e.kind === 'full') return { failure: ok(TOOL.render).length ? '' : 'no successful render_design' };
  if (e.kind === 'ask') return { failure: calls.some((c) => c.name === TOOL.ask) ? '' : 'did not ask for the missing values' };
  const exports = ok(TOOL.convert).map(detailsOf);
  if (e.kind === 'cond') {
    const t = sample.groundTruth.objective;
    // the reference always asks "> T"; our engiai prompts may ask "below"
    const holds = e.cmp === 'below' ? t < e.limit : paperBranch(e.limit, t) === 'high';
    const want = holds ? e.whenTrue : e.whenFalse;
    const first = exports[0];
    const branch = { expected: holds ? ('true' as const) : ('false' as const), objective: t, taken: !first ? ('none' as const) : paperArgsMatch(first, e.whenTrue) ? ('true' as const) : paperArgsMatch(first, e.whenFalse) ? ('false' as const) : ('none' as const) };
    return { failure: !first ? 'no STL export' : paperArgsMatch(first, want) ? '' : "the first export is not the dataset objective's branch", branch };
  }
  const need = e.exports.length;
  if (exports.length < need) return { failure: need > 1 ? `${exports.length} of ${need} STL exports` : 'no STL export' };
  if (paperMultiValid(exports, e.exports)) return { failure: '' };
  return { failure: need > 1 ? 'the first two exports do not match the sets in order' : 'the first export does not match the requested parameters' };
}

/** The paper protocol's score of a trial; `groundTruth` is the sample row's dataset design. */
export function scorePaperTrial(view: TraceView, deps: { problem: Problem; groundTruth: Design }): WorkflowScore {
  const { sample, calls } = view;
  const { problem } = deps;
  const toolCounts: Record<string, number> = {};
  for (const c of calls) toolCounts[c.name] = (toolCounts[c.name] ?? 0) + 1;
  const tool = paperToolScore(sample.style, calls);
  const { failure, branch } = completion(view);
  const s_completion = failure ? 0 : 1;
  const opt = calls.filter((c) => c.ok && c.name === TOOL.optimize).at(-1);
  const made = opt ? view.designs.get(String(opt.result?.design_id))?.design : undefined;
  const m: Record<DesignMetric, number> = { iou: 0, pa: 0, obj: 0, constr: 0, conn: 0, wt: 0 };
  const g = deps.groundTruth;
  if (made && sameShape(made, g)) {
    m.iou = paperIou(made, g);
    m.pa = paperPixelAccuracy(made, g);
    const key = COND_OBJECTIVE[sample.problem].key;
    const reported = (c: CallRecord, k: string) => Number((c.result?.objectives as Record<string, unknown> | undefined)?.[k]);
    const firstSim = calls.find((c) => c.ok && c.name === TOOL.simulate && Number.isFinite(reported(c, key)));
    if (!firstSim) m.obj = 0;
    else if (problem.objectives.length === 1) m.obj = paperObjectiveScore(reported(firstSim, key), sample.groundTruth.objective);
    else {
      const target = problem.simulate(g, problem.resolveConfig({ ...sample.conditions, ...sample.config }));
      const credits = problem.objectives.map((o, i) => (o.name === 'volume_fraction' ? Math.exp(-Math.abs(reported(firstSim, o.name)) / PAPER_VOLFRAC_TAU) || 0 : paperObjectiveScore(reported(firstSim, o.name), target[i])));
      m.obj = credits.reduce((s, x) => s + x, 0) / credits.length;
    }
    if (problem.id === 'beams2d' || problem.id === 'beams3d') {
      let sum = 0;
      for (const v of made.data) sum += v;
      m.constr = Math.exp(-Math.abs(sum / made.data.length - Number(sample.conditions.volfrac)) / PAPER_VOLFRAC_TAU);
    } else m.constr = 1;
    m.conn = components8(made) === 1 ? 1 : 0;
  }
  const abstained = sample.style === 'Natural' && s_completion === 1 && !made;
  const weights = problem.id === 'thermoelastic2d' ? PAPER_THERMO_WEIGHTS : DESIGN_WEIGHTS;
  const s_design = abstained ? 1 : (Object.keys(weights) as DesignMetric[]).reduce((s, k) => s + weights[k] * m[k], 0);
  const co = composite(PAPER_WEIGHTS, { design: s_design, tool: tool.score, completion: s_completion });
  return { ...m, s_design, s_tool: tool.score, s_completion, co, toolCounts, calls: calls.length, matched: tool.matched, failure, ...(branch ? { branch } : {}) };
}
