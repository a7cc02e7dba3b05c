/** `engiai index PATH... [--collection NAME]`: index documents for search and the RAG agent. */
import type { Command } from 'commander';

export function register(program: Command): void {
  program
    .command('index')
    .description('index documents (PDF, Markdown, text, HTML; files or folders) for `engiai search` and the rag agent')
    .argument('<paths...>', '[string] files or folders (symbolic links are not followed)')
    .option('--collection <name>', '[string] collection to index into (default: retrieval.collection, "default")')
    .option('--embeddings <spec>', '[string] none | fake[:DIM] | openai:MODEL | google:MODEL | ollama:MODEL (default: retrieval.embeddings)')
    .option('--no-prune', '[boolean] keep documents whose files are gone from an indexed folder')
    .option('--json', '[boolean] print the report as one JSON object')
    .action(async (paths: string[], opts: { collection?: string; embeddings?: string; prune?: boolean; json?: boolean }) => {
      const { runIndex } = await import('../actions/documents.ts');
      await runIndex(paths, opts);
    });
}
