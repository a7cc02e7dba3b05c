/**
 * The RAG prompts P0–P3 (benchmarks.md §3, paper Appendix A.2): what each asks the agent to find,
 * in which documents, the values it must use and the score weights. Under the engiai protocol they
 * name the generated corpus's documents by title; under the paper protocol they are the reference's
 * four asks over the two papers (paperCorpus.ts).
 */
import type { Protocol } from '../runner/protocol.ts';
import type { Corpus } from './corpus.ts';
import { paperRagPrompt } from './paperCorpus.ts';

export const RAG_PROMPTS = ['P0', 'P1', 'P2', 'P3'] as const;
export type RagPrompt = (typeof RAG_PROMPTS)[number];
export const RAG_CONDITIONS = ['on', 'off', 'empty'] as const;
export type RagCondition = (typeof RAG_CONDITIONS)[number];

export type RagParam = 'volfrac' | 'forcedist' | 'rmin';

/** w_i per parameter and w_rag (paper Table 4). */
export const RAG_WEIGHTS: Record<RagPrompt, { params: Partial<Record<RagParam, number>>; rag: number }> = {
  P0: { params: { volfrac: 0.6 }, rag: 0.4 },
  P1: { params: { volfrac: 0.4, forcedist: 0.4 }, rag: 0.2 },
  P2: { params: { volfrac: 0.4, rmin: 0.4 }, rag: 0.2 },
  P3: { params: { volfrac: 0.3, forcedist: 0.3, rmin: 0.3 }, rag: 0.1 },
};

/** τ: 0.05 for volfrac and forcedist, 0.5 for rmin. */
export const RAG_TOLERANCE: Record<RagParam, number> = { volfrac: 0.05, forcedist: 0.05, rmin: 0.5 };

/** The solver settings every RAG prompt states (the design itself is not scored). */
export const RAG_SOLVER = 'Solver settings: nelx = 60, nely = 30, max_iter = 40.';

export function ragPrompt(prompt: RagPrompt, corpus: Corpus, protocol: Protocol = 'engiai'): { text: string; expected: Partial<Record<RagParam, number>> } {
  if (protocol === 'paper') return paperRagPrompt(prompt, RAG_SOLVER);
  const { titles, values } = corpus;
  const tail = `Then optimize a Beams2D beam with these values, use the defaults for anything else, and simulate it. ${RAG_SOLVER}`;
  switch (prompt) {
    case 'P0':
      return { text: `Look up the volume fraction recommended in "${titles.reference}" in the indexed documents. ${tail}`, expected: { volfrac: values.reference.volfrac } };
    case 'P1':
      return { text: `Find the volume fraction and the force distance recommended in the report "${titles.A}" in the indexed documents. ${tail}`, expected: { ...values.A } };
    case 'P2':
      return { text: `Find the volume fraction and the filter radius rmin recommended in the report "${titles.B}" in the indexed documents. ${tail}`, expected: { ...values.B } };
    case 'P3':
      return {
        text: `From the indexed documents, take the force distance recommended in the report "${titles.A}", and the volume fraction and the filter radius rmin recommended in the report "${titles.B}". ${tail}`,
        expected: { volfrac: values.B.volfrac, forcedist: values.A.forcedist, rmin: values.B.rmin },
      };
  }
}
