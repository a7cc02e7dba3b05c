/**
 * Reads STL export instructions (benchmarks.md §2.2): explicit values (W-Rand), values derived from
 * earlier ones (W-Derived: "threshold = the volume fraction", "scale_z = 10 × rmin"), a preview vs a
 * manufacturing value (W-Distract: the manufacturing one wins), an if/then on the simulated objective
 * (W-Cond) and several exports (W-Multi).
 */

export interface StlArgs {
  threshold?: number;
  scale_xy?: number;
  scale_z?: number;
  mirror_y?: boolean;
}

export interface Branching {
  objective: string;
  /** true when branch A applies for values below the limit. */
  below: boolean;
  limit: number;
  whenTrue: StlArgs;
  whenFalse: StlArgs;
}

export interface ExportPlan {
  exports: StlArgs[];
  branching: Branching | null;
}

const NUM = String.raw`(-?\d+(?:\.\d+)?(?:e[+-]?\d+)?|-?\.\d+)`;
const LINK = String.raw`\s*(?:(?:of|=|:|is|to|at|as|equal to|equals|measures|measuring|set to|should be|must be|exactly)\s*)*`;
const VALUE_NAMES: Record<string, RegExp> = {
  volfrac: /vol(?:ume)?[\s_-]*frac(?:tion)?/i,
  rmin: /rmin|filter(?:ing)?[\s_-]*radius/i,
  forcedist: /force[\s_-]*dist(?:ance)?/i,
};
const PARAMS: Record<keyof StlArgs, string> = {
  threshold: String.raw`(?<!projection[\s_-]*)(?:density[\s_-]*)?(?:threshold|thr|cut[\s_-]*off|cutoff)|density cut|cut (?:the )?density(?: at)?`,
  scale_xy: String.raw`scale[\s_-]*xy|xy[\s_-]*scale|(?:in-?plane|pixel) (?:scale|size|width)`,
  scale_z: String.raw`scale[\s_-]*z|z[\s_-]*scale|extrusion(?: height| depth| thickness)?|thickness|height`,
  mirror_y: String.raw`mirror[\s_-]*y`,
};

const MM = String.raw`(?:mm|millimet(?:er|re)s?)`;
/** Words after a length in mm that name an export parameter: "3 mm thickness", "2 mm pixels". */
const AFTER_MM: Record<'scale_xy' | 'scale_z', string> = {
  scale_xy: String.raw`pixels?|per pixel|pixel (?:size|width)`,
  scale_z: String.raw`thick(?:ness)?|tall|high|height|deep|depth|extrusion(?: height| depth)?`,
};

/** A derived value: "<k> × rmin", "the volume fraction", "rmin times 10". */
function derived(text: string, known: Record<string, number | boolean>): number | null {
  for (const [name, re] of Object.entries(VALUE_NAMES)) {
    const v = known[name];
    if (typeof v !== 'number') continue;
    const src = re.source;
    let m = new RegExp(String.raw`^\s*(?:the\s+)?${NUM}\s*(?:x|×|\*|times)\s*(?:the\s+)?(?:${src})`, 'i').exec(text);
    if (m) return Number(m[1]) * v;
    m = new RegExp(String.raw`^\s*(?:the\s+)?(?:${src})\s*(?:x|×|\*|times|multiplied by)\s*${NUM}`, 'i').exec(text);
    if (m) return Number(m[1]) * v;
    if (new RegExp(String.raw`^\s*(?:the\s+)?(?:same as the\s+)?(?:${src})`, 'i').test(text)) return v;
  }
  return null;
}

