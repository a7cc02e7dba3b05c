/**
 * Where a request names a field of the problem: the field's own name (with `_`, `-`, a space or
 * nothing between its parts), the alias table's words for it, the grid-axis words for the config
 * fields the catalog describes as along x / along y, and group words ("wavelengths") that name
 * several fields at once. Overlapping mentions keep the longest ("minimum filter size" over
 * "filter size", "volume fraction" over "volume").
 */
import type { FieldInfo, ProblemInfo } from '../../../../tools/engineering/tools/index.ts';
import { AXIS_ALIASES, FIELD_ALIASES, GROUP_ALIASES } from './aliases.ts';
import { inRange } from './checkValue.ts';
import { isKnownWord, nearest } from './fuzzy.ts';

export interface FieldRef {
  field: FieldInfo;
  kind: 'conditions' | 'config';
}

export interface Mention {
  /** One field, or several in order for a group word. */
  refs: FieldRef[];
  start: number;
  end: number;
}

/** The regex source of a field name: "max_iter" → max[\s_-]?iter, "lambda1" → lambda[\s_-]?1. */
export function nameSource(name: string): string {
  return name
    .split(/_|(?<=[a-z])(?=\d)/)
    .map((p) => p.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
    .join(String.raw`[\s_-]?`);
}

/** The config field of a grid axis: the one the catalog describes as along x (or y). */
export function axisField(problem: ProblemInfo, axis: 'x' | 'y' | 'z'): FieldInfo | undefined {
  return problem.config.find((f) => f.type === 'integer' && new RegExp(String.raw`\balong ${axis}\b`, 'i').test(f.description));
}

export function fieldRefs(problem: ProblemInfo): FieldRef[] {
  return [...problem.conditions.map((field) => ({ field, kind: 'conditions' as const })), ...problem.config.map((field) => ({ field, kind: 'config' as const }))];
}

/** The words that name each field of the problem. */
export function fieldWords(problem: ProblemInfo): { refs: FieldRef[]; sources: string[] }[] {
  const out: { refs: FieldRef[]; sources: string[] }[] = [];
  const axes = { x: axisField(problem, 'x'), y: axisField(problem, 'y') };
  for (const ref of fieldRefs(problem)) {
    // The name last: an alternation takes the first alternative that matches, and an alias may
    // start with the name ("volume fraction" for the field volume).
    const sources = [...(FIELD_ALIASES[ref.field.name] ?? []), nameSource(ref.field.name)];
    for (const axis of ['x', 'y'] as const) if (axes[axis] === ref.field) sources.push(...AXIS_ALIASES[axis]);
    out.push({ refs: [ref], sources });
  }
  const byName = new Map(fieldRefs(problem).map((r) => [r.field.name, r]));
  for (const g of GROUP_ALIASES) {
    const refs = g.fields.map((n) => byName.get(n));
    if (refs.every((r) => r !== undefined)) out.push({ refs: refs as FieldRef[], sources: [g.phrase] });
  }
  return out;
}

const BOUNDED = (source: string) => String.raw`(?<![a-z0-9_])(?:${source})(?![a-z0-9_]|\.\d)`;

export function findMentions(text: string, problem: ProblemInfo): Mention[] {
  const all: Mention[] = [];
  for (const { refs, sources } of fieldWords(problem)) {
    for (const m of text.matchAll(new RegExp(BOUNDED(sources.join('|')), 'g'))) {
      if (m[0].length) all.push({ refs, start: m.index, end: m.index + m[0].length });
    }
  }
  all.sort((a, b) => b.end - b.start - (a.end - a.start) || a.start - b.start);
  const kept: Mention[] = [];
  for (const m of all) if (!kept.some((k) => m.start < k.end && k.start < m.end)) kept.push(m);
  return kept.sort((a, b) => a.start - b.start);
}

/**
 * Misspelt field names ("volfarc 0.3", "forcedsit"): a word of five letters or more one edit (two
 * from eight letters) off a field name of the problem, and not a known word or a shorter form of a
 * name ("lambda" is not "lambda1"). Each comes with a note.
 */
export function misspeltMentions(text: string, problem: ProblemInfo, free: (start: number, end: number) => boolean): { mentions: Mention[]; notes: string[] } {
  const refs = new Map(fieldRefs(problem).map((r) => [r.field.name.replace(/_/g, ''), r]));
  const out = { mentions: [] as Mention[], notes: [] as string[] };
  for (const m of text.matchAll(/(?<![a-z0-9_])[a-z][a-z0-9_]{4,}(?![a-z0-9_])/g)) {
    const word = m[0].replace(/_/g, '');
    if (!free(m.index, m.index + m[0].length) || isKnownWord(m[0]) || refs.has(word) || [...refs.keys()].some((n) => n.startsWith(word))) continue;
    const guess = nearest(word, refs.keys(), word.length >= 8 ? 2 : 1);
    if (!guess) continue;
    out.mentions.push({ refs: [refs.get(guess)!], start: m.index, end: m.index + m[0].length });
    out.notes.push(`"${m[0]}" read as ${refs.get(guess)!.field.name}`);
  }
  return out;
}


/** Words of a description that say nothing about which field it is. */
const PLAIN = new Set([
  'the', 'and', 'for', 'with', 'from', 'that', 'this', 'its', 'into', 'onto', 'along', 'each', 'only', 'used', 'uses', 'when', 'than', 'then', 'also', 'both', 'at', 'of', 'to', 'in', 'on', 'as', 'by', 'or', 'is', 'be', 'it', 'an', 'a',
  'number', 'value', 'values', 'given', 'applied', 'apply', 'always', 'accepted', 'checked', 'ignored', 'which', 'where', 'while', 'there', 'their', 'them', 'they', 'these', 'those', 'some', 'more', 'less', 'most', 'after', 'before',
]);
const stem = (w: string) => w.replace(/(?:ies)$/, 'y').replace(/(?<=[a-z]{3})(?:es|s)$/, '');
const UNIT_WORDS: Record<string, string> = { px: 'pixel', nm: 'nanometer', um: 'micrometer', 'µm': 'micrometer' };

/** The description words of each numeric field, stemmed, with its unit spelt out ("px" → pixel). */
function descriptionWords(problem: ProblemInfo): Map<string, FieldRef[]> {
  const byWord = new Map<string, FieldRef[]>();
  for (const ref of fieldRefs(problem)) {
    if (ref.field.type === 'boolean') continue;
    const words = new Set((ref.field.description.toLowerCase().match(/[a-zµ]{4,}/g) ?? []).filter((w) => !PLAIN.has(w)).map(stem));
    const unit = ref.field.unit && UNIT_WORDS[ref.field.unit.toLowerCase()];
    if (unit) words.add(unit);
    for (const w of words) byWord.set(w, [...(byWord.get(w) ?? []), ref]);
  }
  return byWord;
}

/**
 * Words the alias table does not know, read from the catalog's descriptions: a word (or a unit
 * spelt out, "pixels" for px) that only one field's description uses names that field ("minimum
 * feature radius 3" → rmin, "density filter radius"), when a number stands next to it. Words
 * several descriptions share are not read. Each comes with a note.
 */
export function describedMentions(text: string, problem: ProblemInfo, free: (start: number, end: number) => boolean): { mentions: Mention[]; notes: string[] } {
  const byWord = descriptionWords(problem);
  const out = { mentions: [] as Mention[], notes: [] as string[] };
  for (const m of text.matchAll(/(?<![a-z0-9_])[a-z]{4,}(?![a-z0-9_])/g)) {
    const [a, b] = [m.index, m.index + m[0].length];
    if (!free(a, b) || PLAIN.has(m[0])) continue;
    const refs = byWord.get(stem(m[0]));
    if (refs?.length !== 1) continue;
    // a number right after the word (or two words), or right before it ("over 3 pixels"), that the field allows:
    // a guess from a description never takes a number the field cannot have ("3 supports" is not forcedist)
    const after = /^\s*(?:[a-z]+\s+){0,2}?(?:of|is|=|:|at|to|over)?\s*([-+]?(?:\d+(?:\.\d+)?|\.\d+))/.exec(text.slice(b, b + 30));
    const before = /(\d+(?:\.\d+)?)\s*(?:[a-z]+\s+)?$/.exec(text.slice(Math.max(0, a - 12), a));
    const value = Number((after ?? before)?.[1] ?? NaN);
    if (!Number.isFinite(value) || !inRange(value, refs[0].field.allowed)) continue;
    out.mentions.push({ refs, start: a, end: b });
    out.notes.push(`"${m[0]}" read as ${refs[0].field.name} (its description: ${refs[0].field.description})`);
  }
  return out;
}
