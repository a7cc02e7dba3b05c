/**
 * The tool calls a request needs, in order, as a program: each step builds its arguments from the
 * results of the steps before it (the new design's id, the simulated objective a conditional export
 * depends on). The planner runs the program one call at a time: the next call is the first step the
 * transcript has not done yet.
 */
import type { DoneCall, PlannedCall } from '../specialistTask.ts';
import { chooseBranch, type ExportPlan, type StlArgs } from './parseExports.ts';
import type { Values } from './read/readRequest.ts';

export type Step = { name: string; args: (done: DoneCall[]) => Record<string, unknown> };

export interface Work {
  /** A new design: problem, conditions and config for create_problem and optimize_design; `seed` (optimize_design only) when the request gives one. */
  optimize?: { problem: string; conditions: Values; config: Values; seed?: number; masks?: Record<string, unknown[]> };
  /** The design the later steps work on when nothing is optimized. */
  designId?: string;
  simulate?: boolean;
  /** Conditions to simulate `designId` under instead of its own. */
  simulateUnder?: Values;
  render?: boolean;
  stl?: boolean;
  exports?: ExportPlan;
  /** Designs to compare (the new one is added last when optimizing). */
  compare?: string[];
  /** list_designs: true this conversation's; 'all' (or a problem filter) the whole store. */
  list?: boolean | 'all' | { problem: string };
  /** describe_problem for this problem ('' for every problem). */
  describe?: string;
}

const lastOf = (done: DoneCall[], name: string) => [...done].reverse().find((d) => d.name === name && d.ok);

/** The id the later steps use: the new design's, else the given one. */
const target = (w: Work) => (done: DoneCall[]) => String(lastOf(done, 'optimize_design')?.result.design_id ?? w.designId);

/** Notes a conditional export adds to the answer (filled when the branch is chosen). */
export function branchNote(w: Work, done: DoneCall[]): string | null {
  const b = w.exports?.branching;
  const sim = lastOf(done, 'simulate_design');
  if (!b || !sim) return null;
  const value = Number(Object.values((sim.result.objectives ?? {}) as Record<string, number>)[0]);
  return `${b.objective} = ${value} ${value < b.limit ? '<' : '>='} ${b.limit}, so the export used ${JSON.stringify(chooseBranch(b, value))}`;
}

function exportsOf(w: Work, done: DoneCall[]): StlArgs[] {
  const b = w.exports?.branching;
  if (b) {
    const sim = lastOf(done, 'simulate_design');
    const value = Number(Object.values((sim?.result.objectives ?? {}) as Record<string, number>)[0]);
    return [chooseBranch(b, value)];
  }
  if (w.exports?.exports.length) return w.exports.exports;
  return w.stl ? [{}] : [];
}

export function program(w: Work): Step[] {
  const steps: Step[] = [];
  const id = target(w);
  if (w.describe !== undefined) steps.push({ name: 'describe_problem', args: () => (w.describe ? { problem: w.describe } : {}) });
  if (w.list) steps.push({ name: 'list_designs', args: () => (w.list === true ? {} : { scope: 'all', ...(typeof w.list === 'object' ? w.list : {}) }) });
  if (w.optimize) {
    const o = w.optimize;
    const config = { ...o.config, ...o.masks };
    const setup = { problem: o.problem, conditions: o.conditions, ...(Object.keys(config).length ? { config } : {}) };
    steps.push({ name: 'create_problem', args: () => setup }, { name: 'optimize_design', args: () => (o.seed === undefined ? setup : { ...setup, seed: o.seed }) });
  }
  if (w.optimize || w.designId) {
    const branching = Boolean(w.exports?.branching);
    if (w.simulate || w.simulateUnder || branching) {
      steps.push({ name: 'simulate_design', args: (d) => ({ design_id: id(d), ...(w.simulateUnder && Object.keys(w.simulateUnder).length ? { conditions: w.simulateUnder } : {}) }) });
    }
    if (w.render) steps.push({ name: 'render_design', args: (d) => ({ design_id: id(d) }) });
    const count = branching ? 1 : exportsOf(w, []).length;
    for (let i = 0; i < count; i++) steps.push({ name: 'convert_design_to_stl', args: (d) => ({ design_id: id(d), ...exportsOf(w, d)[i] }) });
  }
  if (w.compare && (w.compare.length + (w.optimize ? 1 : 0)) >= 2) {
    steps.push({ name: 'compare_designs', args: (d) => ({ design_ids: [...new Set([...w.compare!, ...(w.optimize ? [id(d)] : [])])] }) });
  }
  return steps;
}

/** The program's next call given what the transcript has done (calls outside the program are skipped). */
export function nextStep(steps: Step[], done: DoneCall[]): PlannedCall | null {
  const names = new Set(steps.map((s) => s.name));
  const mine = done.filter((d) => names.has(d.name));
  const step = steps[mine.length];
  return step ? { name: step.name, args: step.args(done) } : null;
}
