/** `engiai forget PATH... | --collection NAME`: remove documents from the index. */
import type { Command } from 'commander';

export function register(program: Command): void {
  program
    .command('forget')
    .description('remove indexed documents: those at or under PATH, or a whole collection')
    .argument('[paths...]', '[string] files or folders that were indexed')
    .option('--collection <name>', '[string] the collection (alone: forget all of it; with PATH: only there)')
    .option('--json', '[boolean] print one JSON object')
    .action(async (paths: string[], opts: { collection?: string; json?: boolean }) => {
      const { runForget } = await import('../actions/documents.ts');
      await runForget(paths, opts);
    });
}
