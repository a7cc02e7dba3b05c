/** The HPC specialist's tools, in pipeline order. */
import { evaluateModelTool } from './evaluateTool.ts';
import { fetchJobOutput } from './fetchOutput.ts';
import { generateSlurmScript } from './generateScript.ts';
import { cancelJob, jobStatus, waitForJob } from './monitorTools.ts';
import { submitJob } from './submitJob.ts';

export const hpcTools = [generateSlurmScript, submitJob, jobStatus, waitForJob, cancelJob, fetchJobOutput, evaluateModelTool] as const;
export { trainingProgress } from './shared.ts';
