/**
 * The RAG suite's documents under the engiai protocol, generated per seed (benchmarks.md §3) so no
 * model can have memorised their values: report A (volume fraction and force distance), report B
 * (volume fraction and filter radius), a design guide recommending a volume fraction (P0's source;
 * drawn away from Beams2D's default 0.35, which it mentions, so that searching once and then using
 * the default, or remembering it, no longer scores: the paper's P0 target IS the default),
 * `distractors` documents with conflicting, superseded or off-topic values, and filler notes up to
 * `corpusSize`. Each is a short technical report in Markdown (the PDF is made from the same text).
 * The paper protocol's corpus is paperCorpus.ts. Pure.
 */
import { createRng, fnv1a, type Rng } from '../reasoning/rng.ts';

export type DocKind = 'A' | 'B' | 'reference' | 'superseded' | 'conflicting' | 'off-topic' | 'filler' | 'paper';

export interface CorpusDoc {
  id: string;
  kind: DocKind;
  title: string;
  markdown: string;
  /** The parameter values the document states (none for filler). */
  values: Record<string, number>;
}

export interface CorpusValues {
  A: { volfrac: number; forcedist: number };
  B: { volfrac: number; rmin: number };
  reference: { volfrac: number };
}

export interface Corpus {
  seed: number;
  titles: { A: string; B: string; reference: string };
  values: CorpusValues;
  docs: CorpusDoc[];
}

const SUBJECTS = ['cantilevered bracket', 'half MBB beam', 'bridge deck stiffener', 'drone arm', 'pedestrian bridge rib', 'robot gripper finger'];
const LABS = ['Nordvik Structures Lab', 'Ostrava Design Group', 'Halden Institute', 'Kessler & Mori', 'Tidewater Composites', 'Aarden Mechanics'];

function paramTable(values: Record<string, number>): string {
  const names: Record<string, string> = { volfrac: 'volume fraction (volfrac)', forcedist: 'force distance (forcedist)', rmin: 'filter radius (rmin)' };
  return ['| parameter | recommended value |', '|---|---|', ...Object.entries(values).map(([k, v]) => `| ${names[k] ?? k} | ${v} |`)].join('\n');
}

function sentence(values: Record<string, number>): string {
  const parts: string[] = [];
  if (values.volfrac !== undefined) parts.push(`a volume fraction of ${values.volfrac}`);
  if (values.forcedist !== undefined) parts.push(`a force distance of ${values.forcedist}`);
  if (values.rmin !== undefined) parts.push(`a filter radius rmin of ${values.rmin}`);
  return parts.length > 1 ? `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}` : parts[0];
}

function report(title: string, lab: string, subject: string, values: Record<string, number>, note = ''): string {
  return [
    `# ${title}`,
    '',
    `*${lab}, internal technical report.*`,
    '',
    '## Abstract',
    '',
    `We studied density-based topology optimization of a ${subject} on the Beams2D benchmark (SIMP, optimality criteria). ${note}`.trim(),
    '',
    '## Recommendation',
    '',
    `For this load case we recommend ${sentence(values)}.`,
    '',
    paramTable(values),
    '',
    '## Method',
    '',
    'Each configuration was optimized for 100 iterations and the compliance of the final design was compared across a grid of candidate settings.',
    '',
  ].join('\n');
}

const FILLER_TOPICS = ['bolt preload in flanged joints', 'thermal expansion of aluminium rails', 'surface finish of printed PLA parts', 'fatigue of welded brackets', 'vibration damping with elastomer mounts', 'corrosion allowance for steel tanks'];

function filler(rng: Rng, i: number): CorpusDoc {
  const topic = FILLER_TOPICS[i % FILLER_TOPICS.length];
  const title = `Engineering note ${100 + i}: ${topic}`;
  const markdown = `# ${title}\n\n*${rng.pick(LABS)}.*\n\nThis note summarises practical guidance on ${topic}. Measured values scatter by about ${rng.int(3, 15)} percent between batches; designers should verify assumptions with a test specimen before release.\n`;
  return { id: `filler-${i}`, kind: 'filler', title, markdown, values: {} };
}

