/**
 * The RAG corpus and prompts of the paper protocol: the two documents the reference indexes
 * (gioelemo/EngiAI-Public benchmarks/problems/rag_beams2d/generate_prompts.py, style rag-eval) —
 * the EngiBench paper (its API walkthrough lists Beams2D's default conditions, volfrac 0.35 and
 * forcedist 0.0; its Section 3.1 code example uses desired conditions volfrac 0.7, forcedist 0.3)
 * and the SOPTX paper (He et al. 2025, arXiv:2505.02438: a 2D cantilever benchmark with volfrac 0.4,
 * rmin 6.0 on 160 × 100 elements). Neither paper's licence lets us ship its text, so each document is
 * our own short text stating the same values, in sections a chunker keeps apart. Both were published
 * before many models' training cut-offs and P0's target is Beams2D's default: the values are
 * memorisable, and the report says so. Pure.
 */
import type { CorpusDoc } from './corpus.ts';
import type { RagParam, RagPrompt } from './prompts.ts';

export const PAPER_TITLES = {
  engibench: 'EngiBench: a framework for data-driven engineering design research (stated values)',
  soptx: 'SOPTX: a multi-backend topology optimization framework, He et al. 2025, arXiv:2505.02438 (stated values)',
} as const;

/** The reference's targets (its prompt generator's expected conditions). */
export const PAPER_TARGETS: Record<RagPrompt, Partial<Record<RagParam, number>>> = {
  P0: { volfrac: 0.35 },
  P1: { volfrac: 0.7, forcedist: 0.3 },
  P2: { volfrac: 0.4, rmin: 6.0 },
  P3: { volfrac: 0.7, forcedist: 0.3, rmin: 6.0 },
};

const NOTE = '*Our own text stating the values the paper states (its text is not redistributed); indexed for the RAG benchmark\'s paper protocol.*';

export function paperCorpusDocs(): CorpusDoc[] {
  const engibench = [
    `# ${PAPER_TITLES.engibench}`,
    '',
    NOTE,
    '',
    '## Overview',
    '',
    'EngiBench collects engineering design problems (Beams2D, Photonics2D, ThermoElastic2D and more) behind one Python interface: each problem exposes its design space, its conditions, a simulator and an optimizer, and ships a dataset of optimized designs.',
    '',
    '## API walkthrough',
    '',
    'In the API walkthrough the Beams2D problem is created with its default conditions: the API walkthrough lists a volume fraction (volfrac) of 0.35 and a force distance (forcedist) of 0.0.',
    '',
    '## Section 3.1 code example',
    '',
    'The Section 3.1 code example optimizes Beams2D for desired conditions that are not the defaults: in the Section 3.1 code example the volume fraction (volfrac) is 0.7 and the force distance (forcedist) is 0.3.',
    '',
  ].join('\n');
  const soptx = [
    `# ${PAPER_TITLES.soptx}`,
    '',
    NOTE,
    '',
    '## Overview',
    '',
    'SOPTX is a topology optimization framework that runs the same density-based methods (SIMP, density filters, optimality criteria and MMA) on several numerical backends.',
    '',
    '## 2D cantilever benchmark',
    '',
    'The 2D cantilever benchmark is solved on a 160 × 100 element mesh (nelx 160, nely 100); for the 2D cantilever benchmark the paper sets a volume fraction (volfrac) of 0.4 and a filter radius rmin of 6.0.',
    '',
  ].join('\n');
  return [
    { id: 'engibench', kind: 'paper', title: PAPER_TITLES.engibench, markdown: engibench, values: { volfrac: 0.35, forcedist: 0 } },
    { id: 'soptx', kind: 'paper', title: PAPER_TITLES.soptx, markdown: soptx, values: { volfrac: 0.4, rmin: 6 } },
  ];
}

/** The paper protocol's prompts: the reference's four asks in our words, each ending as its do. */
export function paperRagPrompt(prompt: RagPrompt, solver: string): { text: string; expected: Partial<Record<RagParam, number>> } {
  const tail = `Use default values for all other parameters and do not ask for clarification. ${solver}`;
  const text: Record<RagPrompt, string> = {
    P0: `Look up in the indexed documents the default volume fraction of Beams2D listed in the "API walkthrough" of the EngiBench paper, then optimize a 2D beam design with it and render it. ${tail}`,
    P1: `Find in the indexed documents the volume fraction and the force distance used in the "Section 3.1 code example" of the EngiBench paper, then optimize a 2D beam design with them and render it. ${tail}`,
    P2: `Find in the indexed documents the volume fraction and the filter radius rmin of the "2D cantilever benchmark" of the SOPTX paper, then optimize a 2D beam design with them and render it. ${tail}`,
    P3: `From the indexed documents, take the volume fraction and the force distance used in the "Section 3.1 code example" of the EngiBench paper and the filter radius rmin of the "2D cantilever benchmark" of the SOPTX paper, then optimize a 2D beam design with them and render it. ${tail}`,
  };
  return { text: text[prompt], expected: { ...PAPER_TARGETS[prompt] } };
}
