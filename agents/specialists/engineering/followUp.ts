/**
 * Follow-ups about earlier designs of the conversation: which design a request refers to ("it", "the
 * last one", "the first design", an id or id prefix), whether it asks for a new design from an earlier
 * one's values with changes ("now make it 0.4", "do the same with blur radius 3", "try rmin 3
 * instead"), for an earlier design under changed conditions ("simulate it with forcedist 0.8"), or
 * for a comparison, and which field a bare number ("make it 0.4") is for.
 */
import type { FieldInfo, ProblemInfo } from '../../../tools/engineering/tools/index.ts';
import { checkValue, inRange, type Written } from './read/checkValue.ts';
import { fieldRefs, type FieldRef } from './read/mentions.ts';
import { readRequest, type Reading } from './read/readRequest.ts';
import type { Thread, ThreadDesign } from './thread.ts';

/** Words that point back at the conversation. */
export const REFERS_BACK = /\b(?:it|its|them|that one|this one|same|again|instead|previous|last|latest|earlier|before|original|first one|both|another|also|too|now|this time|as before|redo|repeat|re-?optimi[sz]e|re-?run|what about|how about|what if|the (?:design|result|new one|old one|two))\b/;
/** Words that tie a request naming a problem to an earlier design of it ("optimize the beam again with rmin 3"). */
export const POINTS_BACK = /\b(?:same|again|instead|previous|last (?:one|design)|latest|earlier|before|original|another|this time|as before|redo|repeat|re-?optimi[sz]e|re-?run|what about|how about|what if|compar\w*|versus)\b/;
/** "do the same": also repeat the steps of the earlier request. */
const SAME_STEPS = /\b(?:do (?:the same|that|it) (?:again|with|for|but)|the same (?:thing|again|as before|but|with)|same (?:again|steps|workflow)|repeat (?:it|that|the same)|again with|as before)\b/;

export interface FollowUp {
  /** The design the request is about. */
  base: ThreadDesign;
  reoptimize: boolean;
  /** Simulate `base` under the changed conditions instead of optimizing. */
  simulateUnder: boolean;
  /** Repeat the steps of the request that made `base`. */
  sameSteps: boolean;
  /** Designs to compare (with the new one last when `reoptimize`). */
  compare: ThreadDesign[];
}

function byId(thread: Thread, id: string): ThreadDesign {
  return thread.designs.find((d) => d.id === id || d.id.startsWith(id)) ?? { id, problem: id.split('-')[0] };
}

/** The designs a request names, in the order it names them; the newest when it names none. */
export function referenced(text: string, thread: Thread, ids: string[]): ThreadDesign[] {
  const ds = thread.designs;
  if (ids.length) return ids.map((id) => byId(thread, id));
  const at: { d: ThreadDesign; i: number }[] = [];
  const push = (re: RegExp, d: ThreadDesign | undefined) => {
    const m = re.exec(text);
    if (m && d) at.push({ d, i: m.index });
  };
  push(/\b(?:first|original|initial)\b(?! wavelength)/, ds[0]);
  push(/\bsecond\b(?! wavelength)/, ds[1]);
  push(/\bthird\b/, ds[2]);
  push(/\b(?:previous|earlier|older|old one|one before)\b/, ds.length > 1 && /\b(?:last|latest|new(?:est)?)\b/.test(text) ? ds[ds.length - 2] : ds[ds.length - 1]);
  push(/\b(?:last|latest|newest|new one|most recent|current)\b/, ds[ds.length - 1]);
  const seen = new Set<string>();
  return at.sort((a, b) => a.i - b.i).map((x) => x.d).filter((d) => !seen.has(d.id) && seen.add(d.id));
}

/**
 * The field a bare number is for ("make it 0.4"): the field the person changed last in the thread
 * when that is one field that takes the number, else the one field that takes it. Null when several
 * could: the planner asks.
 */
export function fieldForNumber(written: Written, info: ProblemInfo, thread: Thread, catalog: readonly ProblemInfo[]): { ref: FieldRef | null; candidates: FieldRef[] } {
  const value = Number(written.value);
  const numeric = fieldRefs(info).filter((r) => r.field.type !== 'boolean' && r.kind === 'conditions');
  const takes = (f: FieldInfo) => checkValue(f, written).ok;
  const usual = (f: FieldInfo) => {
    const c = checkValue(f, written);
    return !f.recommended || (c.ok && inRange(Number(c.value), f.recommended)) || (!c.ok && inRange(value, f.recommended));
  };
  const candidates = numeric.filter((r) => takes(r.field));
  for (let i = thread.requests.length - 1; i >= 0; i--) {
    const answered = thread.readAs[i] ?? [];
    const named = answered.length ? answered : Object.keys(readRequest(thread.requests[i], catalog, { problem: info }).conditions);
    const hits = candidates.filter((r) => named.includes(r.field.name));
    if (hits.length === 1) return { ref: hits[0], candidates };
    const usualHits = hits.filter((r) => usual(r.field));
    if (usualHits.length === 1) return { ref: usualHits[0], candidates };
    if (hits.length > 1) return { ref: null, candidates: usualHits.length ? usualHits : hits };
  }
  const usualOnes = candidates.filter((r) => usual(r.field));
  return { ref: usualOnes.length === 1 ? usualOnes[0] : candidates.length === 1 ? candidates[0] : null, candidates: usualOnes.length ? usualOnes : candidates };
}

const ID_IN = /(?<![a-z0-9_])[a-z][a-z0-9_]*-[0-9a-f]{6,16}(?![a-z0-9_])/g;
const refsIn = (text: string, thread: Thread) => referenced(text, thread, text.match(ID_IN) ?? []);

export function readFollowUp(r: Reading, thread: Thread, hasChanges: boolean): FollowUp | null {
  const s = r.text.text;
  const newest = thread.designs[thread.designs.length - 1];
  if (!newest && !r.designIds.length) return null;
  const ci = s.search(/\bcompar|\bversus\b|\bvs\b/);
  const before = refsIn(ci >= 0 ? s.slice(0, ci) : s, thread);
  const after = ci >= 0 ? refsIn(s.slice(ci), thread) : [];
  const simulateUnder = hasChanges && r.steps.simulate && !/\b(?:optimi[sz]|again|redo|re-?run|try|make|same|instead|new design|another)\b/.test(s);
  const redo = /\b(?:again|redo|re-?optimi[sz]e|re-?run|repeat)\b/.test(s) && !r.steps.render && !r.steps.stl && !r.steps.simulate && !r.steps.compare;
  const reoptimize = !simulateUnder && (hasChanges || redo);
  const base = before[0] ?? (reoptimize || simulateUnder ? newest : after[0]) ?? newest;
  let compare: ThreadDesign[] = [];
  if (r.steps.compare) {
    const named = [...before, ...after].filter((d, i, all) => all.findIndex((x) => x.id === d.id) === i);
    if (reoptimize) compare = [after[0] ?? base];
    else if (named.length >= 2) compare = named;
    else if (/\b(?:all|every)\b/.test(s)) compare = thread.designs.slice(-8);
    else if (named.length === 1 && newest && named[0].id !== newest.id) compare = thread.designs.filter((d) => d.id === named[0].id || d.id === newest.id);
    else compare = thread.designs.slice(-2);
  }
  return { base, reoptimize, simulateUnder, sameSteps: SAME_STEPS.test(s), compare };
}
