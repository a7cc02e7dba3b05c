/**
 * Prompt templates as text with `{slot}` placeholders: filling them from values, and the inverse,
 * reading the values back out of a prompt. The scripted agents read prompts only through the
 * inverse (they know the benchmark's phrasings, never the sample), so a reference agent's score
 * checks the scorers, not a parser. A slot's kind comes from its name.
 */

export type SlotValue = number | boolean | string;

const NUM = String.raw`(-?\d+(?:\.\d+)?)`;
const SOLVER = String.raw`((?:Solver settings: [a-z_0-9]+ = -?[\d.]+(?:, [a-z_0-9]+ = -?[\d.]+)*\. )?)`;

type Kind = 'number' | 'boolean' | 'text' | 'problem' | 'cmp' | 'objective' | 'solver';

/** The kind of a slot by its name (see the style templates). */
export function slotKind(name: string): Kind {
  if (name === 'solver') return 'solver';
  if (name === 'problem') return 'problem';
  if (name === 'cmp') return 'cmp';
  if (name === 'objective') return 'objective';
  if (/mirror_y/.test(name)) return 'boolean';
  if (/_rule$|^q_/.test(name)) return 'text';
  return 'number';
}

const PATTERN: Record<Kind, string> = {
  number: NUM,
  boolean: '(true|false)',
  text: '(.+?)',
  problem: '(Beams2D|Photonics2D|ThermoElastic2D|Beams3D)',
  cmp: '(below|above)',
  objective: '(compliance|total_overlap|structural_compliance)',
  solver: SOLVER,
};

/** A number as a prompt shows it: at most 6 significant digits, no exponent, no trailing zeros. */
export function formatNumber(v: number): string {
  const r = Number(v.toPrecision(6));
  return Object.is(r, -0) ? '0' : String(r);
}

function formatValue(v: SlotValue): string {
  return typeof v === 'number' ? formatNumber(v) : String(v);
}

export function slotNames(template: string): string[] {
  return [...template.matchAll(/\{([a-z_0-9]+)\}/g)].map((m) => m[1]);
}

/** The template with every slot filled; a missing value is a programming error. */
export function fillTemplate(template: string, values: Record<string, SlotValue>): string {
  return template.replace(/\{([a-z_0-9]+)\}/g, (_, name: string) => {
    const v = values[name];
    if (v === undefined) throw new Error(`template slot {${name}} has no value`);
    return formatValue(v);
  });
}

const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

const compiled = new Map<string, { re: RegExp; names: string[] }>();

function compile(template: string): { re: RegExp; names: string[] } {
  let c = compiled.get(template);
  if (!c) {
    const names: string[] = [];
    const parts = template.split(/(\{[a-z_0-9]+\})/);
    const source = parts
      .map((p) => {
        const m = /^\{([a-z_0-9]+)\}$/.exec(p);
        if (!m) return escapeRe(p);
        names.push(m[1]);
        return PATTERN[slotKind(m[1])];
      })
      .join('');
    c = { re: new RegExp(`^${source}$`, 's'), names };
    compiled.set(template, c);
  }
  return c;
}

function parseValue(name: string, raw: string): SlotValue {
  const kind = slotKind(name);
  if (kind === 'number') return Number(raw);
  if (kind === 'boolean') return raw === 'true';
  return raw;
}

/** The slot values when `text` is this template filled in, else null. A slot used twice must agree. */
export function matchTemplate(template: string, text: string): Record<string, SlotValue> | null {
  const { re, names } = compile(template);
  const m = re.exec(text.trim());
  if (!m) return null;
  const out: Record<string, SlotValue> = {};
  for (let i = 0; i < names.length; i++) {
    const v = parseValue(names[i], m[i + 1]);
    if (names[i] in out && out[names[i]] !== v) return null;
    out[names[i]] = v;
  }
  return out;
}

/** "Solver settings: nelx = 40, nely = 20. " ↔ { nelx: 40, nely: 20 } ('' when there are none). */
export function solverPhrase(config: Record<string, number | boolean>): string {
  const entries = Object.entries(config);
  return entries.length ? `Solver settings: ${entries.map(([k, v]) => `${k} = ${formatValue(v)}`).join(', ')}. ` : '';
}

export function readSolverPhrase(text: string): Record<string, number> {
  const out: Record<string, number> = {};
  for (const m of text.matchAll(/([a-z_0-9]+) = (-?[\d.]+)/g)) out[m[1]] = Number(m[2]);
  return out;
}
