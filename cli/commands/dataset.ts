/** `engiai dataset generate <problem>`: optimized designs over a grid or a seeded sample of conditions. */
import type { Command } from 'commander';

export interface DatasetOpts {
  grid?: string;
  n?: string;
  seed: string;
  workers?: string;
  out?: string;
  json?: boolean;
  shard?: string;
  executor?: string;
  cluster?: string;
  shards?: string;
}

export function register(program: Command): void {
  const dataset = program.command('dataset').description('datasets of optimized designs');
  dataset
    .command('generate')
    .description('generate a dataset, e.g. `engiai dataset generate beams2d --grid engibench` or `--n 100 --seed 1`')
    .argument('<problem>', '[string] problem id')
    .option('--grid <name>', '[string] a named condition grid: engibench (the EngiBench dataset grid)')
    .option('--n <count>', '[number] number of sampled conditions')
    .option('--seed <seed>', '[number] sampling seed', '0')
    .option('--workers <k>', '[number] worker threads (default: number of cores)')
    .option('--out <dir>', '[string] output folder (default: $ENGIAI_HOME/datasets/<problem>-<grid|n-seed>)')
    .option('--json', '[boolean] print the manifest as JSON')
    .option('--shard <i/K>', '[string] compute only shard i of K (the planned rows with id % K == i; ids, keys and splits stay the whole plan\'s)')
    .option('--executor <kind>', '[string] local (default: worker threads here) or slurm (one SLURM job array on a cluster, gathered back here)')
    .option('--cluster <name>', '[string] with --executor slurm: a cluster of hpc.clusters (default: hpc.defaultCluster, else the first slurm cluster)')
    .option('--shards <K>', '[number] with --executor slurm: array tasks the rows are split into (default 10, at most the rows; a resumed folder keeps its own; each task uses the cluster cpus as workers)')
    .allowUnknownOption()
    .allowExcessArguments()
    .action(async (problemId: string, opts: DatasetOpts, cmd: Command) => {
      const { runDatasetGenerate } = await import('../actions/dataset.ts');
      await runDatasetGenerate(problemId, cmd.args.slice(1), opts);
    });
}
