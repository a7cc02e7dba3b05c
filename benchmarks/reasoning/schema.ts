/**
 * The reasoning suite's data shapes, declared once as zod schemas (style.md §7.6): ground-truth
 * steps, samples, and the payloads of its trace events. Types are inferred from these.
 */
import { z } from 'zod';

export const BRANCHES = ['mechanical', 'civil', 'electrical', 'chemical'] as const;
export const DIFFICULTIES = ['easy', 'intermediate', 'advanced'] as const;

export const chainStepSchema = z
  .object({
    n: z.number().int().min(1).describe('1-based position in the chain'),
    symbol: z.string(),
    text: z.string().describe('short statement of what the step computes'),
    formula: z.string(),
    value: z.number(),
    unit: z.string().describe("mathjs unit text; '' when dimensionless; dB-type labels kept as written"),
  })
  .strict();

export const finalAnswerSchema = z
  .object({
    symbol: z.string(),
    text: z.string().describe('what is asked for'),
    value: z.number(),
    unit: z.string(),
  })
  .strict();

export const sampleSchema = z
  .object({
    id: z.string().describe('<template id>#<index>'),
    templateId: z.string(),
    title: z.string(),
    branch: z.enum(BRANCHES),
    domain: z.string(),
    area: z.string(),
    difficulty: z.enum(DIFFICULTIES),
    source: z.enum(['symbolic', 'engine']),
    index: z.number().int().min(0),
    seed: z.number().int(),
    rejected: z.number().int().min(0).describe('draws rejected by sanity checks before this one'),
    question: z.string(),
    given: z.record(z.string(), z.union([z.number(), z.string()])),
    steps: z.array(chainStepSchema).min(1),
    answer: finalAnswerSchema,
  })
  .strict();

/** Trace event payloads (benchmarks/trace adds `type` and `t`). */
export const sampleEventSchema = z.object({ sample: sampleSchema });

export const responseEventSchema = z.object({
  source: z.enum(['scripted', 'model']),
  agent: z.string().describe('policy name or model spec'),
  text: z.string(),
  inputTokens: z.number().optional(),
  outputTokens: z.number().optional(),
  latencyMs: z.number().optional(),
  cached: z.boolean().optional(),
});

export const semanticEventSchema = z.object({
  method: z.literal('embedding'),
  model: z.string(),
  matrix: z.array(z.array(z.number())).describe('cosine similarity, rows = ground-truth steps, columns = parsed model steps'),
});

export const judgeEventSchema = z.object({
  model: z.string(),
  system: z.string(),
  user: z.string(),
  reply: z.string(),
  inputTokens: z.number().optional(),
  outputTokens: z.number().optional(),
  cached: z.boolean().optional(),
});

export type ChainStep = z.infer<typeof chainStepSchema>;
export type FinalAnswer = z.infer<typeof finalAnswerSchema>;
export type Sample = z.infer<typeof sampleSchema>;
export type ResponseEvent = z.infer<typeof responseEventSchema>;
export type SemanticEvent = z.infer<typeof semanticEventSchema>;
export type JudgeEvent = z.infer<typeof judgeEventSchema>;
