/** `engiai optimize <problem> [conditions]`: run the problem's optimizer, store and render the design. */
import type { Command } from 'commander';

interface OptimizeOpts {
  out?: string;
  json?: boolean;
  start?: string;
  render?: boolean;
  history?: string;
}

export function register(program: Command): void {
  program
    .command('optimize')
    .description('optimize a design, e.g. `engiai optimize beams2d --volfrac 0.25 --rmin 1.5 --forcedist 0.5`')
    .argument('<problem>', '[string] problem id (see `engiai problems`)')
    .option('--start <design>', '[string] warm-start from an artifact id or a .npy file')
    .option('--out <dir>', '[string] also copy design.npy, meta.json and the PNGs into this folder')
    .option('--no-render', '[boolean] skip the PNG renders')
    .option('--json', '[boolean] print one JSON object')
    .option('--history <mode>', "[string] 'objectives' (default) or 'full': also store EngiBench's OptiStep arrays (x, x_sensitivities, x_update) as history_*.npy beside the design")
    .allowUnknownOption()
    .allowExcessArguments()
    .helpOption('-h, --help', 'problem conditions are flags too: --volfrac 0.3, --nelx 100, --max-iter 50, --overhang, ...')
    .action(async (problemId: string, opts: OptimizeOpts, cmd: Command) => {
      const { runOptimize } = await import('../actions/optimize.ts');
      await runOptimize(problemId, cmd.args.slice(1), opts);
    });
}
