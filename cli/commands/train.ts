/** `engiai train`: native training of a conditional generative model (cGAN or DDPM) on our dataset. */
import type { Command } from 'commander';

export interface TrainOpts {
  algo: string;
  problem: string;
  epochs: string;
  seed: string;
  scale: string;
  data?: string;
  out?: string;
  json?: boolean;
}

export function register(program: Command): void {
  program
    .command('train')
    .description('train a generative model, e.g. `engiai train --algo cgan --problem beams2d --epochs 2 --seed 3 --data DIR`')
    .option('--algo <algo>', '[string] cgan (EngiOpt cgan_2d) | diffusion (conditional DDPM)', 'cgan')
    .option('--problem <id>', '[string] problem id', 'beams2d')
    .option('--epochs <n>', '[number] total epochs (an existing --out folder resumes to this many)', '2')
    .option('--seed <s>', '[number] seed of weights, shuffles and noise', '1')
    .option('--scale <scale>', '[string] small (CPU-sized layers) | paper (EngiOpt sizes)', 'small')
    .option('--data <dir>', '[string] dataset folder from `engiai dataset generate` (default: $ENGIAI_HOME/datasets/<problem>-n200-seed0-50x25-it100, the hpc.datasets entry of the scale)')
    .option('--out <dir>', '[string] model folder (default: $ENGIAI_HOME/models/<algo>-<problem>-<scale>-s<seed>)')
    .option('--json', '[boolean] print the model card as JSON at the end')
    .action(async (opts: TrainOpts) => {
      const { runTrain } = await import('../actions/train.ts');
      await runTrain(opts);
    });
}
