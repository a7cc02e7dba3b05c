/**
 * The workflow suite's scripted agents (benchmarks.md §6). Each reads only the prompt (through the
 * benchmark's own templates, readPrompt.ts) and the tool results, and acts through the real tools:
 *   reference        the optimal sequence with the values the prompt asks for (TC = 1 on every style)
 *   branch-inverter  W-Cond: the other branch, common parameters right (TC = 0)
 *   distracted       W-Distract: the preview values (TC = 0)
 *   over-caller      calls simulate_design twice (S_tool < 1, S_design unchanged)
 *   no-render        never renders (Full: TC = 0)
 *   guesser          Natural: turns the words into numbers and proceeds without asking (TC = 0)
 * and the adversaries of the scorer holes the engiai protocol closes (TC = 0 under engiai; the
 * report shows what the paper protocol gives them):
 *   tolerance-step   export styles: every float export value one 0.05 step off (passes ±0.05)
 *   cond-guess       W-Cond: always the first branch, exported before simulating
 *   wrong-design     optimizes with wrong conditions (volume fraction / first wavelength +0.1), exports right
 *   skip-simulate    never simulates; W-Cond: guesses the first branch
 * Every agent passes the prompt's seed to optimize_design (its start: a random dataset design).
 * Outside its target style each behaves like the reference.
 */
import { isSupervisor, singleRoute, supervisorDecision } from '../../agents/supervisorPolicy.ts';
import { doneCalls, requestOf, type Decision, type DoneCall, type Policy, type WireMessage } from '../../agents/transcript.ts';
import type { StlArgs } from '../schema.ts';
import { COND_OBJECTIVE, TOOL, type ProblemId } from '../styles.ts';
import { GUESSES } from '../templates/conditionPhrases.ts';
import { PAPER_MIRROR_RULES, ruleByPhrase } from '../templates/derivedRules.ts';
import { readPrompt, type PromptReading } from '../templates/readPrompt.ts';

export const WORKFLOW_AGENTS = ['reference', 'branch-inverter', 'distracted', 'over-caller', 'no-render', 'guesser', 'tolerance-step', 'cond-guess', 'wrong-design', 'skip-simulate'] as const;
export type WorkflowAgent = (typeof WORKFLOW_AGENTS)[number];

const CONDITION_NAMES: Record<ProblemId, string[]> = { beams2d: ['volfrac', 'rmin', 'forcedist'], photonics2d: ['lambda1', 'lambda2', 'blur_radius'], thermoelastic2d: ['volfrac', 'weight'], beams3d: ['volfrac', 'rmin', 'forcedist_x', 'forcedist_y'] };

const call = (name: string, args: Record<string, unknown>): Decision => ({ text: '', calls: [{ name, args }] });
const okCalls = (done: readonly DoneCall[], name: string) => done.filter((d) => d.ok && d.name === name);

function guessConditions(r: PromptReading): Record<string, number> {
  const g = (slot: string) => GUESSES[String(r.slots[slot])] ?? {};
  if (r.problem === 'beams2d') return { volfrac: g('q_weight').volfrac ?? 0.3, forcedist: g('q_load').forcedist ?? 0.5, rmin: g('q_detail').rmin ?? 2 };
  return { lambda1: g('q_band1').lambda ?? 1, lambda2: g('q_band2').lambda ?? 1.3, blur_radius: g('q_detail').blur_radius ?? 2 };
}

const args = (s: PromptReading['slots'], p = '', sfx = ''): StlArgs => ({
  threshold: Number(s[`${p}threshold${sfx}`]),
  scale_xy: Number(s[`${p}scale_xy${sfx}`]),
  scale_z: Number(s[`${p}scale_z${sfx}`]),
  mirror_y: s[`${p}mirror_y${sfx}`] === true,
});

/** The STL exports this agent makes, or null while it still needs the simulated objective. */
function plannedExports(agent: WorkflowAgent, r: PromptReading, done: readonly DoneCall[]): StlArgs[] | null {
  const s = r.slots;
  switch (r.style) {
    case 'W-Rand':
      return [args(s)];
    case 'W-Derived': {
      const value = (param: 'threshold' | 'scale_xy' | 'scale_z') => ruleByPhrase(r.problem, param, String(s[`${param}_rule`]))?.value(r.conditions) ?? NaN;
      const mirror = s.mirror_rule === undefined ? s.mirror_y === true : PAPER_MIRROR_RULES[r.problem]?.phrase === String(s.mirror_rule) && PAPER_MIRROR_RULES[r.problem].value(r.conditions);
      return [{ threshold: value('threshold'), scale_xy: value('scale_xy'), scale_z: value('scale_z'), mirror_y: mirror }];
    }
    case 'W-Distract': {
      const real = args(s);
      if (agent !== 'distracted') return [real];
      const preview = Object.fromEntries(Object.entries(s).filter(([k]) => k.startsWith('p_')).map(([k, v]) => [k.slice(2), v]));
      return [{ ...real, ...preview }];
    }
    case 'W-Cond': {
      if (agent === 'cond-guess' || agent === 'skip-simulate') return [{ threshold: Number(s.a_threshold), mirror_y: s.a_mirror_y === true, scale_xy: Number(s.scale_xy), scale_z: Number(s.scale_z) }];
      const sim = okCalls(done, TOOL.simulate).at(-1);
      if (!sim) return null;
      const key = Object.values(COND_OBJECTIVE).find((o) => o.word === s.objective)?.key ?? '';
      const value = Number((sim.result.objectives as Record<string, number> | undefined)?.[key]);
      const holds = s.cmp === 'below' ? value < Number(s.limit) : value > Number(s.limit);
      const branch = holds !== (agent === 'branch-inverter') ? 'a_' : 'b_';
      return [{ threshold: Number(s[`${branch}threshold`]), mirror_y: s[`${branch}mirror_y`] === true, scale_xy: Number(s.scale_xy), scale_z: Number(s.scale_z) }];
    }
    case 'W-Multi':
      return [args(s, '', '_1'), args(s, '', '_2')];
    default:
      return [];
  }
}

