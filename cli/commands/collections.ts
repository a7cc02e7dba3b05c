/** `engiai collections [--documents] [--json]`: the document collections and what they hold. */
import type { Command } from 'commander';

export function register(program: Command): void {
  program
    .command('collections')
    .description('list the document collections (documents, chunks, embedding model)')
    .option('--documents', '[boolean] list each collection\'s documents too')
    .option('--json', '[boolean] print one JSON object')
    .action(async (opts: { json?: boolean; documents?: boolean }) => {
      const { runCollections } = await import('../actions/documents.ts');
      await runCollections(opts);
    });
}
