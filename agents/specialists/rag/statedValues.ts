/**
 * Reads the values a passage states — numbers next to their parameter names — for the offline
 * RAG agent: table rows (`| volume fraction | 0.37 |`) and prose ("the volume fraction used was
 * 0.37", "filter radius r_min = 2.5 elements", "a volfrac of 0.4"). A name is the last few words
 * before the number within its clause, with linking words ("used was", "is set to") dropped.
 * Deterministic; no guessing of what a value means.
 */

export interface StatedValue {
  /** The parameter's name as written (lower case, e.g. "volume fraction"). */
  name: string;
  value: number;
  /** The unit word after the number, when there is one. */
  unit?: string;
}

const NUM = String.raw`[-−]?\d+(?:\.\d+)?(?:[eE][-+]?\d+)?`;
const LINKING = new Set(
  'was were is are be been being used use set to of at as equal equals equalling equaling about approximately approx roughly around ~ ≈ = : value values chosen taken given with a an the its their our we by then now final which that has had have'.split(' '),
);
const LEADING = new Set('the a an and or with of for in on our their its this that these those we where which while when then also both'.split(' '));
const UNIT = /^(?:%|mm|cm|m|µm|um|nm|n|kn|pa|mpa|gpa|kg|g|s|ms|hz|k|°c|elements?|px|pixels?|cells?)\b/i;

const words = (s: string) => s.split(/\s+/).filter(Boolean);

/** The name a clause gives a number: its last ≤ 4 words before it, linking words stripped. */
function nameBefore(clause: string): string | null {
  const ws = words(clause.replace(/[()[\]{}"“”'`*_]/g, ' ').replace(/[=:≈~]/g, ' = '));
  while (ws.length && LINKING.has(ws[ws.length - 1].toLowerCase())) ws.pop();
  const tail = ws.slice(-4);
  while (tail.length && (LEADING.has(tail[0].toLowerCase()) || LINKING.has(tail[0].toLowerCase()))) tail.shift();
  // a name is words, not numbers; keep it from its last number onwards
  const lastNum = tail.map((w) => /\d/.test(w) && !/[a-z]/i.test(w)).lastIndexOf(true);
  const name = tail.slice(lastNum + 1).join(' ').toLowerCase().replace(/[.,;]+$/, '');
  return /[a-zλ]/i.test(name) && name.length <= 60 ? name : null;
}

function tableValues(line: string): StatedValue[] {
  const cells = line.split('|').map((c) => c.trim()).filter((c, i, all) => !(c === '' && (i === 0 || i === all.length - 1)));
  if (cells.length < 2 || cells.every((c) => /^[\s:-]*$/.test(c))) return [];
  const name = cells[0].toLowerCase();
  if (!/[a-z]/i.test(name) || /\d/.test(name.replace(/[a-z_]\d\b/gi, ''))) return [];
  for (const c of cells.slice(1)) {
    const m = new RegExp(`^(${NUM})\\s*(\\S+)?`).exec(c);
    if (m) return [{ name, value: Number(m[1].replace('−', '-')), ...(m[2] && UNIT.test(m[2]) ? { unit: m[2] } : {}) }];
  }
  return [];
}

/** Every (name, value) a text states, in reading order. */
export function statedValues(text: string): StatedValue[] {
  const out: StatedValue[] = [];
  for (const line of text.split('\n')) {
    if (/^\s*\|/.test(line)) {
      out.push(...tableValues(line));
      continue;
    }
    // clauses: sentences, then commas/semicolons and "and" between statements
    for (const clause of line.split(/(?<=[.!?])\s+|[;,]\s+|\s+and\s+/)) {
      const re = new RegExp(`(${NUM})(?:\\s*(%|[A-Za-zµ°]+\\b))?`, 'g');
      let m: RegExpExecArray | null;
      let from = 0;
      while ((m = re.exec(clause))) {
        const before = clause.slice(from, m.index);
        const prev = clause[m.index - 1];
        from = m.index + m[0].length;
        if (prev && /[A-Za-z_-]/.test(prev) && !/\s/.test(prev)) continue; // part of a name like K-77 or r2
        const name = nameBefore(before);
        if (!name) continue;
        const unit = m[2] && UNIT.test(m[2]) ? m[2] : undefined;
        out.push({ name, value: Number(m[1].replace('−', '-')), ...(unit ? { unit } : {}) });
      }
    }
  }
  return out;
}

const stem = (w: string) => w.toLowerCase().replace(/(?:ies|es|s)$/, '').slice(0, 8);

/** Whether a stated name is one the request asks about (shares a content word, by stem). */
export function asksFor(request: string, name: string): boolean {
  const asked = new Set(words(request.replace(/[^\p{L}\p{N}_ ]/gu, ' ')).filter((w) => w.length > 2 && !LEADING.has(w.toLowerCase())).map(stem));
  return words(name.replace(/[^\p{L}\p{N}_ ]/gu, ' ')).some((w) => w.length > 2 && asked.has(stem(w)));
}
