/**
 * The offline engineering agent: reads the person's request (read/readRequest.ts), the conversation's
 * earlier designs (thread.ts) and the tool results so far, and picks the next call — a question when
 * values are missing or cannot be used as written, create_problem → optimize_design → simulate_design →
 * render_design → convert_design_to_stl for a new design, the same steps, compare_designs or
 * list_designs for follow-ups — then writes the answer from the results, with what it could not apply.
 */
import type { ProblemInfo } from '../../../tools/engineering/tools/index.ts';
import type { DoneCall, Plan, SpecialistTask } from '../specialistTask.ts';
import { finalText, helpText } from './finalAnswer.ts';
import { POINTS_BACK, REFERS_BACK } from './followUp.ts';
import { branchNote, nextStep, program } from './program.ts';
import { fieldRefs } from './read/mentions.ts';
import { readRequest, type Reading } from './read/readRequest.ts';
import { followUpRun } from './runFollowUp.ts';
import { applySketch } from './read/sketch.ts';
import { describeMarks, type SketchMarks } from '../../sketch/sketchMarks.ts';
import { newRun, type Decision } from './runNew.ts';
import { threadFromList, threadFromTask, type Thread } from './thread.ts';

export { engineeringMentionedAt, engineeringTopicAt } from './mentionedAt.ts';

/** A value line another agent's answer states: "- volume fraction = 0.33 — [citation]". */
const FOUND_VALUE = /^\s*-\s+([^=\n]{1,60}?)\s+=\s+(-?\d[\d.eE+-]*(?:\s+[^\s—]+)?)\s+—/gm;

/**
 * Values another agent found in this turn fill the conditions the request leaves open (and say so);
 * a stated value no field of the problem takes is named as not used, never dropped without a word.
 */
function withFound(r: Reading, info: ProblemInfo, found: string, catalog: readonly ProblemInfo[]): Reading {
  if (!found.trim()) return r;
  const f = readRequest(found, catalog, { problem: info });
  const taken = Object.entries(f.conditions).filter(([k]) => !(k in r.conditions));
  for (const [k, v] of taken) r.conditions[k] = v;
  if (taken.length) r.notes.push(`took ${taken.map(([k, v]) => `${k} = ${v}`).join(', ')} from what was found earlier in this turn`);
  const unused = [...found.matchAll(FOUND_VALUE)].filter((m) => {
    const one = readRequest(`${m[1]} ${m[2]}`, catalog, { problem: info });
    return !Object.keys(one.conditions).length && !Object.keys(one.config).length;
  });
  if (unused.length) r.notes.push(`did not use ${unused.map((m) => `${m[1]} = ${m[2]}`).join(', ')} (found earlier in this turn): no condition of ${info.id} takes it`);
  return r;
}

const none = { notes: [], notApplied: [] };

/** The problem whose fields explain the most of the values given, when no problem is named. */
function inferProblem(request: string, catalog: readonly ProblemInfo[]): { r: Reading; info: ProblemInfo } | null {
  const scored = catalog.map((info) => {
    const r = readRequest(request, catalog, { problem: info });
    return { r, info, score: Object.keys(r.conditions).length + Object.keys(r.config).length - r.issues.length };
  });
  const best = Math.max(...scored.map((x) => x.score));
  const top = scored.filter((x) => x.score === best);
  return best > 0 && top.length === 1 ? top[0] : null;
}

/** "list all designs", "show every stored design": the whole store, not this conversation's. */
const LIST_ALL = /\b(?:all|every)(?: the| my| stored| saved)* designs?\b/i;

/** The question for a design request that names no problem: each problem, what it designs, and how to take its defaults. */
export function problemQuestion(catalog: readonly ProblemInfo[]): string {
  const list = catalog.map((p) => `- ${p.id}: ${p.title} (defaults ${p.conditions.map((f) => `${f.name} ${String(f.default)}`).join(', ')})`);
  return [
    'Which problem should I design? I can design:',
    ...list,
    'Name one, with the values you want (e.g. "beams2d with volfrac 0.3"), or say e.g. "beams2d with the defaults".',
  ].join('\n');
}

/** "How to design a cathedral ceiling?": a question about designing, not an order to design. */
const ASKS_HOW = /\?\s*$|^\s*(?:how|what|why|which|when|where|who|can|could|is|are|do|does|should)\b/;

/** The answer to the "which problem" question of this turn, if it was asked. */
const problemAnswer = (done: DoneCall[]) => done.find((d) => d.name === 'ask_human_for_clarification' && d.ok && (d.args.missing as string[] | undefined)?.[0] === 'problem');

/** The decision, with a sketch's marks applied to a new design's conditions, or listed as not applied where no new design takes them. */
function decideWithSketch(request: string, sketch: SketchMarks | null, found: string, thread: Thread, catalog: readonly ProblemInfo[], done: DoneCall[], listed: boolean, problemAsked = false): Decision {
  const used = { applied: false };
  const d = decide(request, found, thread, catalog, done, listed, problemAsked, sketch, used);
  if (!sketch || used.applied || !sketch.marks.length) return d;
  const why = d.work?.optimize ? `drawn on ${sketch.problem}'s domain` : 'only a new design takes a sketch';
  return { ...d, extras: { ...d.extras, notApplied: [...d.extras.notApplied, `the sketch (${describeMarks(sketch)}: ${why})`] } };
}

