/**
 * The offline engineering agent: from the task text and the tool results so far it picks the next
 * call of create_problem → optimize_design → simulate_design → render_design → convert_design_to_stl,
 * asks the person when condition values are missing, and writes the final answer from the results.
 */
import type { BaseMessage } from '@langchain/core/messages';
import type { FieldInfo, ProblemInfo } from '../../../tools/engineering/tools/index.ts';
import { doneCalls, errorText, textOf, type DoneCall, type Plan, type PlannedCall } from '../../models/offline/transcript.ts';
import { chooseBranch, parseExports, type ExportPlan, type StlArgs } from './parseExports.ts';
import { parseConditions, parseConfig, parseRequest, type ParsedRequest } from './parseRequest.ts';

type FieldSpec = FieldInfo;

// an STL to slice, print or open belongs to the Prusa and command agents, not to engineering
const ACTION = /optimi[sz]|topolog|simulat|\brender|(?<!\b(?:slic(?:e|ing)|print|open|view|upload|send)\s+(?:(?:the|this|that|my|an?)\s+)?)\bstl\b(?!\s+(?:in|with)\b)|\bshow (?:it|me)\b|\bexport\b|\bdesign\b|\bproblems?\b/i;
const SUBJECT = /\bbeams?\b|\bmbb\b|cantilever|photonic|demultiplex|wavelength|compliance|volfrac|volume fraction|filter radius|\brmin\b|forcedist|\bload\b|thermo-?elastic|heat conduction/i;

const QUESTION = /^\s*(?:what|which|how|where|who|when|why|does|do|did|is|are|was|were)\b/i;
const NAMES_WORK = /\b[a-z][a-z0-9]*-[0-9a-f]{6,64}\b|\bbeams?\s*2d\b|\bphotonics?\s*2d\b|thermo-?elastic|heat conduction/i;

/**
 * Where a request asks for engineering work: its first action word, else its first engineering
 * subject — unless it is only a question about a quantity ("what does my report say about the
 * volume fraction?"), which names no problem or design and asks for no step.
 */
export function engineeringMentionedAt(request: string): number {
  const action = ACTION.exec(request);
  if (action) return action.index;
  if (QUESTION.test(request) && !NAMES_WORK.test(request)) return -1;
  return SUBJECT.exec(request)?.index ?? -1;
}

interface Task {
  request: string;
  /** The supervisor's task when it differs from the request (it may carry values other agents found). */
  supervisor: string;
  context: string;
}

