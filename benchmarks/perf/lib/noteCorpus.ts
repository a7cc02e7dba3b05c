/**
 * A generated corpus of technical notes for the retrieval benchmark: note i is about one
 * component (e.g. "bracket BR-1003") and states one planted fact ("The measured fatigue limit of
 * bracket BR-1003 is 412 MPa."). Distractors share the vocabulary: other notes state the same
 * property for a neighbouring id, mention the same id with another property, and every note has
 * filler sentences built from the same engineering words. Seeded, so every run sees the same text.
 */
import { mulberry32 } from '../../../tools/engineering/random.ts';

export interface Note {
  name: string;
  text: string;
}

export interface PlantedQuery {
  note: number;
  query: string;
  /** The sentence a correct hit contains. */
  fact: string;
}


const TYPES = [
  ['bracket', 'BR'],
  ['beam', 'BM'],
  ['hinge', 'HG'],
  ['flange', 'FL'],
  ['shaft', 'SH'],
  ['gusset', 'GU'],
  ['strut', 'ST'],
  ['clamp', 'CL'],
  ['plate', 'PL'],
  ['rib', 'RB'],
] as const;
const PROPS = [
  ['fatigue limit', 'MPa', 150, 600],
  ['yield strength', 'MPa', 200, 900],
  ['volume fraction', '', 0.2, 0.6],
  ['filter radius', 'elements', 1, 6],
  ['first natural frequency', 'Hz', 20, 900],
  ['maximum deflection', 'mm', 0.1, 9],
  ['mass', 'kg', 0.2, 40],
  ['safety factor', '', 1.2, 4],
] as const;
const WORDS =
  'load case stiffness compliance mesh element boundary condition support material density penalty iteration optimizer topology design review team series prototype test rig measurement sensor strain gauge weld bolt surface finish tolerance manufacturing casting milling printing inspection report revision drawing assembly'.split(' ');

export const componentOf = (i: number) => {
  const [type, prefix] = TYPES[i % TYPES.length];
  return { type, id: `${prefix}-${1000 + i}` };
};

function value(r: () => number, lo: number, hi: number): string {
  const v = lo + r() * (hi - lo);
  return hi <= 10 ? v.toFixed(2) : String(Math.round(v));
}

export function factOf(i: number, seed = 1): { prop: string; unit: string; value: string; sentence: string } {
  const r = mulberry32(seed * 7919 + i);
  const [prop, unit, lo, hi] = PROPS[Math.floor(r() * PROPS.length)];
  const v = value(r, lo, hi);
  const { type, id } = componentOf(i);
  return { prop, unit, value: v, sentence: `The measured ${prop} of ${type} ${id} is ${v}${unit ? ` ${unit}` : ''}.` };
}

function filler(r: () => number, n: number): string {
  const out: string[] = [];
  for (let s = 0; s < n; s++) {
    const len = 9 + Math.floor(r() * 8);
    const ws = Array.from({ length: len }, () => WORDS[Math.floor(r() * WORDS.length)]);
    if (r() < 0.4) ws.splice(2, 0, 'the', PROPS[Math.floor(r() * PROPS.length)][0]);
    out.push(`${ws.join(' ').replace(/^./, (c) => c.toUpperCase())}.`);
  }
  return out.join(' ');
}

/** Note i of the corpus (its planted fact, a neighbour's fact, a mention of its own id with another property, filler). */
export function noteOf(i: number, total: number, seed = 1): Note {
  const r = mulberry32(seed * 104729 + i);
  const { type, id } = componentOf(i);
  const fact = factOf(i, seed).sentence;
  const j = (i + 1 + Math.floor(r() * 20)) % total;
  const neighbour = factOf(j, seed);
  const other = PROPS[Math.floor(r() * PROPS.length)][0];
  const paragraphs = [
    filler(r, 3),
    `${filler(r, 2)} ${fact} ${filler(r, 1)}`,
    `For comparison, the notes on ${componentOf(j).type} ${componentOf(j).id} say: ${neighbour.sentence} ${filler(r, 2)}`,
    `The ${type} ${id} was also inspected for its ${other}; results are pending. ${filler(r, 3)}`,
    filler(r, 2 + Math.floor(r() * 3)),
  ];
  return { name: `note-${String(i).padStart(5, '0')}.md`, text: `# Test note ${i}: ${type} ${id}\n\n${paragraphs.join('\n\n')}\n` };
}

const TEMPLATES = [
  (p: string, t: string, id: string) => `What is the ${p} of ${t} ${id}?`,
  (p: string, t: string, id: string) => `${t} ${id} ${p}`,
  (p: string, _t: string, id: string) => `find the ${p} measured for ${id}`,
];

/** `count` queries about planted facts of notes 0..total-1 (seeded sample, varied phrasing). */
export function plantedQueries(count: number, total: number, seed = 1): PlantedQuery[] {
  const r = mulberry32(seed * 31337);
  const picked = new Set<number>();
  while (picked.size < Math.min(count, total)) picked.add(Math.floor(r() * total));
  return [...picked].map((note, k) => {
    const f = factOf(note, seed);
    const { type, id } = componentOf(note);
    return { note, query: TEMPLATES[k % TEMPLATES.length](f.prop, type, id), fact: f.sentence };
  });
}

/** Queries of common words only ("measured fatigue limit of the bracket"): many chunks match, none is the answer — the worst case for latency. */
export function commonQueries(count: number): string[] {
  const out: string[] = [];
  for (let i = 0; out.length < count; i++) out.push(`measured ${PROPS[i % PROPS.length][0]} of the ${TYPES[(i * 3) % TYPES.length][0]} ${WORDS[i % WORDS.length]}`);
  return out;
}
