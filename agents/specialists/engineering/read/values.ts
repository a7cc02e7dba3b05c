/**
 * Numbers attached to the fields named next to them: "volfrac 0.4", "volfrac=0.4", `"volfrac": 0.4`,
 * "the load is positioned at 0.7", "a volume fraction of 40 %", "changed from 0.3 to 0.4" (0.4);
 * the number before the name ("40 % of the material", "3 px blur", "100 iterations"); lists in
 * order ("volfrac, rmin and forcedist of 0.4, 3 and 0.5"); group words ("wavelengths 850 and
 * 1310 nm", one unit for the whole list). A number is attached to one field at most.
 */
import type { Written } from './checkValue.ts';
import type { FieldRef, Mention } from './mentions.ts';
import { gapIs, type Claims, type NumberToken } from './tokens.ts';

export interface Assignment {
  ref: FieldRef;
  written: Written;
  /** The stretch of text it was read from (name and value). */
  start: number;
  end: number;
  /** Read from words rather than written as a value ("without overhang"): the answer says how. */
  fromWords?: boolean;
}

export interface Ambiguity {
  /** Fields the number could be for. */
  refs: FieldRef[];
  token: NumberToken;
  start: number;
  end: number;
}

const LINK = String.raw`between|x|position|is|are|was|were|be|being|would|could|will|shall|become|became|becomes|sits?|sitting|lies|lying|acts?|goes|moves?|moved|shifts?|shifted|changes?|of|to|at|as|equals?|equal|set|should|must|around|about|approximately|approx|roughly|exactly|just|value|values|a|an|the|with|now|then|also|positioned|located|placed|applied|put|situated|sitting|acting|changed|change|it|increased|decreased|reduced|raised|lowered|use|using|want|like|would|please|target|targeted|targeting|fixed|go|goes|make|made|keep|kept|which|that|means|in|on|we|i|you|need|needs|becomes|become|new|setting|equals|approx\.|~`;
const FORWARD_GAP = new RegExp(String.raw`^(?:[\s,:=("'\[{]|-(?=\s)|\b(?:${LINK})\b)*$`);
const BACKWARD_GAP = /^(?:\s|\b(?:of|for|as|the|target|total|a|an|available|whole|full|allowed|design|maximum|max|possible|entire|usable)\b)*$/;
const LIST_GAP = /^\s*(?:,|and|&|\/|;|\+)?\s*(?:and\s+)?$/;
const FROM_TO = /^\s*(?:(?:is|was|should be|goes|go|changed|change|increased?|decreased?|reduced?|raised?|lowered?)\s+)*from\s*$/;

const writtenOf = (t: NumberToken): Written => ({ value: t.value, unit: t.unit, percent: t.percent });
const free = (claims: Claims, t: NumberToken) => claims.isFree(t.start, t.numEnd);

/** The run of free numbers starting after `from` (through link words), separated by list words. */
function forwardRun(text: string, from: number, numbers: NumberToken[], claims: Claims): NumberToken[] {
  const run: NumberToken[] = [];
  for (const t of numbers) {
    if (t.start < from || !free(claims, t)) continue;
    const prev = run[run.length - 1];
    if (!prev) {
      if (!gapIs(text, from, t.start, FORWARD_GAP)) return run;
    } else if (!gapIs(text, prev.end, t.start, LIST_GAP)) break;
    run.push(t);
  }
  return run;
}

/** One unit (or "%") written at the end of a list applies to the whole list. */
function shareUnit(run: NumberToken[]): Written[] {
  const units = new Set(run.map((t) => t.unit).filter(Boolean));
  const percent = run.some((t) => t.percent);
  const unit = units.size === 1 ? [...units][0] : null;
  return run.map((t) => ({ value: t.value, unit: t.unit ?? unit, percent: t.percent || (percent && !t.unit && run[run.length - 1].percent) }));
}

/** Mentions in a row ("volfrac, rmin and forcedist") with one field each. */
function mentionRuns(text: string, mentions: Mention[]): Mention[][] {
  const runs: Mention[][] = [];
  let cur: Mention[] = [];
  for (const m of mentions) {
    const prev = cur[cur.length - 1];
    if (prev && m.refs.length === 1 && gapIs(text, prev.end, m.start, LIST_GAP) && text.slice(prev.end, m.start).trim() !== '') cur.push(m);
    else {
      if (cur.length > 1) runs.push(cur);
      cur = m.refs.length === 1 ? [m] : [];
    }
  }
  if (cur.length > 1) runs.push(cur);
  return runs;
}

