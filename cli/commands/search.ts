/** `engiai search "query" [--collection NAME] [--k 5] [--json]`: ranked chunks with source, page and score. */
import type { Command } from 'commander';

export function register(program: Command): void {
  program
    .command('search')
    .description('search the indexed documents: ranked passages with source, page and score')
    .argument('<query>', '[string] words to look for (quotes, *, NEAR and - are searched as text)')
    .option('--collection <name>', '[string] search one collection (default: all)')
    .option('--k <n>', '[number] passages to show, 1..100 (default 5)')
    .option('--embeddings <spec>', '[string] embedding model for hybrid search (default: retrieval.embeddings)')
    .option('--json', '[boolean] print one JSON object')
    .action(async (query: string, opts: { collection?: string; k?: string; embeddings?: string; json?: boolean }) => {
      const { runSearch } = await import('../actions/documents.ts');
      await runSearch(query, opts);
    });
}
