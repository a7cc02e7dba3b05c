/** `engiai simulate [problem] --design ID|FILE.npy [conditions]`: objective values of a design. */
import type { Command } from 'commander';

export function register(program: Command): void {
  program
    .command('simulate')
    .description('evaluate a design: prints its objective values')
    .argument('[problem]', '[string] problem id (optional when the design is a stored artifact)')
    .requiredOption('--design <design>', '[string] artifact id, id prefix or .npy file')
    .option('--json', '[boolean] print JSON')
    .allowUnknownOption()
    .allowExcessArguments()
    .action(async (problemId: string | undefined, opts: { design: string; json?: boolean }, cmd: Command) => {
      const { runSimulate } = await import('../actions/simulate.ts');
      await runSimulate(problemId, cmd.args.slice(problemId ? 1 : 0), opts);
    });
}
