/**
 * Reads an engineering request in plain words: which problem, which condition values, which steps
 * (optimize, simulate, render, STL) and which qualitative words stand in for missing numbers.
 * Deterministic regular expressions only; the offline planner builds tool calls from the result.
 */

export type Steps = { optimize: boolean; simulate: boolean; render: boolean; stl: boolean };

export interface ParsedRequest {
  problem: string | null;
  conditions: Record<string, number | boolean>;
  /** Solver knobs the person set (grid size, max_iter). */
  config: Record<string, number | boolean>;
  steps: Steps;
  /** Words that describe a value without giving it ("lightweight", "near the tip"). */
  vague: string[];
  /** The person said to use the defaults for anything not given. */
  useDefaults: boolean;
  /** Design ids mentioned (for follow-ups such as "render beams2d-1a2b3c4d"). */
  designIds: string[];
  /** Notes on how words were read, repeated in the final answer. */
  notes: string[];
}

const NUM = String.raw`(-?\d+(?:\.\d+)?(?:e-?\d+)?|-?\.\d+)`;
const LINK = String.raw`\s*(?:(?:of|=|:|is|to|at|as|equal to|set to|around|about)\s*)*`;

/** Problem ids and the words that name them. */
const PROBLEM_WORDS: [string, RegExp][] = [
  ['beams2d', /\bbeams?\s*2d\b|\bbeams?\b|\bmbb\b|\bcantilever\b/i],
  ['photonics2d', /\bphotonics?\s*2d\b|\bphotonic|\bdemultiplex|\bwaveguide|\bwavelengths?\b/i],
  ['thermoelastic2d', /\bthermo[-\s]?elastic/i],
  ['heatconduction2d', /\bheat[-\s]?conduction/i],
];

/** Aliases of condition names (the field name itself always works: "volfrac 0.4", "rmin=4"). */
const ALIASES: Record<string, string[]> = {
  volfrac: [String.raw`vol(?:ume)?[\s_-]*frac(?:tion)?`, String.raw`material (?:fraction|budget|usage)`],
  rmin: [String.raw`filter(?:ing)?[\s_-]*radius`, String.raw`r[_\s-]?min`, String.raw`minimum (?:length scale|feature size)`],
  forcedist: [String.raw`force[\s_-]*dist(?:ance)?`, String.raw`load (?:position|location|distance)`, String.raw`(?:load|force) at(?: position)?`],
  lambda1: [String.raw`lambda[\s_]*1`, String.raw`λ\s*1`, String.raw`first wavelength`],
  lambda2: [String.raw`lambda[\s_]*2`, String.raw`λ\s*2`, String.raw`second wavelength`],
  blur_radius: [String.raw`blur(?:[\s_-]*radius)?`],
};

const VAGUE = /\b(light(?:weight)?|heavy|stiff(?:er|est)?|sturdy|strong(?:er)?|robust|thin|thick|fine|coarse|smooth|minimal material|little material|lots of material|near the (?:tip|end|edge|support)|at the (?:tip|end|far end)|towards? the (?:end|tip)|somewhere|reasonable|typical|moderate)\b/gi;

function firstNumber(text: string, patterns: string[]): number | null {
  for (const p of patterns) {
    const m = new RegExp(String.raw`\b(?:${p})\b${LINK}${NUM}\s*(%)?`, 'i').exec(text);
    if (m) return m[2] ? Number(m[1]) / 100 : Number(m[1]);
  }
  return null;
}

export function detectProblem(text: string, known: string[] = []): string | null {
  for (const id of known) if (new RegExp(String.raw`\b${id}\b`, 'i').test(text)) return id;
  for (const [id, re] of PROBLEM_WORDS) if (re.test(text)) return id;
  return null;
}

