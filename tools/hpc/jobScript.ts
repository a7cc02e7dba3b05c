/**
 * The SLURM job scripts, from validated values only. Two templates:
 *  - `engiai`: our native pipeline — generate the dataset once per cluster (resumable, under a lock
 *    so concurrent jobs share it), then `engiai train`; the model lands in the job folder's model/.
 *  - `engiopt`: EngiOpt's own commands for clusters where it is installed (engibench.md §5.1/§5.5):
 *    `python -m engiopt.cgan_2d.cgan_2d --problem-id beams2d --seed 3 --n-epochs 2 --track --save-model`
 *    (EngiOpt saves a checkpoint only with both flags, to wandb), then its evaluate script, whose
 *    CSV row (metrics.csv in the job folder) is what evaluate_model reads back.
 * The cluster's set-up lines and engiai command come from the person's configuration, never from a model.
 */
import type { ClusterSettings, HpcSettings } from '../../config/schema.ts';
import { assertMatches, quote, SLURM_NAME, TIME_LIMIT } from './shellQuote.ts';

export type Template = 'engiai' | 'engiopt';

/** What a training job does: every field is validated by the tool schema before it gets here. */
export interface TrainJobSpec {
  template: Template;
  algo: 'cgan' | 'diffusion';
  problem: 'beams2d';
  epochs: number;
  seed: number;
  scale: 'small' | 'paper';
  timeLimit: string;
  cpus: number;
  partition?: string;
  /** EngiOpt template only: --n-samples of its evaluation. */
  nSamples: number;
}

export interface JobScript {
  text: string;
  jobName: string;
  /** The dataset folder relative to the job folder (engiai template). */
  datasetDir?: string;
  /** What fetch_job_output copies back: the model folder or EngiOpt's metrics CSV. */
  outputs: string[];
}

const ENGIOPT_MODULE = { cgan: 'cgan_2d', diffusion: 'diffusion_2d_cond' } as const;
const ENGIOPT_EVAL = { cgan: 'evaluate_cgan_2d', diffusion: 'evaluate_diffusion_2d_cond' } as const;

type Dataset = HpcSettings['datasets']['small'];

export function datasetName(problem: string, d: Dataset): string {
  const source = d.grid ? d.grid : `n${d.rows}-seed${d.seed}`;
  return `${problem}-${source}-${d.nelx}x${d.nely}-it${d.maxIter}`;
}

function header(spec: TrainJobSpec, jobName: string, key: string, partition: string | undefined): string[] {
  return [
    '#!/bin/bash',
    `#SBATCH --job-name=${jobName}`,
    '#SBATCH --output=job.out',
    '#SBATCH --error=job.out',
    '#SBATCH --open-mode=append',
    `#SBATCH --time=${assertMatches('time_limit', spec.timeLimit, TIME_LIMIT, 'a SLURM time limit such as 02:00:00')}`,
    '#SBATCH --nodes=1',
    '#SBATCH --ntasks=1',
    `#SBATCH --cpus-per-task=${spec.cpus}`,
    ...(partition ? [`#SBATCH --partition=${assertMatches('partition', partition, SLURM_NAME, 'a SLURM partition name')}`] : []),
    `# EngiAI pipeline ${key}: ${spec.template} template, ${spec.algo} on ${spec.problem}, ${spec.epochs} epoch(s), seed ${spec.seed}, scale ${spec.scale}.`,
    '# Generated from validated values; the set-up lines below come from the cluster configuration.',
    'set -euo pipefail',
    "trap 'echo $? > exit_code' EXIT",
    'echo "[job] started $(date -u +%Y-%m-%dT%H:%M:%SZ) on $(hostname) as job ${SLURM_JOB_ID:-?}"',
  ];
}

export function jobScript(spec: TrainJobSpec, cluster: ClusterSettings, datasets: HpcSettings['datasets'], key: string, engiaiCommand: string): JobScript {
  const jobName = `engiai-${spec.algo}-${spec.problem}-s${spec.seed}`;
  const partition = spec.partition ?? cluster.partition;
  const lines = header(spec, jobName, key, partition);
  lines.push('# --- cluster set-up ---', ...cluster.setup, '# --- end of set-up ---');
  if (spec.template === 'engiopt') {
    const module = ENGIOPT_MODULE[spec.algo];
    lines.push(
      'echo "[job] step 1/2: EngiOpt training"',
      `python -m engiopt.${module}.${module} --problem-id ${quote(spec.problem)} --seed ${spec.seed} --n-epochs ${spec.epochs} --track --save-model`,
      'echo "[job] step 2/2: EngiOpt evaluation"',
      `python -m engiopt.${module}.${ENGIOPT_EVAL[spec.algo]} --problem-id ${quote(spec.problem)} --seed ${spec.seed} --n-samples ${spec.nSamples} --output-csv metrics.csv`,
      'echo "[job] finished $(date -u +%Y-%m-%dT%H:%M:%SZ)"',
    );
    return { text: lines.join('\n') + '\n', jobName, outputs: ['metrics.csv'] };
  }
  const d = datasets[spec.scale];
  const dataDir = `../datasets/${datasetName(spec.problem, d)}`;
  const source = d.grid ? ['--grid', d.grid] : ['--n', String(d.rows), '--seed', String(d.seed)];
  lines.push(
    `engiai() { ${engiaiCommand} "$@"; }`,
    `DATA=${quote(dataDir)}`,
    'mkdir -p ../datasets',
    'echo "[job] step 1/2: dataset $DATA (generated once, shared by later jobs)"',
    'exec 9>"$DATA.lock"',
    'flock 9',
    `engiai dataset generate ${quote(spec.problem)} ${source.map(quote).join(' ')} --nelx ${d.nelx} --nely ${d.nely} --max-iter ${d.maxIter} --workers ${spec.cpus} --out "$DATA" --json > dataset.json`,
    'flock -u 9',
    'echo "[job] step 2/2: train"',
    `engiai train --algo ${quote(spec.algo)} --problem ${quote(spec.problem)} --epochs ${spec.epochs} --seed ${spec.seed} --scale ${quote(spec.scale)} --data "$DATA" --out model`,
    'echo "[job] finished $(date -u +%Y-%m-%dT%H:%M:%SZ)"',
  );
  return { text: lines.join('\n') + '\n', jobName, datasetDir: dataDir, outputs: ['model'] };
}