/** A second value right after the first: "2-3", "0.3 or 0.4", "0.3 to 0.4". */
const ALTERNATIVE = /^\s*(?:-|–|to|or|and\/or)\s*$/;

export interface Alternatives {
  ref: FieldRef;
  values: NumberToken[];
  start: number;
  end: number;
}

export function attachValues(text: string, mentions: Mention[], numbers: NumberToken[], claims: Claims): { assignments: Assignment[]; ambiguities: Ambiguity[]; alternatives: Alternatives[] } {
  const assignments: Assignment[] = [];
  const ambiguities: Ambiguity[] = [];
  const alternatives: Alternatives[] = [];
  const done = new Set<Mention>();
  const take = (m: Mention, ts: NumberToken[], ws: Written[] = ts.map(writtenOf)) => {
    if (ts.length === 1 && m.refs.length === 1) {
      const next = numbers.find((t) => t.start >= ts[0].end && free(claims, t));
      const between = next ? text.slice(ts[0].end, next.start) : '';
      const opened = /\bbetween\s*$/.test(text.slice(m.end, ts[0].start));
      if (next && (ALTERNATIVE.test(between) || (opened && /^\s*and\s*$/.test(between)))) {
        claims.claim(ts[0].start, ts[0].numEnd);
        claims.claim(next.start, next.numEnd);
        alternatives.push({ ref: m.refs[0], values: [ts[0], next], start: m.start, end: next.end });
        done.add(m);
        return;
      }
    }
    ts.forEach((t, i) => {
      const group = m.refs.length > 1;
      assignments.push({ ref: group ? m.refs[i] : m.refs[0], written: ws[i], start: group ? t.start : Math.min(m.start, t.start), end: group ? t.end : Math.max(m.end, t.end) });
      claims.claim(t.start, t.numEnd);
    });
    done.add(m);
  };
  // lists in order: "volfrac, rmin and forcedist of 0.4, 3 and 0.5"
  for (const run of mentionRuns(text, mentions)) {
    const values = forwardRun(text, run[run.length - 1].end, numbers, claims);
    if (values.length !== run.length) continue;
    const ws = shareUnit(values);
    run.forEach((m, i) => take(m, [values[i]], [ws[i]]));
  }
  // "changed from 0.3 to 0.4": the new value
  for (const m of mentions) {
    if (done.has(m) || m.refs.length > 1) continue;
    const next = numbers.filter((t) => t.start >= m.end && free(claims, t)).slice(0, 2);
    if (next.length === 2 && gapIs(text, m.end, next[0].start, FROM_TO) && gapIs(text, next[0].end, next[1].start, /^\s*to\s*$/)) {
      claims.claim(next[0].start, next[0].numEnd);
      take(m, [next[1]]);
    }
  }
  const numberBefore = (m: Mention) => {
    const t = numbers.filter((x) => x.numEnd <= m.start && free(claims, x)).pop();
    return t && (m.start >= t.end ? gapIs(text, t.end, m.start, BACKWARD_GAP) : m.start >= t.unitStart) ? t : undefined;
  };
  // the name, then the value (unless the value is across a comma and one stands right before: "a 0.4 volume fraction, a 2 element filter")
  for (const m of mentions) {
    if (done.has(m)) continue;
    const run = forwardRun(text, m.end, numbers, claims);
    if (m.refs.length === 1 && run.length && /[,;]/.test(text.slice(m.end, run[0].start)) && numberBefore(m)) continue;
    if (m.refs.length === 1 && run.length) take(m, [run[0]]);
    else if (m.refs.length > 1 && run.length === m.refs.length) take(m, run, shareUnit(run));
    else if (m.refs.length > 1 && run.length === 1) {
      ambiguities.push({ refs: m.refs, token: run[0], start: m.start, end: run[0].end });
      claims.claim(run[0].start, run[0].numEnd);
      done.add(m);
    }
  }
  // the value, then the name: "40 % of the material", "3 px blur", "60 elements along x"
  for (const m of mentions) {
    if (done.has(m) || m.refs.length > 1) continue;
    const before = numberBefore(m);
    if (before) take(m, [before]);
  }
  return { assignments, ambiguities, alternatives };
}