function decide(request: string, found: string, thread: Thread, catalog: readonly ProblemInfo[], done: DoneCall[], listed: boolean, problemAsked = false, sketch: SketchMarks | null = null, used = { applied: false }): Decision {
  const sketched = sketch ? catalog.find((p) => p.id === sketch.problem) : undefined;
  const read0 = readRequest(request, catalog);
  // a request that names no problem is about the one the sketch was drawn on
  const r = !read0.problem.id && !read0.problem.unknown && sketched ? readRequest(request, catalog, { problem: sketched }) : read0;
  if (!read0.problem.id && r !== read0 && sketched) r.problem.id = sketched.id;
  const s = r.text.text;
  const id = r.problem.id?.split('@')[0];
  const st0 = r.steps;
  // the whole store, as the Designs page and `engiai designs` show it
  if (st0.list && LIST_ALL.test(s) && !st0.optimize && !st0.simulate && !st0.render && !st0.stl && !st0.compare) return { work: { list: id ? { problem: id } : 'all' }, extras: none };
  if (id) {
    const info = catalog.find((p) => p.id === id)!;
    const mine = thread.designs.filter((d) => d.problem === id);
    const st = r.steps;
    const onlyActs = !st.optimize && !Object.keys(r.conditions).length && !Object.keys(r.config).length && (st.simulate || st.render || st.stl || st.compare || st.list);
    if (mine.length && (POINTS_BACK.test(s) || r.relative.length || r.swaps.length || onlyActs)) return followUpRun(request, { ...thread, designs: mine }, done, catalog, listed);
    const compareWith = r.steps.compare && mine.length ? [mine[mine.length - 1].id] : [];
    if (sketch) {
      applySketch(r, sketch, info);
      used.applied = true;
    }
    return newRun(withFound(r, info, found, catalog), info, done, catalog, compareWith);
  }
  if (r.problem.unknown) return { text: `I cannot work on ${r.problem.unknown}: it is not one of my problems. ${helpText(catalog)}`, extras: none };
  if (thread.designs.length || r.designIds.length) return followUpRun(request, thread, done, catalog, listed);
  const st = r.steps;
  const aboutDesigns = REFERS_BACK.test(s) || st.simulate || st.render || st.stl || st.compare || st.list;
  if (aboutDesigns && !listed) return { needList: true, extras: none };
  if (st.list) return { work: { list: true }, extras: none };
  const inferred = inferProblem(request, catalog);
  if (inferred) {
    const fields = fieldRefs(inferred.info).filter((x) => x.field.name in inferred.r.conditions || x.field.name in inferred.r.config).map((x) => x.field.name);
    inferred.r.notes.unshift(`no problem named: read as ${inferred.info.id}, the problem with ${fields.join(', ')}`);
    return newRun(inferred.r, inferred.info, done, catalog, []);
  }
  if (aboutDesigns) return { text: `There is no design in this conversation yet. ${helpText(catalog)}`, extras: none };
  if (st.describe) return { work: { describe: '' }, extras: none };
  // "design me something light and strong": asked which problem, with the problems and their defaults offered
  if (st.optimize && !problemAsked && !ASKS_HOW.test(s)) return { ask: { question: problemQuestion(catalog), missing: ['problem'] }, extras: none };
  return { text: helpText(catalog), extras: none };
}

const lastOk = (done: DoneCall[], name: string) => [...done].reverse().find((d) => d.name === name && d.ok);

export function planEngineering(task: SpecialistTask, catalog: readonly ProblemInfo[]): Plan {
  const { done } = task;
  const listed = lastOk(done, 'list_designs');
  // the supervisor's task and the context are both read for earlier designs
  const fromContext = threadFromTask(task.made, [task.supervisorTask, task.context].filter(Boolean).join('\n'));
  const known = new Set(fromContext.designs.map((d) => d.id));
  const thread: Thread = listed
    ? { ...fromContext, designs: [...fromContext.designs, ...threadFromList(listed.result).filter((d) => !known.has(d.id))] }
    : fromContext;
  // the answer to "which problem?" completes the request; the question itself is no answer to a value
  const asked = problemAnswer(done);
  const request = asked ? `${task.request}\n${String(asked.result.answer ?? '')}` : task.request;
  const d = decideWithSketch(request, task.sketch, task.found, thread, catalog, asked ? done.filter((x) => x !== asked) : done, Boolean(listed), Boolean(asked));
  if (done.some((x) => !x.ok)) return { text: finalText(done, d.extras), calls: [] };
  if (d.text !== undefined) return { text: [d.text, finalText(done, d.extras)].filter((t) => t && t !== 'Nothing to do.').join('\n'), calls: [] };
  if (d.needList) return { text: '', calls: [{ name: 'list_designs', args: {} }] };
  if (d.ask) return { text: '', calls: [{ name: 'ask_human_for_clarification', args: d.ask }] };
  const steps = program(d.work ?? {});
  const next = nextStep(steps, done);
  if (next) return { text: '', calls: [next] };
  const note = d.work ? branchNote(d.work, done) : null;
  return { text: finalText(done, { ...d.extras, notes: [...d.extras.notes, ...(note ? [note] : [])] }), calls: [] };
}