/** The export arguments stated in one piece of text. */
export function parseStlArgs(text: string, known: Record<string, number | boolean> = {}): StlArgs {
  const out: StlArgs = {};
  for (const key of ['threshold', 'scale_xy', 'scale_z'] as const) {
    const at = new RegExp(String.raw`\b(?:${PARAMS[key]})\b${LINK}`, 'i').exec(text);
    if (!at) continue;
    const rest = text.slice(at.index + at[0].length);
    const d = derived(rest, known);
    const n = new RegExp(String.raw`^${NUM}`).exec(rest);
    if (d !== null) out[key] = d;
    else if (n) out[key] = Number(n[1]);
  }
  // "3 mm thickness", "2 mm pixels" — not the factor of a value ("rmin times 5 mm tall" is 5 × rmin, read below)
  for (const key of ['scale_xy', 'scale_z'] as const) {
    const m = out[key] === undefined ? new RegExp(`${NUM}\\s*${MM}\\s*(?:of\\s+)?(?:${AFTER_MM[key]})\\b`, 'i').exec(text) : null;
    if (m && !/(?:x|×|\*|times|multiplied by)\s*$/i.test(text.slice(0, m.index))) out[key] = Number(m[1]);
  }
  // "each pixel 0.5 mm wide", "pixels of 2 mm", "each pixel measures 0.5 × rmin mm": a length in mm said of a pixel is the pixel size
  if (out.scale_xy === undefined) {
    const m = /\bpixels?\b(?:\s+(?:measures?|measuring|is|are|of|at|size|width|wide|should be|must be)\b)*\s*(?:=|:)?\s*/i.exec(text);
    const rest = m ? text.slice(m.index + m[0].length) : '';
    const d = m ? derived(rest, known) : null;
    const n = m ? new RegExp(String.raw`^${NUM}\s*${MM}`, 'i').exec(rest) : null;
    if (d !== null && new RegExp(String.raw`^[^,;]{0,30}?${MM}`, 'i').test(rest)) out.scale_xy = d;
    else if (n) out.scale_xy = Number(n[1]);
  }
  // "the part is 10 × rmin mm tall"
  if (out.scale_z === undefined) {
    const m = new RegExp(String.raw`(?:^|[\s,(])((?:the\s+)?${NUM}\s*(?:x|×|\*|times)\s*[a-z_ ]{2,20}?|${DERIVED_FROM}\s*(?:x|×|\*|times|multiplied by)\s*${NUM})\s*${MM}\s*(?:${AFTER_MM.scale_z})\b`, 'i').exec(text);
    const d = m ? derived(m[1], known) : null;
    if (d !== null) out.scale_z = d;
  }
  // "use the volume fraction as the density threshold"
  if (out.threshold === undefined) {
    const m = /\b(?:use|take)\s+(?:the\s+)?(vol(?:ume)?[\s_-]*frac(?:tion)?|rmin|force[\s_-]*dist(?:ance)?)\s+as\s+(?:the\s+)?(?:density\s+)?threshold/i.exec(text);
    const v = m ? derived(m[1], known) : null;
    if (v !== null) out.threshold = v;
  }
  const mirror = new RegExp(String.raw`\b(?:${PARAMS.mirror_y})\b${LINK}(true|false|yes|no|on|off|1|0)`, 'i').exec(text);
  if (mirror) out.mirror_y = /^(true|yes|on|1)$/i.test(mirror[1]);
  else if (/\b(?:do not|don't|no|without)\s+mirror/i.test(text)) out.mirror_y = false;
  else if (/\bmirror(?:ed|ing)?\b|\bmirror[\s_-]*y\b(?!\s*(?:=|:|is|to|set))/i.test(text)) out.mirror_y = true;
  return out;
}

const hasArgs = (a: StlArgs) => Object.keys(a).length > 0;
const PREVIEW = /\bpreview|\bdraft\b|\bquick look|\bon[-\s]?screen|\bthumbnail/i;
const FINAL = /manufactur|\bprint|\bfinal\b|\bproduction\b|\bfabricat/i;

/** Sentences, without breaking decimals ("0.5") or ids. */
export function sentences(text: string): string[] {
  return text.split(/\.(?!\d)|[;\n]|\?|!/).map((s) => s.trim()).filter(Boolean);
}

const OBJECTIVE = String.raw`(compliance|objective(?: value)?|total[_\s]overlap|overlap|c)`;
const COMPARE = String.raw`(below|less than|lower than|under|smaller than|<=?|above|greater than|higher than|over|more than|exceeds|>=?)`;
/** "if the compliance is below 250", "when the final objective comes out above 118", "when it is over 3" (it: the objective named before). */
const CONDITION = new RegExp(
  String.raw`\b(?:if|when|whenever|should)\s+(?:(?:the\s+)?(?:simulated\s+|resulting\s+|final\s+|reported\s+)*${OBJECTIVE}|(it))\b\s*(?:value\s+)?(?:is|comes out|turns out|ends up|lands|gets)?\s*(?:at\s+)?${COMPARE}\s*${NUM}`,
  'i',
);

function parseBranching(text: string, known: Record<string, number | boolean>): Branching | null {
  const m = CONDITION.exec(text);
  if (!m) return null;
  // "when it comes out above …": "it" is the objective the text named before
  const objective = m[1] ?? new RegExp(String.raw`\b${OBJECTIVE}\b`, 'i').exec(text.slice(0, m.index))?.[1];
  if (!objective) return null;
  m.splice(1, 2, objective);
  const after = text.slice(m.index + m[0].length);
  const split = /\b(?:otherwise|else|if not|(?:when|if) (?:it|that) (?:does not|doesn't|is not|isn't)|in the other case)\b/i.exec(after);
  if (!split) return null;
  const below = /below|less|lower|under|smaller|</i.test(m[2]);
  const common = parseStlArgs(text.slice(0, m.index), known);
  const tail = after.slice(split.index + split[0].length);
  // the reader's text is lower case: any next sentence ends the branch ("… In both cases scale_z is 12.")
  const end = /\.(?!\d)\s+(?=[a-z])/i.exec(tail);
  const whenTrue = { ...common, ...parseStlArgs(after.slice(0, split.index), known) };
  const whenFalse = { ...common, ...parseStlArgs(end ? tail.slice(0, end.index) : tail, known) };
  const rest = end ? parseStlArgs(tail.slice(end.index), known) : {};
  return { objective: m[1].toLowerCase(), below, limit: Number(m[3]), whenTrue: { ...rest, ...whenTrue }, whenFalse: { ...rest, ...whenFalse } };
}

/**
 * A sentence naming both a preview and a manufacturing value ("threshold 0.2 for the preview but
 * 0.6 for manufacturing") keeps only its manufacturing clause; a clause with a bare number takes the
 * parameter name of the clause before it.
 */
function manufacturingPart(sentence: string): string[] {
  if (!(PREVIEW.test(sentence) && FINAL.test(sentence))) return [sentence];
  const clauses = sentence.split(/,|\bbut\b|\bwhile\b|\bwhereas\b|\band\b(?=\s+(?:\d|-?\.\d)[^,]*\b(?:for|in)\b)/i).map((c) => c.trim());
  const out: string[] = [];
  let lastName = '';
  for (const c of clauses) {
    const name = /\b(threshold|scale[\s_-]*xy|scale[\s_-]*z|mirror[\s_-]*y)\b/i.exec(c)?.[1];
    if (name) lastName = name;
    if (PREVIEW.test(c) && !FINAL.test(c)) continue;
    out.push(name || !lastName ? c : `${lastName} ${c}`);
  }
  return out;
}

/** "one at 0.6", "another with 0.4": an export given by a bare number. */
const ONE_AT_BARE = /\b(?:one|1|another|the other|a second|the second)\s+(?:at|with)\s+-?\.?\d/i;
const PARAM_NAME = new RegExp(String.raw`\b(${PARAMS.threshold}|scale[\s_-]*xy|scale[\s_-]*z)\b`, 'i');

/** All exports the text asks for. `known` holds the condition values for derived rules. */
export function parseExports(text: string, known: Record<string, number | boolean>): ExportPlan {
  const branching = parseBranching(text, known);
  if (branching) return { exports: [], branching };
  const exports: StlArgs[] = [];
  const thresholds = new RegExp(String.raw`\b(?:${PARAMS.threshold})\b`, 'gi');
  // "two STLs, one at threshold 0.3 and one at 0.6": each "one at/with" is an export; a bare number takes the parameter named before it
  const parts = (s: string) => {
    if ((s.match(thresholds)?.length ?? 0) < 2 && !(ONE_AT_BARE.test(s) && /\b(?:stls?|exports?)\b/i.test(s))) return [s];
    let lastName = '';
    return s.split(/(?=\b(?:and\s+)?(?:one|1|another|the other|a second|the second)\s+(?:at|with)\b)/i).map((p) => {
      const name = PARAM_NAME.exec(p)?.[1];
      if (name) lastName = name;
      const bare = /^(?:and\s+)?(?:one|1|another|the other|a second|the second)\s+(?:at|with)\s+(?=-?\.?\d)/i.exec(p);
      return bare && !name && lastName ? `${p.slice(0, bare[0].length)}${lastName} ${p.slice(bare[0].length)}` : p;
    });
  };
  for (const s of sentences(text).flatMap(manufacturingPart).flatMap(parts)) {
    if (PREVIEW.test(s) && !FINAL.test(s)) continue;
    const args = parseStlArgs(s, known);
    if (!hasArgs(args)) continue;
    const last = exports[exports.length - 1];
    const startsNew = !last || (args.threshold !== undefined && last.threshold !== undefined) || /\b(?:second|another|other|also|additional)\b/i.test(s);
    if (startsNew) exports.push(args);
    else Object.assign(last, args);
  }
  return { exports, branching: null };
}

/** The branch the simulated objective selects. */
export function chooseBranch(b: Branching, value: number): StlArgs {
  const isBelow = value < b.limit;
  return isBelow === b.below ? b.whenTrue : b.whenFalse;
}

const DERIVED_FROM = String.raw`(?:the\s+)?(?:same as the\s+)?(?:vol(?:ume)?[\s_-]*frac(?:tion)?|rmin|filter(?:ing)?[\s_-]*radius|force[\s_-]*dist(?:ance)?)`;
const ZONES = [
  // "threshold 0.45", "scale_z = 10 × rmin", "threshold = the volume fraction"
  new RegExp(
    String.raw`\b(?:${Object.values(PARAMS).join('|')})\b${LINK}(?:(?:true|false|yes|no|on|off)\b|${NUM}(?:\s*(?:x|×|\*|times)\s*${DERIVED_FROM})?|${DERIVED_FROM}(?:\s*(?:x|×|\*|times|multiplied by)\s*${NUM})?)?`,
    'gi',
  ),
  // "use the volume fraction as the density threshold"
  /\b(?:use|take)\s+(?:the\s+)?(?:vol(?:ume)?[\s_-]*frac(?:tion)?|rmin|force[\s_-]*dist(?:ance)?)\s+as\s+(?:the\s+)?(?:density\s+)?threshold/gi,
  // "3 mm thickness", "2 mm pixels"
  new RegExp(String.raw`${NUM}\s*${MM}\s*(?:of\s+)?(?:${AFTER_MM.scale_xy}|${AFTER_MM.scale_z})\b`, 'gi'),
  // "each pixel 0.5 mm wide"
  new RegExp(String.raw`\bpixels?\b[^.,;\d]{0,20}?${NUM}\s*${MM}`, 'gi'),
  // "0.55 for manufacturing", "0.2 for the preview"
  new RegExp(String.raw`${NUM}\s*(?:for|in)\s+(?:the\s+)?(?:preview|manufactur\w*|print\w*|final|production|draft)\b`, 'gi'),
  // "two STLs, one at threshold 0.3 and one at 0.6": the bare number of an export
  new RegExp(String.raw`(?<=\b(?:stls?|exports?)\b(?:[^.;]|\.(?=\d))*)\b(?:one|1|another|the other|a second|the second)\s+(?:at|with)\b(?:\s+${NUM})?`, 'gi'),
  // "if the compliance is below 250"
  new RegExp(String.raw`\b(?:if|when|whenever)\s+(?:the\s+)?(?:simulated\s+|resulting\s+|final\s+|reported\s+)*(?:compliance|objective(?: value)?|total[_\s]overlap|overlap|c|it)\b[^.;,]*?${NUM}`, 'gi'),
];

/** The stretches of text that are export instructions (their numbers are not condition values). */
export function exportSpans(text: string): [number, number][] {
  return ZONES.flatMap((re) => [...text.matchAll(re)].map((m): [number, number] => [m.index, m.index + m[0].length]));
}

