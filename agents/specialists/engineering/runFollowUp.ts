/**
 * A follow-up about the conversation's designs: a new design from an earlier one's values with the
 * changes asked for (then, if asked, compared with it), an earlier design simulated under changed
 * conditions (the answer says it was not optimized for them), or steps on an earlier design
 * (simulate, render, export, compare, list).
 */
import type { ProblemInfo } from '../../../tools/engineering/tools/index.ts';
import type { DoneCall } from '../specialistTask.ts';
import { fieldForNumber, readFollowUp } from './followUp.ts';
import { helpText } from './finalAnswer.ts';
import { parseExports } from './parseExports.ts';
import { readRequest, type Reading, type Values } from './read/readRequest.ts';
import { checkValue } from './read/checkValue.ts';
import { applyRelative } from './read/relative.ts';
import { digits, normalize } from './read/text.ts';
import { readSteps } from './read/steps.ts';
import { answersOf, requiredRefs, valueState, type Decision } from './runNew.ts';
import { afterAnswers } from './slots.ts';
import type { Thread, ThreadDesign } from './thread.ts';

const pick = (values: Values | undefined, names: string[]): Values => Object.fromEntries(Object.entries(values ?? {}).filter(([k]) => names.includes(k)));

/** A bare number ("make it 0.4") goes to the one field it can be for; otherwise it is asked about. */
function placeLoose(r: Reading, info: ProblemInfo, thread: Thread, catalog: readonly ProblemInfo[]): Reading {
  const out: Reading = { ...r, conditions: { ...r.conditions }, issues: [...r.issues], notes: [...r.notes], notApplied: [...r.notApplied], loose: [] };
  for (const l of r.loose) {
    const written = { value: l.token.value, unit: l.token.unit, percent: l.token.percent };
    const { ref, candidates } = fieldForNumber(written, info, thread, catalog);
    const c = ref ? checkValue(ref.field, written) : null;
    if (ref && c?.ok && r.loose.length === 1 && out.conditions[ref.field.name] === undefined) {
      out.conditions[ref.field.name] = c.value;
      out.notes.push(`"${l.said}" read as ${ref.field.name} ${String(c.value)} (the setting changed last)`);
    } else if (candidates.length) {
      out.issues.push({ refs: candidates, said: l.said, value: l.token.value, reason: `"${l.said}": I cannot tell whether ${digits(l.token.value)} is ${candidates.map((c) => c.field.name).join(' or ')}` });
    } else out.notApplied.push(`"${l.said}" (no setting of ${info.id} takes it)`);
  }
  return out;
}

/** "double the filter radius": the new value from the earlier design's (or the default). */
function relativeTo(r: Reading, base: ThreadDesign): Reading {
  const out: Reading = { ...r, conditions: { ...r.conditions }, config: { ...r.config }, notes: [...r.notes], issues: [...r.issues] };
  for (const x of r.relative) {
    const { field, kind } = x.ref;
    const old = Number(base.conditions?.[field.name] ?? base.config?.[field.name] ?? field.default);
    const value = applyRelative(x, old);
    const c = checkValue(field, { value });
    if (c.ok) {
      out[kind][field.name] = c.value;
      out.notes.push(`"${x.said}" read as ${field.name} ${String(c.value)} (was ${old}${x.assumed ? `: ${x.assumed}` : ''})`);
    } else out.issues.push({ refs: [x.ref], said: x.said, reason: c.reason, ...(c.suggestion !== undefined ? { suggestion: c.suggestion } : {}) });
  }
  for (const sw of r.swaps) {
    const [a, b] = sw.refs;
    const va = base.conditions?.[a.field.name] ?? base.config?.[a.field.name] ?? a.field.default;
    const vb = base.conditions?.[b.field.name] ?? base.config?.[b.field.name] ?? b.field.default;
    out[a.kind][a.field.name] = vb;
    out[b.kind][b.field.name] = va;
    out.notes.push(`"${sw.said}" read as ${a.field.name} ${vb}, ${b.field.name} ${va}`);
  }
  return out;
}

/**
 * The earlier design's node masks, for a new design from it: a node list the thread kept (from the call that
 * made it) is passed on as it was; one known only by its compact form (a list_designs row: count and hash) cannot
 * be, and is reported as not applied rather than dropped silently.
 */
function keptMasks(base: ThreadDesign, info: ProblemInfo, extras: { notes: string[]; notApplied: string[] }, given: string[]): Record<string, unknown[]> {
  const out: Record<string, unknown[]> = {};
  for (const m of info.masks ?? []) {
    const v: unknown = base.config?.[m.name] ?? base.conditions?.[m.name];
    if (v === undefined || given.includes(m.name)) continue;
    if (Array.isArray(v)) {
      out[m.name] = v;
      extras.notes.push(`${m.name} as in ${base.id} (${v.length} ${Array.isArray(v[0]) && Array.isArray(v[0][0]) ? 'planes' : 'nodes'})`);
    } else extras.notApplied.push(`${m.name} of ${base.id} (known here only by its node count and hash: the new design has the default, ${m.default}; give the nodes again to keep it)`);
  }
  return out;
}

/**
 * A design whose values the context does not state (another model wrote the answer): the values of
 * the request that made it, when that request gave every required one; else list_designs is asked.
 */
