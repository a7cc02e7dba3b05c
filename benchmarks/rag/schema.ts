/** The RAG suite's sample (what a trial asks, which documents it had, what it must use), declared once. */
import { z } from 'zod';
import { PROTOCOLS } from '../runner/protocol.ts';
import { RAG_CONDITIONS, RAG_PROMPTS } from './prompts.ts';

const params = z.object({ volfrac: z.number().optional(), forcedist: z.number().optional(), rmin: z.number().optional() }).strict();

export const ragSampleSchema = z
  .object({
    id: z.string().describe('rag.<prompt>.<condition>.seed<seed>'),
    prompt: z.enum(RAG_PROMPTS),
    condition: z.enum(RAG_CONDITIONS).describe('on: documents indexed; off: no retrieval tools; empty: tools, empty index'),
    seed: z.number().int().min(0),
    protocol: z.enum(PROTOCOLS).default('engiai').describe('paper: the two papers\' stated values (memorisable) and the reference\'s asks; engiai: the generated corpus (traces before protocols: engiai)'),
    text: z.string().describe('the prompt'),
    expected: params.describe('the values the documents give'),
    distractors: z.number().int().min(0),
    corpusSize: z.number().int().min(0),
    documents: z.array(z.object({ id: z.string(), kind: z.string(), title: z.string(), markdown: z.string(), pdf: z.string() }).strict()).describe('files indexed (empty unless on), relative to the run directory'),
  })
  .strict();
export type RagSample = z.infer<typeof ragSampleSchema>;
