/**
 * The benchmark trace format (style.md §8): one JSONL file per trial. Line 1 is the header, then
 * events in the order they happened, then one end record. Field order and meaning are part of the
 * format: changing either requires bumping TRACE_FORMAT_VERSION (readers refuse other versions).
 * Suites put their own payloads in events and validate them with their own schemas.
 */
import { z } from 'zod';

export const TRACE_FORMAT_VERSION = 1 as const;

export const traceHeaderSchema = z
  .object({
    type: z.literal('header'),
    format: z.literal(TRACE_FORMAT_VERSION).describe('trace format version'),
    suite: z.string().min(1).describe('benchmark suite, e.g. reasoning, workflow'),
    suiteVersion: z.number().int().min(0).describe("version of the suite's samples and scoring inputs"),
    trialId: z.string().min(1).describe('unique within a run directory'),
    sampleId: z.string().min(1),
    seed: z.number().int().describe('seed of the sample (and of any sampling in the trial)'),
    model: z.string().min(1).describe('agent under test: a model spec or a scripted policy name'),
    configHash: z.string().regex(/^[0-9a-f]{16,64}$/).describe('hash of the run configuration (runConfig.ts)'),
    gitSha: z.string().describe('commit of the code that produced the trace ("unknown" outside git)'),
    gitDirty: z.boolean(),
    startedAt: z.string().describe('ISO 8601 time'),
  })
  .strict();

export const traceEventSchema = z
  .object({
    type: z.string().min(1).refine((t) => t !== 'header' && t !== 'end', 'reserved type'),
    /** Milliseconds since the trial started. */
    t: z.number().min(0),
  })
  .passthrough();

export const traceErrorSchema = z
  .object({
    name: z.string(),
    message: z.string(),
    retryable: z.boolean(),
  })
  .strict();

export const traceEndSchema = z
  .object({
    type: z.literal('end'),
    status: z.enum(['ok', 'error']),
    attempts: z.number().int().min(1),
    durationMs: z.number().min(0),
    error: traceErrorSchema.optional(),
  })
  .strict();

export type TraceHeader = z.infer<typeof traceHeaderSchema>;
export type TraceEvent = z.infer<typeof traceEventSchema>;
export type TraceEnd = z.infer<typeof traceEndSchema>;

export interface Trace {
  header: TraceHeader;
  events: TraceEvent[];
  end: TraceEnd;
}

/** The events of one type, in order. */
export function eventsOf(trace: Trace, type: string): TraceEvent[] {
  return trace.events.filter((e) => e.type === type);
}
