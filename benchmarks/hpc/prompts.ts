/**
 * The HPC suite's prompts (benchmarks.md §4, paper §3.4.3): `explicit` lists the four steps with
 * the tool names, `natural` states the goal in plain words. Each names the algorithm, problem,
 * epochs and seed the training configuration must match.
 */

export const HPC_STYLES = ['explicit', 'natural'] as const;
export type HpcStyle = (typeof HPC_STYLES)[number];
export const HPC_ALGORITHMS = ['cgan', 'diffusion'] as const;
export type HpcAlgorithm = (typeof HPC_ALGORITHMS)[number];
export const HPC_EXECUTORS = ['local', 'slurm'] as const;
export type HpcExecutor = (typeof HPC_EXECUTORS)[number];

/** The steps scored, in order, with the tools that complete each. */
export const HPC_STEPS = [
  { step: 'generate', tools: ['generate_slurm_script'] },
  { step: 'submit', tools: ['submit_job'] },
  { step: 'monitor', tools: ['wait_for_job', 'job_status'] },
  { step: 'evaluate', tools: ['evaluate_model'] },
] as const;

/** The evaluation metrics counted in n_metrics (Appendix A.3), with the names a result may use. */
export const HPC_METRICS: Record<string, RegExp> = {
  IOG: /^iog$/i,
  COG: /^cog$/i,
  FOG: /^fog$/i,
  MMD: /^mmd$/i,
  DPP: /^dpp$/i,
  'violation ratio': /^(viol|violation[_\s-]?(ratio|rate)|rvc)$/i,
};

export interface HpcConfig {
  algorithm: HpcAlgorithm;
  problem: string;
  epochs: number;
  seed: number;
}

const WORD: Record<HpcAlgorithm, string> = { cgan: 'cGAN', diffusion: 'diffusion model' };

export function hpcPrompt(style: HpcStyle, c: HpcConfig, executor: HpcExecutor): string {
  if (style === 'explicit') {
    return (
      `Train a ${WORD[c.algorithm]} on ${c.problem} on the cluster with the ${executor} executor, step by step: ` +
      `(1) call generate_slurm_script with algorithm ${c.algorithm}, problem ${c.problem}, ${c.epochs} epochs and seed ${c.seed}; ` +
      '(2) submit the script with submit_job; (3) monitor the job with wait_for_job (or job_status) until it has finished; ' +
      '(4) call evaluate_model on the trained model and report IOG, COG, FOG, MMD, DPP and the violation ratio.'
    );
  }
  return `I would like a ${WORD[c.algorithm]} trained for ${c.problem} on our cluster (${executor} executor), ${c.epochs} epochs with seed ${c.seed}, and then to know how good the trained model is compared with the dataset.`;
}
