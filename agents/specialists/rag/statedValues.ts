/**
 * Reads the values a passage states — numbers next to their parameter names — for the offline
 * RAG agent: table rows (`| volume fraction | 0.37 |`) and prose ("the volume fraction used was
 * 0.37", "filter radius r_min = 2.5 elements", "a volfrac of 0.4"). A name is the last few words
 * before the number within its clause, with linking words ("used was", "is set to") dropped, and
 * with a trailing qualifier that names a report, a date or a case ("used in report M-6", "in the
 * 2021 study", "for case 3") set aside, so "the volume fraction used in report M-6 was 0.36" states
 * volume fraction = 0.36. Numbers inside identifiers and dates (K-77, M-6, 2024-03-12, r2) and
 * right after an identifying noun ("test 12", "figure 3") are never values.
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
const LEADING = new Set('the a an and or with of for in on at after before since until during from within into over under than per our their its this that these those we where which while when then also both'.split(' '));
/** Verbs that join a name to a qualifier ("used in", "reported for"). */
const JOINING = new Set('used reported measured adopted applied specified listed stated quoted found chosen taken given obtained'.split(' '));
/** Prepositions that open a qualifier ("in report M-6", "on 12 March", "for case 3"). */
const QUALIFYING = new Set('in on for at from during of per under within'.split(' '));
/** Nouns whose number identifies something rather than stating a value ("report 12", "case 3"). */
const IDENTIFYING = /(?:^|\s)(?:report|test|run|case|figure|fig\.?|table|section|page|sample|specimen|chapter|eq\.?|equation|version|rev\.?|appendix|ref\.?|no\.?|#)\s*$/i;
/** Month names: a number next to one is part of a date ("12 March 2024"). */
const MONTH = '(?:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)';
const AFTER_MONTH = new RegExp(`\\b${MONTH}\\.?,?\\s*$`, 'i');
const BEFORE_MONTH = new RegExp(`^\\s*${MONTH}\\b`, 'i');
const UNIT = /^(?:%|mm|cm|m|µm|um|nm|n|kn|pa|mpa|gpa|kg|g|s|ms|hz|k|°c|elements?|px|pixels?|cells?)\b/i;

const words = (s: string) => s.split(/\s+/).filter(Boolean);

/** The name a clause gives a number: its last ≤ 4 words before it, linking words and a trailing qualifier stripped. */
function nameBefore(clause: string): string | null {
  let ws = words(clause.replace(/[()[\]{}"“”'`*_]/g, ' ').replace(/[=:≈~]/g, ' = '));
  const popLinking = () => {
    while (ws.length && (LINKING.has(ws[ws.length - 1].toLowerCase()) || JOINING.has(ws[ws.length - 1].toLowerCase()))) ws.pop();
  };
  popLinking();
  // "volume fraction used in report M-6", "penalty in the 2021 study": the name comes before the qualifier
  for (let j = ws.length - 1; j > 0 && j >= ws.length - 6; j--) {
    if (!QUALIFYING.has(ws[j].toLowerCase()) || !ws.slice(j + 1).some((w) => /\d/.test(w))) continue;
    const head = ws.slice(0, j);
    while (head.length && (LINKING.has(head[head.length - 1].toLowerCase()) || JOINING.has(head[head.length - 1].toLowerCase()))) head.pop();
    if (head.some((w) => /[a-z]/i.test(w) && !LEADING.has(w.toLowerCase()) && !LINKING.has(w.toLowerCase()))) {
      ws = head;
      break;
    }
  }
  // a number inside a qualifier ("used in the 2021 study") has no name of its own
  if (ws.length && QUALIFYING.has(ws[ws.length - 1].toLowerCase())) return null;
  // a name is words, not numbers; keep it from its last number (or identifier, or date) onwards
  // "for the next beam: volume fraction 0.33": a name starts after the last "=" or ":" before it
  const eq = ws.lastIndexOf('=');
  if (eq >= 0 && eq < ws.length - 1) ws = ws.slice(eq + 1);
  const four = ws.slice(-4);
  const tail = four.slice(four.map((w) => /\d/.test(w)).lastIndexOf(true) + 1);
  while (tail.length && (LEADING.has(tail[0].toLowerCase()) || LINKING.has(tail[0].toLowerCase()) || JOINING.has(tail[0].toLowerCase()))) tail.shift();
  const name = tail.join(' ').toLowerCase().replace(/[.,;]+$/, '');
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
        const prev = clause[m.index - 1];
        const next = clause[m.index + m[1].length];
        // part of an identifier or a date (K-77, r2, 2024-03-12, 3/4), or a number that identifies (report 12): not a value
        if (prev && /[\p{L}\p{N}_\-/.]/u.test(prev)) continue;
        if (next && /[-/\p{L}]/u.test(next) && /[\p{N}\p{L}]/u.test(clause[m.index + m[1].length + 1] ?? '') && !(m[2] && UNIT.test(m[2]))) continue;
        const before = clause.slice(from, m.index);
        if (IDENTIFYING.test(before) || AFTER_MONTH.test(before) || BEFORE_MONTH.test(clause.slice(m.index + m[1].length))) continue;
        const name = nameBefore(before);
        if (!name) continue;
        const unit = m[2] && UNIT.test(m[2]) ? m[2] : undefined;
        out.push({ name, value: Number(m[1].replace('−', '-')), ...(unit ? { unit } : {}) });
        from = m.index + (unit ? m[0].length : m[1].length);
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