/** A value on a grid at least `gap` away from each of `avoid` (the defaults a model could fall back on, the other report's value). */
function drawAway(rng: Rng, lo: number, hi: number, step: number, avoid: readonly number[], gap: number): number {
  for (;;) {
    const v = rng.grid(lo, hi, step);
    if (avoid.every((a) => Math.abs(v - a) >= gap - 1e-9)) return v;
  }
}

/** Beams2D's defaults: a value equal to one of them would score without retrieval. */
const DEFAULTS = { volfrac: 0.35, forcedist: 0, rmin: 2 };

export function generateCorpus(seed: number, opts: { distractors?: number; corpusSize?: number } = {}): Corpus {
  const rng = createRng(fnv1a(`rag|corpus|${seed}`));
  // report values keep clear of the defaults and of each other, so only retrieval finds them
  const volA = drawAway(rng, 0.2, 0.55, 0.01, [DEFAULTS.volfrac], 0.08);
  const volB = drawAway(rng, 0.2, 0.55, 0.01, [DEFAULTS.volfrac, volA], 0.08);
  const forceA = drawAway(rng, 0.1, 0.9, 0.05, [DEFAULTS.forcedist], 0.1);
  const rminB = drawAway(rng, 1.6, 4.4, 0.1, [DEFAULTS.rmin], 0.8);
  // 51 grid points, each avoided value excludes at most 15: always drawable
  const volRef = drawAway(rng, 0.15, 0.65, 0.01, [DEFAULTS.volfrac, volA, volB], 0.08);
  const values: CorpusValues = { A: { volfrac: volA, forcedist: forceA }, B: { volfrac: volB, rmin: rminB }, reference: { volfrac: volRef } };
  const n = rng.int(100, 999);
  const titles = {
    A: `Technical report TR-${n}-A: load placement for a ${rng.pick(SUBJECTS)}`,
    B: `Technical report TR-${n}-B: filter radius calibration for a ${rng.pick(SUBJECTS)}`,
    reference: `Design guide DG-${n}: volume fraction for stiff beams`,
  };
  const docs: CorpusDoc[] = [
    { id: 'report-a', kind: 'A', title: titles.A, markdown: report(titles.A, rng.pick(LABS), 'half MBB beam', values.A), values: values.A },
    { id: 'report-b', kind: 'B', title: titles.B, markdown: report(titles.B, rng.pick(LABS), 'half MBB beam', values.B), values: values.B },
    {
      id: 'reference',
      kind: 'reference',
      title: titles.reference,
      markdown: `# ${titles.reference}\n\nMany tutorials of the classic 99-line and 88-line topology optimization codes, and EngiBench's Beams2D default, start from 0.35 of the material. For the stiff beams of this guide we recommend a volume fraction of ${volRef} instead.\n\n${paramTable(values.reference)}\n`,
      values: values.reference,
    },
  ];
  const kinds: DocKind[] = ['superseded', 'conflicting', 'off-topic'];
  for (let i = 0; i < (opts.distractors ?? 0); i++) {
    const kind = kinds[i % kinds.length];
    const base = i % 2 === 0 ? 'A' : 'B';
    const wrong: Record<string, number> = base === 'A' ? { volfrac: rng.grid(0.2, 0.5, 0.01), forcedist: rng.grid(0.1, 0.9, 0.05) } : { volfrac: rng.grid(0.2, 0.5, 0.01), rmin: rng.grid(1.6, 4.4, 0.1) };
    const title =
      kind === 'superseded' ? `${titles[base]} (revision 1, superseded by the current revision)` : kind === 'conflicting' ? `Draft study ${i + 1} by another team: ${titles[base].split(': ')[1]}` : `Technical report ${n + i + 1}: heat sink fins for a power module`;
    const note = kind === 'superseded' ? 'These values were superseded by a later revision of this report and must not be used.' : kind === 'off-topic' ? 'Note: this study concerns a heat-conduction problem, not a beam.' : '';
    docs.push({ id: `distractor-${i}`, kind, title, markdown: report(title, rng.pick(LABS), kind === 'off-topic' ? 'heat sink' : 'half MBB beam', wrong, note), values: wrong });
  }
  for (let i = 0; docs.length < (opts.corpusSize ?? 0); i++) docs.push(filler(rng, i));
  return { seed, titles, values, docs };
}