export function splitTask(text: string): Task {
  const m = /Request from the person:\s*\n([\s\S]*?)(?:\n\n(?:Task from the supervisor|Context)[^\n]*:\n([\s\S]*))?$/.exec(text);
  if (!m) return { request: text, supervisor: '', context: '' };
  const rest = m[2] ?? '';
  const supervisor = /\n\nTask from the supervisor:\n([\s\S]*?)(?:\n\nContext \(earlier conversation[^\n]*:\n[\s\S]*)?$/.exec(text)?.[1] ?? '';
  return { request: m[1].trim(), supervisor, context: rest };
}

const numericFields = (fields: readonly FieldSpec[]) => fields.filter((f) => f.type !== 'boolean');

/** Bare numbers in an answer ("0.3, 0.5 and 2") fill the missing fields in the order asked. */
function fillFromAnswer(answer: string, fields: readonly FieldSpec[], missing: string[]): Record<string, number | boolean> {
  const named = parseConditions(answer, fields.map((f) => f.name));
  if (Object.keys(named).length || /default/i.test(answer)) return named;
  const bare = answer.replace(/\d+\s*[x×]\s*\d+/g, ' ').replace(/\b(?:nelx|nely|max_iter|penal)\b\s*[=:]?\s*\d+(?:\.\d+)?/gi, ' ');
  const nums = [...bare.matchAll(/-?\d+(?:\.\d+)?|-?\.\d+/g)].map((m) => Number(m[0]));
  const out: Record<string, number> = {};
  missing.forEach((name, i) => {
    if (i < nums.length) out[name] = nums[i];
  });
  return out;
}

function question(problem: string, fields: readonly FieldSpec[], missing: string[], req: ParsedRequest): string {
  const parts = missing.map((name) => {
    const f = fields.find((x) => x.name === name);
    return `${name}${f ? ` (${f.description}${f.unit ? `, ${f.unit}` : ''}; default ${f.default})` : ''}`;
  });
  const vague = req.vague.length ? ` You described it as "${req.vague.join('", "')}", which I cannot turn into numbers.` : '';
  return `To run ${problem} I need numeric values for: ${parts.join('; ')}.${vague} Please give the numbers, or answer "defaults" to use the defaults.`;
}

interface State {
  problem: string;
  fields: readonly FieldSpec[];
  conditions: Record<string, number | boolean>;
  config: Record<string, number | boolean>;
  req: ParsedRequest;
  done: DoneCall[];
  exports: ExportPlan;
  notes: string[];
}

const last = (done: DoneCall[], name: string) => [...done].reverse().find((d) => d.name === name);

function designIdOf(s: State, contextIds: string[]): string | null {
  const opt = last(s.done, 'optimize_design');
  if (opt?.ok) return String(opt.result.design_id);
  return s.req.designIds[0] ?? contextIds[contextIds.length - 1] ?? null;
}

function plannedExports(s: State): StlArgs[] | null {
  if (s.exports.branching) {
    const sim = last(s.done, 'simulate_design');
    if (!sim?.ok) return null; // simulate first
    const value = Object.values((sim.result.objectives ?? {}) as Record<string, number>)[0];
    const chosen = chooseBranch(s.exports.branching, Number(value));
    s.notes.push(`${s.exports.branching.objective} = ${value} ${value < s.exports.branching.limit ? '<' : '>='} ${s.exports.branching.limit}, so the export used ${JSON.stringify(chosen)}`);
    return [chosen];
  }
  if (s.exports.exports.length) return s.exports.exports;
  return s.req.steps.stl ? [{}] : [];
}

/** The next tool call, or null when the workflow is complete. */
function nextCall(s: State, designId: string | null, followUp: boolean): PlannedCall | null {
  const has = (name: string) => s.done.some((d) => d.name === name && d.ok);
  const setup = { problem: s.problem, conditions: s.conditions, ...(Object.keys(s.config).length ? { config: s.config } : {}) };
  if (!followUp && !has('create_problem')) return { name: 'create_problem', args: setup };
  if (!followUp && !has('optimize_design')) return { name: 'optimize_design', args: setup };
  if (!designId) return null;
  const wantSim = s.req.steps.simulate || s.exports.branching !== null;
  if (wantSim && !has('simulate_design')) return { name: 'simulate_design', args: { design_id: designId } };
  if (s.req.steps.render && !has('render_design')) return { name: 'render_design', args: { design_id: designId } };
  const exports = plannedExports(s);
  if (exports === null) return { name: 'simulate_design', args: { design_id: designId } };
  const made = s.done.filter((d) => d.name === 'convert_design_to_stl' && d.ok).length;
  if (made < exports.length) return { name: 'convert_design_to_stl', args: { design_id: designId, ...exports[made] } };
  return null;
}

function fmt(v: unknown): string {
  return typeof v === 'object' ? JSON.stringify(v) : String(v);
}

function finalText(s: State): string {
  const lines: string[] = [];
  for (const d of s.done) {
    const r = d.result;
    if (!d.ok) lines.push(`${d.name} failed: ${errorText(r)}`);
    else if (d.name === 'optimize_design') {
      lines.push(`Optimized ${r.problem} with ${fmt(r.conditions)}: design ${r.design_id} after ${r.iterations} iterations, final objective ${fmt(r.final_objective)}, volume fraction ${r.volume_fraction}. Stored in ${r.path}`);
    } else if (d.name === 'simulate_design') lines.push(`Simulated ${r.design_id}: ${fmt(r.objectives)}${(r.constraint_violations as string[])?.length ? `; constraint notes: ${(r.constraint_violations as string[]).join('; ')}` : ''}`);
    else if (d.name === 'render_design') lines.push(`Rendered ${r.design_id}: ${Object.values((r.files ?? {}) as Record<string, string>).join(', ')}`);
    else if (d.name === 'convert_design_to_stl') lines.push(`STL (threshold ${r.threshold}, scale_xy ${r.scale_xy}, scale_z ${r.scale_z}, mirror_y ${r.mirror_y}): ${r.stl_path} (${r.triangles} triangles, watertight: ${r.watertight})`);
    else if (d.name === 'ask_human_for_clarification') lines.push(`You answered: ${fmt(r.answer)}`);
  }
  const warnings = s.done.flatMap((d) => (Array.isArray(d.result.warnings) ? (d.result.warnings as string[]) : []));
  if (warnings.length) lines.push(`Warnings: ${[...new Set(warnings)].join('; ')}`);
  if (s.notes.length) lines.push(`Notes: ${[...new Set(s.notes)].join('; ')}`);
  return lines.join('\n') || 'Nothing to do.';
}

function helpText(catalog: readonly ProblemInfo[]): string {
  const list = catalog.map((p) => `${p.id} (${numericFields(p.conditions).map((f) => f.name).join(', ')})`);
  return `I can optimize, simulate, render and export these problems: ${list.join('; ')}. Example: "Optimize a Beams2D beam with volfrac 0.4, forcedist 0.65 and rmin 4, simulate it and render it".`;
}

export function planEngineering(messages: BaseMessage[], catalog: readonly ProblemInfo[]): Plan {
  const fields = Object.fromEntries(catalog.map((p) => [p.id, p]));
  const first = messages.findIndex((m) => m.getType() === 'human');
  const task = splitTask(first >= 0 ? textOf(messages[first]) : '');
  const done = doneCalls(messages, Math.max(first, 0));
  const failed = done.find((d) => !d.ok);
  const names = Object.fromEntries(catalog.map((p) => [p.id, { conditions: p.conditions.map((f) => f.name), config: p.config.map((f) => f.name) }]));
  const req = parseRequest(task.request, names);
  const contextIds = parseRequest(task.context, {}).designIds;
  const followUp = !req.problem && !Object.keys(req.conditions).length && (req.designIds.length > 0 || contextIds.length > 0) &&
    !/optimi[sz]|topolog/i.test(task.request);
  const problem = req.problem ?? (followUp ? (req.designIds[0] ?? contextIds[contextIds.length - 1]).split('-')[0] : null);
  const anyStep = req.steps.optimize || req.steps.simulate || req.steps.render || req.steps.stl;
  if (!problem || !fields[problem] || (!anyStep && !Object.keys(req.conditions).length)) {
    return { text: problem && !fields[problem] ? `The problem "${problem}" is not available. ${helpText(catalog)}` : helpText(catalog), calls: [] };
  }
  // values the supervisor's task carries (found by another agent in this turn) fill what the request does not give
  const given = parseConditions(task.supervisor, names[problem].conditions);
  const handed = Object.fromEntries(Object.entries(given).filter(([k]) => !(k in req.conditions)));
  const notes = [...req.notes, ...(Object.keys(handed).length ? [`took ${Object.entries(handed).map(([k, v]) => `${k} = ${v}`).join(', ')} from the supervisor's task`] : [])];
  const s: State = { problem, fields: fields[problem].conditions, config: { ...req.config }, conditions: { ...handed, ...req.conditions }, req, done, exports: { exports: [], branching: null }, notes };
  const asked = done.filter((d) => d.name === 'ask_human_for_clarification' && d.ok);
  const required = numericFields(s.fields).map((f) => f.name);
  let useDefaults = req.useDefaults;
  for (const a of asked) {
    const answer = String(a.result.answer ?? '');
    const missingThen = (a.args.missing as string[] | undefined) ?? required.filter((n) => !(n in s.conditions));
    Object.assign(s.conditions, fillFromAnswer(answer, s.fields, missingThen));
    Object.assign(s.config, parseConfig(answer, names[problem].config));
    if (/default/i.test(answer)) useDefaults = true;
  }
  s.exports = parseExports(task.request, s.conditions);
  if (failed) return { text: finalText(s), calls: [] };
  const missing = followUp ? [] : required.filter((n) => !(n in s.conditions));
  if (missing.length && !useDefaults && !asked.length) {
    return { text: '', calls: [{ name: 'ask_human_for_clarification', args: { question: question(problem, s.fields, missing, req), missing } }] };
  }
  if (missing.length) s.notes.push(`used the defaults for ${missing.join(', ')}`);
  const call = nextCall(s, designIdOf(s, contextIds), followUp);
  return call ? { text: '', calls: [call] } : { text: finalText(s), calls: [] };
}
