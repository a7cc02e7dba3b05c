/** `engiai evaluate`: EngiOpt's metrics (IOG, COG, FOG, MMD, DPP, violation ratio) for a trained model. */
import type { Command } from 'commander';

export interface EvaluateOpts {
  model: string;
  nSamples: string;
  sigma: string;
  seed?: string;
  csv?: string;
  json?: boolean;
}

export function register(program: Command): void {
  program
    .command('evaluate')
    .description('evaluate a trained model against its test split, e.g. `engiai evaluate --model DIR --json`')
    .requiredOption('--model <dir>', '[string] model folder written by `engiai train`')
    .option('--n-samples <n>', '[number] conditions drawn from the test split', '50')
    .option('--sigma <s>', '[number] RBF bandwidth of MMD and DPP', '10')
    .option('--seed <s>', '[number] sampling seed (default: the training seed)')
    .option('--csv <path>', '[string] append the metrics row here (default: $ENGIAI_HOME/metrics/<model_id>_<problem>_metrics.csv)')
    .option('--json', '[boolean] print one JSON object')
    .action(async (opts: EvaluateOpts) => {
      const { runEvaluate } = await import('../actions/evaluate.ts');
      await runEvaluate(opts);
    });
}