/** One 0.05 step off, staying inside the tool's ranges. */
const stepOff = (v: number, below1 = false) => Number((below1 && v + 0.05 >= 1 ? v - 0.05 : v + 0.05).toFixed(6));

function perturbed(agent: WorkflowAgent, a: StlArgs): StlArgs {
  return agent === 'tolerance-step' ? { ...a, threshold: stepOff(a.threshold, true), scale_xy: stepOff(a.scale_xy), scale_z: stepOff(a.scale_z) } : a;
}

/** wrong-design's conditions: the first condition 0.1 higher (lower when that leaves the usual range). */
function wrongConditions(c: Record<string, number>): Record<string, number> {
  const [k] = Object.keys(c);
  return { ...c, [k]: Number((c[k] + (c[k] + 0.1 < 0.9 || k !== 'volfrac' ? 0.1 : -0.1)).toFixed(6)) };
}

function finalText(done: readonly DoneCall[]): string {
  const opt = okCalls(done, TOOL.optimize).at(-1);
  const lines = [opt ? `Optimized design ${opt.result.design_id}.` : 'No design was made.'];
  for (const d of okCalls(done, TOOL.simulate)) lines.push(`Objectives: ${JSON.stringify(d.result.objectives)}.`);
  for (const d of okCalls(done, TOOL.convert)) lines.push(`STL: ${d.result.stl_path}.`);
  return lines.join(' ');
}

function engineeringDecision(agent: WorkflowAgent, messages: readonly WireMessage[]): Decision {
  const r = readPrompt(requestOf(messages));
  if (!r) return { text: 'I cannot read this request.', calls: [] };
  const done = doneCalls(messages);
  if (r.style === 'Natural' && agent !== 'guesser') {
    if (done.some((d) => d.name === TOOL.ask)) return { text: 'I asked for the missing values.', calls: [] };
    const missing = CONDITION_NAMES[r.problem];
    return call(TOOL.ask, { question: `To run ${r.problem} I need numeric values for: ${missing.join(', ')}. Please give the numbers.`, missing });
  }
  const given = r.style === 'Natural' ? guessConditions(r) : r.conditions;
  const conditions = agent === 'wrong-design' ? wrongConditions(given) : given;
  const setup = { problem: r.problem, conditions, ...(Object.keys(r.config).length ? { config: r.config } : {}) };
  if (!okCalls(done, TOOL.create).length) return call(TOOL.create, setup);
  const opt = okCalls(done, TOOL.optimize).at(-1);
  if (!opt) return call(TOOL.optimize, { ...setup, ...(r.seed !== undefined ? { seed: r.seed } : {}) });
  const design_id = String(opt.result.design_id);
  const exports = (plannedExports(agent, r, done) ?? []).map((a) => perturbed(agent, a));
  const made = okCalls(done, TOOL.convert).length;
  // cond-guess exports first and simulates afterwards
  if (agent === 'cond-guess' && r.style === 'W-Cond' && made < exports.length) return call(TOOL.convert, { design_id, ...exports[made] });
  if (agent !== 'skip-simulate' && okCalls(done, TOOL.simulate).length < (agent === 'over-caller' ? 2 : 1)) return call(TOOL.simulate, { design_id });
  const wantsRender = r.style === 'Full' || r.style === 'Natural';
  if (wantsRender && agent !== 'no-render' && !okCalls(done, TOOL.render).length) return call(TOOL.render, { design_id });
  const planned = (plannedExports(agent, r, done) ?? []).map((a) => perturbed(agent, a));
  if (made < planned.length) return call(TOOL.convert, { design_id, ...planned[made] });
  return { text: finalText(done), calls: [] };
}

export function isWorkflowAgent(name: string): name is WorkflowAgent {
  return (WORKFLOW_AGENTS as readonly string[]).includes(name);
}

/** The policy of a scripted workflow agent: the supervisor hands the request to engineering; the engineering part acts. */
export function workflowPolicy(agent: WorkflowAgent): Policy {
  const route = singleRoute('engineering');
  return (messages, tools) => (isSupervisor(tools) ? supervisorDecision(messages, tools, route) : engineeringDecision(agent, messages));
}

