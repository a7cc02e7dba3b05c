/** `engiai render --design ID|FILE.npy --out FILE.png`: heatmap (and convergence plot) of a design. */
import type { Command } from 'commander';

export function register(program: Command): void {
  program
    .command('render')
    .description('render a design to PNG (heatmap with colorbar; Photonics2D: fields and permittivity)')
    .argument('[problem]', '[string] problem id (optional for artifacts and for .npy files of a known shape)')
    .requiredOption('--design <design>', '[string] artifact id, id prefix or .npy file')
    .requiredOption('--out <file>', '[string] PNG file to write')
    .option('--convergence <file>', '[string] also write the convergence plot (.svg or .png) of a stored design')
    .option('--json', '[boolean] print JSON')
    .allowUnknownOption()
    .allowExcessArguments()
    .action(async (problemId: string | undefined, opts: { design: string; out: string; convergence?: string; json?: boolean }, cmd: Command) => {
      const { runRender } = await import('../actions/render.ts');
      await runRender(problemId, cmd.args.slice(problemId ? 1 : 0), opts);
    });
}
