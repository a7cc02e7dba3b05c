/**
 * Which problem a request is about: a catalog id written any way ("beams2d", "Beams 2D",
 * "beam_2d", "beams2d@0" for an older version; misspelt ids are corrected in text.ts), or a word
 * for it from the alias table ("MBB beam", "demultiplexer"). Problems the catalog does not have
 * ("heat sink", "airfoil", "foo2d") are named back instead of being read as another problem.
 */
import type { ProblemInfo } from '../../../../tools/engineering/tools/index.ts';
import { PROBLEM_ALIASES, PROBLEM_NOTES, UNAVAILABLE_PROBLEMS } from './aliases.ts';
import type { Claims } from './tokens.ts';

export interface ProblemReading {
  /** Catalog id, with "@version" for an older version. */
  id: string | null;
  /** A problem asked for that the catalog does not have. */
  unknown: string | null;
  /** Other catalog problems the request also names. */
  others: string[];
  notes: string[];
}

/** "beams2d" → beams?[\s_-]*2[\s_-]*d, so "beam 2D" and "beams_2d" match. */
function idSource(id: string): string {
  const m = /^([a-z]+?)(s?)(\d+)([a-z]*)$/.exec(id);
  if (!m) return id;
  return String.raw`${m[1]}${m[2] ? 's?' : ''}[\s_-]*${m[3]}[\s_-]*${m[4]}`;
}

export function readProblem(text: string, catalog: readonly ProblemInfo[], claims: Claims): ProblemReading {
  const found: { id: string; at: number }[] = [];
  const notes: string[] = [];
  for (const p of catalog) {
    const byId = new RegExp(String.raw`(?<![a-z0-9_])(?:${idSource(p.id)})(?:\s*(?:@|\bv(?:ersion)?\s*)(\d+))?(?![a-z0-9_])`, 'g');
    for (const m of text.matchAll(byId)) {
      if (!claims.isFree(m.index, m.index + m[0].length)) continue;
      claims.claim(m.index, m.index + m[0].length);
      const version = m[1] !== undefined ? Number(m[1]) : p.version;
      found.push({ id: version === p.version ? p.id : `${p.id}@${version}`, at: m.index });
    }
    const alias = PROBLEM_ALIASES[p.id];
    const byWord = alias ? new RegExp(String.raw`(?<![a-z0-9_])(?:${alias})(?![a-z0-9_])`).exec(text) : null;
    if (byWord && claims.isFree(byWord.index, byWord.index + byWord[0].length)) {
      found.push({ id: p.id, at: byWord.index });
      const n = PROBLEM_NOTES[p.id];
      if (n && n.word.test(byWord[0]) && !found.some((f) => f.id === p.id && f.at !== byWord.index)) notes.push(n.note);
    }
  }
  found.sort((a, b) => a.at - b.at);
  const ids = [...new Set(found.map((f) => f.id))];
  const base = (id: string) => id.split('@')[0];
  const id = ids[0] ?? null;
  const others = [...new Set(ids.filter((i) => base(i) !== base(id ?? '')).map(base))];
  let unknown: string | null = null;
  if (!id) {
    unknown = UNAVAILABLE_PROBLEMS.find((u) => u.words.test(text))?.name ?? null;
    const strange = [...text.matchAll(/(?<![a-z0-9_-])([a-z][a-z_]*2d)(?![a-z0-9_-])/g)].find((m) => claims.isFree(m.index, m.index + m[0].length));
    if (!unknown && strange) unknown = strange[1];
  }
  return { id, unknown, others, notes: id ? notes : [] };
}
