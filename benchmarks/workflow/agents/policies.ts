/**
 * The workflow suite's scripted agents (benchmarks.md §6). Each reads only the prompt (through the
 * benchmark's own templates, readPrompt.ts) and the tool results, and acts through the real tools:
 *   reference        the optimal sequence with the values the prompt asks for (TC = 1 on every style)
 *   branch-inverter  W-Cond: the other branch, common parameters right (TC = 0)
 *   distracted       W-Distract: the preview values (TC = 0)
 *   over-caller      calls simulate_design twice (S_tool < 1, S_design unchanged)
 *   no-render        never renders (Full: TC = 0)
 *   guesser          Natural: turns the words into numbers and proceeds without asking (TC = 0)
 * Outside its target style each behaves like the reference.
 */
import { isSupervisor, singleRoute, supervisorDecision } from '../../agents/supervisorPolicy.ts';
import { doneCalls, requestOf, type Decision, type DoneCall, type Policy, type WireMessage } from '../../agents/transcript.ts';
import type { StlArgs } from '../schema.ts';
import { COND_OBJECTIVE, TOOL, type ProblemId } from '../styles.ts';
import { GUESSES } from '../templates/conditionPhrases.ts';
import { ruleByPhrase } from '../templates/derivedRules.ts';
import { readPrompt, type PromptReading } from '../templates/readPrompt.ts';

export const WORKFLOW_AGENTS = ['reference', 'branch-inverter', 'distracted', 'over-caller', 'no-render', 'guesser'] as const;
export type WorkflowAgent = (typeof WORKFLOW_AGENTS)[number];

const CONDITION_NAMES: Record<ProblemId, string[]> = { beams2d: ['volfrac', 'rmin', 'forcedist'], photonics2d: ['lambda1', 'lambda2', 'blur_radius'] };

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
      return [{ threshold: value('threshold'), scale_xy: value('scale_xy'), scale_z: value('scale_z'), mirror_y: s.mirror_y === true }];
    }
    case 'W-Distract': {
      const real = args(s);
      if (agent !== 'distracted') return [real];
      const preview = Object.fromEntries(Object.entries(s).filter(([k]) => k.startsWith('p_')).map(([k, v]) => [k.slice(2), v]));
      return [{ ...real, ...preview }];
    }
    case 'W-Cond': {
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
  const conditions = r.style === 'Natural' ? guessConditions(r) : r.conditions;
  const setup = { problem: r.problem, conditions, ...(Object.keys(r.config).length ? { config: r.config } : {}) };
  if (!okCalls(done, TOOL.create).length) return call(TOOL.create, setup);
  const opt = okCalls(done, TOOL.optimize).at(-1);
  if (!opt) return call(TOOL.optimize, setup);
  const design_id = String(opt.result.design_id);
  if (okCalls(done, TOOL.simulate).length < (agent === 'over-caller' ? 2 : 1)) return call(TOOL.simulate, { design_id });
  const wantsRender = r.style === 'Full' || r.style === 'Natural';
  if (wantsRender && agent !== 'no-render' && !okCalls(done, TOOL.render).length) return call(TOOL.render, { design_id });
  const exports = plannedExports(agent, r, done) ?? [];
  const made = okCalls(done, TOOL.convert).length;
  if (made < exports.length) return call(TOOL.convert, { design_id, ...exports[made] });
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