/** Condition values for the named fields (plus aliases and "30 % material"-style phrasing). */
export function parseConditions(text: string, fields: string[], notes: string[] = []): Record<string, number | boolean> {
  const out: Record<string, number | boolean> = {};
  for (const f of fields) {
    const v = firstNumber(text, [f.replace(/_/g, String.raw`[\s_-]?`), ...(ALIASES[f] ?? [])]);
    if (v !== null) out[f] = v;
  }
  if (fields.includes('volfrac') && out.volfrac === undefined) {
    const m = new RegExp(String.raw`${NUM}\s*(%|percent)\s*(?:of\s+(?:the\s+)?)?(?:material|volume|density|fill)`, 'i').exec(text);
    if (m) out.volfrac = Number(m[1]) / 100;
  }
  if (fields.includes('forcedist') && out.forcedist === undefined) {
    if (/\b(?:load|force)\b[^.;,]*\b(?:in the (?:middle|centre|center)|at (?:the )?(?:mid-?span|middle|centre|center))\b/i.test(text)) {
      out.forcedist = 0;
      notes.push('"load in the middle" read as forcedist 0 (Beams2D models the half beam; its left edge is the centre line of the full beam)');
    }
  }
  if (fields.includes('lambda1') && out.lambda1 === undefined) {
    const m = new RegExp(String.raw`wavelengths?${LINK}${NUM}\s*(?:µm|um|microns?)?\s*(?:and|,|&)\s*${NUM}`, 'i').exec(text);
    if (m) {
      out.lambda1 = Number(m[1]);
      out.lambda2 = Number(m[2]);
    }
  }
  if (fields.includes('overhang_constraint') && /\boverhang\b/i.test(text)) out.overhang_constraint = !/\b(?:no|without)\s+overhang/i.test(text);
  return out;
}

export function parseSteps(text: string): Steps {
  const stl = /\bstl\b|3d[-\s]?print|\bextru(?:de|sion)|\bmesh\b|manufactur|printable/i.test(text);
  return {
    optimize: /optimi[sz]|topolog|\bdesign\b|\brun\b|\bsolve\b|\bgenerate\b|\bcreate\b/i.test(text),
    simulate: /simulat|evaluat|\bcompliance\b|objective value|performance|\bverify\b|\bcheck (?:it|the design)/i.test(text),
    render: /\brender|\bshow\b|\bplot|visuali[sz]|\bdraw\b|\bpicture\b|\bimage\b|\bdisplay\b|look like/i.test(text),
    stl,
  };
}

/** Grid size ("on a 60x30 grid") and other solver knobs named by field. */
export function parseConfig(text: string, fields: string[]): Record<string, number | boolean> {
  const out = parseConditions(text, fields);
  const grid = /\b(\d+)\s*[x×]\s*(\d+)\b\s*(?:grid|mesh|elements|resolution)?/i.exec(text);
  if (grid && /grid|mesh|element|resolution/i.test(text) && fields.includes('nelx') && fields.includes('nely')) {
    out.nelx ??= Number(grid[1]);
    out.nely ??= Number(grid[2]);
  }
  return out;
}

export interface ProblemFieldNames {
  conditions: string[];
  config: string[];
}

export function parseRequest(text: string, fieldsByProblem: Record<string, ProblemFieldNames>): ParsedRequest {
  const notes: string[] = [];
  const problem = detectProblem(text, Object.keys(fieldsByProblem));
  const fields = problem ? (fieldsByProblem[problem]?.conditions ?? []) : [];
  const conditions = parseConditions(text, fields, notes);
  const config = problem ? parseConfig(text, fieldsByProblem[problem]?.config ?? []) : {};
  const vague = [...new Set([...text.matchAll(VAGUE)].map((m) => m[0].toLowerCase()))];
  const designIds = [...new Set([...text.matchAll(/\b([a-z][a-z0-9]*-[0-9a-f]{6,64})\b/g)].map((m) => m[1]))];
  const useDefaults = /\b(?:use|with|keep|take)(?: the)? defaults?\b|\bdefault (?:values|settings|parameters)\b/i.test(text);
  return { problem, conditions, config, steps: parseSteps(text), vague, useDefaults, designIds, notes };
}
