/**
 * The workflow suite's data shapes, declared once (style.md §7.6): a sample (what a trial asks and
 * what it must produce), and the payloads of its trace events. Types are inferred from these.
 */
import { z } from 'zod';
import { PROTOCOLS } from './protocol.ts';
import { PROBLEMS, STYLES } from './styles.ts';

export const stlArgsSchema = z
  .object({
    threshold: z.number().gt(0).lt(1).describe('density threshold, (0, 1)'),
    scale_xy: z.number().positive().describe('mm per pixel'),
    scale_z: z.number().positive().describe('extrusion height, mm'),
    mirror_y: z.boolean(),
  })
  .strict();
export type StlArgs = z.infer<typeof stlArgsSchema>;

const valuesSchema = z.record(z.string(), z.union([z.number(), z.boolean()]));

export const expectedSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('full') }).strict(),
  z.object({ kind: z.literal('ask') }).strict(),
  z.object({ kind: z.literal('exports'), exports: z.array(stlArgsSchema).min(1).describe('each set exactly once') }).strict(),
  z
    .object({
      kind: z.literal('cond'),
      objectiveKey: z.string().describe("the key in simulate_design's objectives"),
      cmp: z.enum(['below', 'above']),
      limit: z.number(),
      whenTrue: stlArgsSchema.describe('branch when "objective cmp limit" holds'),
      whenFalse: stlArgsSchema,
    })
    .strict(),
]);
export type Expected = z.infer<typeof expectedSchema>;

export const workflowSampleSchema = z
  .object({
    id: z.string().describe('<problem>.<style>.s<index>.seed<seed>[.ho]: the trial id'),
    problem: z.enum(PROBLEMS),
    style: z.enum(STYLES),
    set: z.enum(['main', 'held-out']),
    protocol: z.enum(PROTOCOLS).default('engiai').describe('the run protocol the prompt was made under (traces before protocols: engiai)'),
    templateId: z.string().describe('<style template>+<condition phrase>'),
    sampleIndex: z.number().int().min(0),
    seed: z.number().int().min(0),
    row: z.object({ id: z.number().int(), key: z.string() }).strict().describe("the dataset row (test split) the conditions come from"),
    conditions: valuesSchema.describe('the true conditions (rounded as the prompt states them)'),
    config: valuesSchema.describe('solver settings the prompt states (empty: the defaults)'),
    prompt: z.string(),
    slots: z.record(z.string(), z.union([z.number(), z.boolean(), z.string()])).describe('the filled template slots'),
    expected: expectedSchema,
    groundTruth: z
      .object({
        key: z.string().describe('content hash of problem, version and resolved config: the cache key of the optimal design'),
        objective: z.number().describe("simulate() of the ground-truth design under the true conditions"),
      })
      .strict(),
  })
  .strict();
export type WorkflowSample = z.infer<typeof workflowSampleSchema>;

export const sampleEventSchema = z.object({ type: z.literal('sample'), sample: workflowSampleSchema }).passthrough();

export const designEventSchema = z
  .object({
    type: z.literal('design'),
    designId: z.string(),
    shape: z.union([z.tuple([z.number().int().positive(), z.number().int().positive()]), z.tuple([z.number().int().positive(), z.number().int().positive(), z.number().int().positive()])]).describe('2-D [rows, cols] or 3-D [ny, nx, nz]'),
    config: valuesSchema.describe('the config the design was made under'),
    data: z.string().describe('float64 little-endian, base64'),
  })
  .passthrough();

export const toolCallEventSchema = z.object({ type: z.literal('tool_call'), agent: z.string(), id: z.string(), name: z.string(), args: z.unknown() }).passthrough();
export const toolResultEventSchema = z.object({ type: z.literal('tool_result'), agent: z.string(), id: z.string(), name: z.string(), ok: z.boolean(), result: z.unknown() }).passthrough();
export const turnEventSchema = z
  .object({ type: z.literal('turn'), status: z.enum(['done', 'interrupted', 'stopped', 'error']), answer: z.string().nullable(), interrupt: z.unknown().nullable() })
  .passthrough();
