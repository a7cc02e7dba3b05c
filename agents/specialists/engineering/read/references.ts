/**
 * A value given as a multiple or a fraction of another value: "nely half of nelx", "nely as large
 * as nelx", "nely=nelx/3", "rmin twice the default", "half the default volume fraction", "rmin
 * equal to a tenth of nely". Such a value is never read as the bare number in it (0.5, 3) nor
 * dropped: the reader asks for the number itself, offering the product when it can compute it.
 */
import type { FieldRef, Mention } from './mentions.ts';
import type { Claims } from './tokens.ts';

export interface Reference {
  /** The field the value is for. */
  target: FieldRef;
  /** The field it is relative to; the target's own default when `ofDefault`. */
  source: FieldRef;
  ofDefault: boolean;
  factor: number;
  start: number;
  end: number;
}

const WORD_FACTORS: Record<string, number> = { twice: 2, double: 2, triple: 3, thrice: 3, half: 0.5 };
const EQUAL = String.raw`(?:as\s+(?:large|big|tall|high|wide|long|much|many)\s+as|equal\s+to|equals|(?:the\s+)?same\s+as)`;
const MULT = String.raw`(?:\b(twice|double|triple|thrice|half)\b|(?<![\w.])(\d+(?:\.\d+)?)\s*(times\b|x\b)?)`;
/** Between the target's mention and its source: "half of", "as large as", "= ", "equal to 0.1 of the". */
const GAP = new RegExp(String.raw`^\s*(?:[:=]|is|at|to|be|set\s+to)?\s*(${EQUAL})?\s*(?:${MULT})?\s*(?:(of|as)\s+)?(?:(the|its)\s+)?$`);
const TRAIL = /^\s*([/*])\s*(\d+(?:\.\d+)?)(?![\w.])/;
const DEFAULT_AFTER = new RegExp(String.raw`^\s*(?:[:=]|is|at|to|be|set\s+to)?\s*(${EQUAL})?\s*${MULT}\s*(?:of\s+)?(?:(?:the|its)\s+)?default\b(?:\s+value)?`);
const DEFAULT_BEFORE = new RegExp(String.raw`${MULT}\s*(?:of\s+)?(?:the\s+)?default\s+(?:value\s+(?:of|for)\s+(?:the\s+)?)?$`);

function factorOf(word: string | undefined, num: string | undefined, times: string | undefined, connector: boolean): number | null {
  if (word) return WORD_FACTORS[word];
  // a bare number before a field ("rmin 2 nelx 60") is its own value, not a factor
  if (num !== undefined) return times || connector ? Number(num) : null;
  return null;
}

const single = (m: Mention) => (m.refs.length === 1 && m.refs[0].field.type !== 'boolean' ? m.refs[0] : null);

export function readReferences(text: string, mentions: Mention[], claims: Claims): Reference[] {
  const out: Reference[] = [];
  const take = (r: Reference) => {
    if (out.some((x) => r.start < x.end && x.start < r.end)) return;
    claims.claim(r.start, r.end);
    out.push(r);
  };
  for (let i = 0; i < mentions.length; i++) {
    const m = mentions[i];
    const ref = single(m);
    if (!ref) continue;
    // "rmin twice the default", "nely = half the default"
    const d = DEFAULT_AFTER.exec(text.slice(m.end, m.end + 60));
    if (d) {
      const f = factorOf(d[2], d[3], d[4], true);
      if (f !== null) {
        take({ target: ref, source: ref, ofDefault: true, factor: f, start: m.start, end: m.end + d[0].length });
        continue;
      }
    }
    // "half the default volume fraction"
    const before = DEFAULT_BEFORE.exec(text.slice(Math.max(0, m.start - 50), m.start));
    if (before) {
      const f = factorOf(before[1], before[2], before[3], true);
      if (f !== null) {
        take({ target: ref, source: ref, ofDefault: true, factor: f, start: m.start - before[0].length, end: m.end });
        continue;
      }
    }
    // "nely half of nelx", "nely as large as nelx", "nely=nelx/3"
    const next = mentions[i + 1];
    const src = next && single(next);
    if (!src || src.field.name === ref.field.name) continue;
    const g = GAP.exec(text.slice(m.end, next.start));
    if (!g) continue;
    const [, equal, word, num, times, ofAs, the] = g;
    const trail = TRAIL.exec(text.slice(next.end, next.end + 12));
    const eq = Boolean(equal) || /^\s*=\s*$/.test(text.slice(m.end, next.start)) || (Boolean(trail) && /^\s*[:=]/.test(text.slice(m.end, next.start)));
    // "load at 0.25 of the beam length" for a field the catalog defines as a fraction of that one: the number is the value
    if (ofAs === 'of' && new RegExp(String.raw`fraction of (?:the )?${src.field.name}\b`, 'i').test(ref.field.description)) continue;
    let factor = factorOf(word, num, times, Boolean(ofAs || the || equal));
    if (factor === null && !eq) continue;
    factor ??= 1;
    if (trail) factor = trail[1] === '/' ? factor / Number(trail[2]) : factor * Number(trail[2]);
    take({ target: ref, source: src, ofDefault: false, factor, start: m.start, end: trail ? next.end + trail[0].length : next.end });
  }
  return out;
}
