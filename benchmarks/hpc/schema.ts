/** The HPC suite's sample, declared once. */
import { z } from 'zod';
import { HPC_ALGORITHMS, HPC_EXECUTORS, HPC_STYLES } from './prompts.ts';

export const hpcSampleSchema = z
  .object({
    id: z.string().describe('hpc.<style>.<algorithm>.seed<seed>'),
    style: z.enum(HPC_STYLES),
    executor: z.enum(HPC_EXECUTORS),
    text: z.string(),
    expected: z.object({ algorithm: z.enum(HPC_ALGORITHMS), problem: z.string(), epochs: z.number().int().positive(), seed: z.number().int().min(0) }).strict(),
  })
  .strict();
export type HpcSample = z.infer<typeof hpcSampleSchema>;
