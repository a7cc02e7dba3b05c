/**
 * The HPC suite's prompts (benchmarks.md §4, paper §3.4.3): `explicit` lists the four steps with
 * the tool names, `natural` states the goal in plain words. Each names the algorithm, problem,
 * epochs and seed the training configuration must match. Under the paper protocol the texts follow
 * the reference's prompt generator (hpc_train_beams2d/generate_prompts.py @77fbb8a2: a numbered
 * four-step list ending "Complete all steps in order. Do not ask for clarification.", evaluation on
 * 50 samples; a one-paragraph natural request), in our words and with our tool names; under engiai
 * they are ours and name the executor.
 */
import type { Protocol } from '../runner/protocol.ts';

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

const PAPER_WORD: Record<HpcAlgorithm, string> = { cgan: 'conditional GAN (cGAN, CNN 2D)', diffusion: 'conditional diffusion model (2D)' };

function paperPrompt(style: HpcStyle, c: HpcConfig): string {
  if (style === 'explicit') {
    return (
      `Train a ${PAPER_WORD[c.algorithm]} generative model on the ${c.problem} dataset on the HPC cluster, then evaluate it against the dataset baseline with the standard evaluation. ` +
      `Step 1: call generate_slurm_script with algorithm ${c.algorithm}, problem ${c.problem}, ${c.epochs} epochs and seed ${c.seed}. ` +
      'Step 2: submit the generated script with submit_job. ' +
      'Step 3: monitor the job with wait_for_job until it has completed. ' +
      `Step 4: call evaluate_model on the trained model with 50 samples and report IOG, COG, FOG, MMD, DPP and the violation rate. ` +
      'Complete all steps in order. Do not ask for clarification.'
    );
  }
  return (
    `I need a ${PAPER_WORD[c.algorithm]} trained on the ${c.problem} dataset on the HPC cluster with seed ${c.seed} for ${c.epochs} epochs. ` +
    'Use the available tools to generate the SLURM training script (do not write or modify scripts yourself), submit it and wait until the job has finished. ' +
    'Then use the model evaluation tool to evaluate the trained model against the dataset baseline and report the metrics. Do not ask for clarification.'
  );
}

export function hpcPrompt(style: HpcStyle, c: HpcConfig, executor: HpcExecutor, protocol: Protocol = 'engiai'): string {
  if (protocol === 'paper') return paperPrompt(style, c);
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
