/** The HPC suite's sample, declared once. */
import { z } from 'zod';
import { PROTOCOLS } from '../runner/protocol.ts';
import { HPC_ALGORITHMS, HPC_EXECUTORS, HPC_STYLES } from './prompts.ts';

export const hpcSampleSchema = z
  .object({
    id: z.string().describe('hpc.<style>.<algorithm>.seed<seed>'),
    style: z.enum(HPC_STYLES),
    executor: z.enum(HPC_EXECUTORS),
    cluster: z.string().optional().describe('the configured cluster the HPC agent ran on (its name; for slurm also user@host)'),
    protocol: z.enum(PROTOCOLS).default('engiai').describe('the protocol whose prompt the trial had (traces before protocols: engiai)'),
    text: z.string(),
    expected: z.object({ algorithm: z.enum(HPC_ALGORITHMS), problem: z.string(), epochs: z.number().int().positive(), seed: z.number().int().min(0) }).strict(),
  })
  .strict();
export type HpcSample = z.infer<typeof hpcSampleSchema>;