function withValues(d: ThreadDesign, info: ProblemInfo, catalog: readonly ProblemInfo[], notes: string[]): ThreadDesign {
  if (d.conditions || !d.request) return d;
  const r = readRequest(d.request, catalog, { problem: info });
  if (r.issues.length || !requiredRefs(info).every((x) => r.conditions[x.field.name] !== undefined)) return d;
  notes.push(`the values of ${d.id} read from your request that made it`);
  return { ...d, conditions: r.conditions, config: r.config };
}

export function followUpRun(request: string, thread: Thread, done: DoneCall[], catalog: readonly ProblemInfo[], listed: boolean): Decision {
  const first = readRequest(request, catalog);
  const provisional = readFollowUp(first, thread, false);
  if (!provisional) return { text: `There is no design in this conversation yet. ${helpText(catalog)}`, extras: { notes: [], notApplied: [] } };
  const problem = provisional.base.problem.split('@')[0];
  const info = catalog.find((p) => p.id === problem);
  if (!info) return { text: `Design ${provisional.base.id} is a ${problem} design, and ${problem} is not a problem I can work on. ${helpText(catalog)}`, extras: { notes: [], notApplied: [] } };
  const read = readRequest(request, catalog, { problem: info });
  const known = withValues(provisional.base, info, catalog, []);
  if ((read.relative.length || read.swaps.length) && !known.conditions && !listed) return { needList: true, extras: { notes: [], notApplied: [] } };
  const r = relativeTo(placeLoose(read, info, thread, catalog), known);
  const hasChanges = Object.keys(r.conditions).length + Object.keys(r.config).length + r.issues.length > 0;
  const fu = readFollowUp(r, thread, hasChanges)!;
  const { v, ask } = afterAnswers(valueState(r, info, [], r.notApplied), answersOf(done), info, catalog);
  const extras = { notes: v.notes, notApplied: v.notApplied };
  if (ask) return { ask, extras };
  const st = r.steps;
  const base = withValues(fu.base, info, catalog, extras.notes);
  if (fu.reoptimize) {
    if (!base.conditions && !listed) return { needList: true, extras };
    if (!base.conditions) extras.notes.push(`the values ${base.id} was made with are not known here, so the ones not given are the defaults`);
    const condNames = info.conditions.map((f) => f.name);
    const cfgNames = info.config.map((f) => f.name);
    const kept = pick(base.conditions, condNames.filter((n) => !(n in v.conditions)));
    const keptCfg = pick(base.config, cfgNames.filter((n) => !(n in v.config)));
    if (Object.keys(kept).length + Object.keys(keptCfg).length) extras.notes.push(`other values as in ${base.id}: ${JSON.stringify({ ...kept, ...keptCfg })}`);
    const masks = { ...keptMasks(base, info, extras, Object.keys(r.masks)), ...r.masks };
    const earlier = fu.sameSteps && base.request ? normalize(base.request).text : '';
    const again = earlier ? readSteps(earlier) : null;
    // a picture like the earlier design's: a new design made from one the person asked to see is rendered too
    const shown = base.request ? readSteps(normalize(base.request).text).render : false;
    const conditions = { ...kept, ...v.conditions };
    const exports = parseExports(r.text.text, conditions);
    return {
      extras,
      work: {
        optimize: { problem: base.problem, conditions, config: { ...keptCfg, ...pick(v.config, cfgNames) }, ...(Object.keys(masks).length ? { masks } : {}) },
        simulate: st.simulate || Boolean(again?.simulate),
        render: st.render || Boolean(again?.render) || shown,
        stl: st.stl || Boolean(again?.stl),
        exports: exports.exports.length || exports.branching || !earlier ? exports : parseExports(earlier, conditions),
        ...(st.compare ? { compare: fu.compare.map((d) => d.id) } : {}),
      },
    };
  }
  const exports = parseExports(r.text.text, { ...(base.conditions ?? {}), ...v.conditions });
  if (fu.simulateUnder) {
    for (const name of Object.keys(v.config)) extras.notApplied.push(`${name} ${v.config[name]} (a solver setting of an existing design cannot change; optimize again to use it)`);
    for (const name of Object.keys(r.masks)) extras.notApplied.push(`${name} (the offline planner simulates an earlier design under changed numbers only; optimize again, or call simulate_design with the mask)`);
    return { extras, work: { designId: base.id, simulate: true, simulateUnder: v.conditions, render: st.render, stl: st.stl, exports } };
  }
  if (st.compare && fu.compare.length < 2 && !st.simulate && !st.render && !st.stl) {
    return { text: `There is only one design in this conversation (${base.id}), so there is nothing to compare it with yet.`, extras };
  }
  const work = { designId: base.id, simulate: st.simulate, render: st.render, stl: st.stl || exports.exports.length > 0, exports, list: st.list, ...(st.compare ? { compare: fu.compare.map((d) => d.id) } : {}) };
  if (!work.simulate && !work.render && !work.stl && !work.list && !work.compare) {
    return { text: `I could not tell what to do with ${base.id} from "${request.slice(0, 200)}". ${helpText(catalog)}`, extras };
  }
  return { extras, work };
}
