/**
 * `engiai bench rag` and `engiai bench hpc` (benchmarks.md §3–4). Both need their specialist: when
 * this build has none that can run, they stop with an error naming why (exit code 2).
 */
import type { Command } from 'commander';
import { InputError } from '../../tools/errors.ts';
import { integer, list, parseSeeds } from './benchArgs.ts';
import { prepareSuiteRun, type SuiteRunFlags } from './benchRun.ts';

interface RagOpts extends SuiteRunFlags {
  prompt?: string;
  condition?: string;
  distractors: string;
  corpusSize?: string;
}

interface HpcOpts extends SuiteRunFlags {
  style?: string;
  epochs: string;
  algorithm: string;
  executor: string;
}

function oneOf<T extends string>(flag: string, values: readonly string[] | undefined, allowed: readonly T[]): T[] | undefined {
  for (const v of values ?? []) if (!(allowed as readonly string[]).includes(v)) throw new InputError(`unknown --${flag} "${v}"`, { field: flag, hint: `one of ${allowed.join(', ')}` });
  return values as T[] | undefined;
}

function print(summary: Record<string, unknown>, files: { markdown: string; html: string }, json: boolean | undefined, metric: string): void {
  if (json) return void process.stdout.write(JSON.stringify(summary) + '\n');
  const cells = (summary.cells ?? []) as Record<string, unknown>[];
  const lines = cells.map((c) => `${Object.entries(c).filter(([k]) => !['n', metric].includes(k) && typeof c[k] === 'string').map(([, v]) => v).join('  ')}  n ${c.n}  ${metric} ${Number(c[metric]).toFixed(2)}`);
  process.stdout.write(`${lines.join('\n')}\n\nreport: ${files.markdown}\n        ${files.html}\n`);
}

async function rag(opts: RagOpts): Promise<void> {
  const { runRag, RAG_PROMPTS, RAG_CONDITIONS } = await import('../../benchmarks/rag/index.ts');
  const p = await prepareSuiteRun(opts, 'rag');
  try {
    const r = await runRag({
      ...p.common,
      prompts: oneOf('prompt', list(opts.prompt), RAG_PROMPTS),
      conditions: oneOf('condition', list(opts.condition), RAG_CONDITIONS),
      seeds: parseSeeds(opts.seeds, 0),
      distractors: integer('distractors', opts.distractors, 0, 100),
      corpusSize: integer('corpus-size', opts.corpusSize, 10, 1000),
    });
    p.done();
    print(r.summary, r.files, opts.json, 's_rag');
    if (r.run.failed.length) process.exitCode = 1;
  } finally {
    p.done();
  }
}

async function hpc(opts: HpcOpts): Promise<void> {
  const { runHpc, HPC_STYLES, HPC_ALGORITHMS, HPC_EXECUTORS } = await import('../../benchmarks/hpc/index.ts');
  const p = await prepareSuiteRun(opts, 'hpc');
  try {
    const r = await runHpc({
      ...p.common,
      styles: oneOf('style', list(opts.style), HPC_STYLES),
      seeds: parseSeeds(opts.seeds, 1),
      epochs: integer('epochs', opts.epochs, 1, 100_000),
      algorithm: oneOf('algorithm', [opts.algorithm], HPC_ALGORITHMS)![0],
      executor: oneOf('executor', [opts.executor], HPC_EXECUTORS)![0],
    });
    p.done();
    print(r.summary, r.files, opts.json, 's_hpc');
    if (r.run.failed.length) process.exitCode = 1;
  } finally {
    p.done();
  }
}

function common(cmd: Command, agents: string, seedsDefault: string, seedsHelp: string): Command {
  return cmd
    .option('--agent <name>', `[string] scripted agent: ${agents}`)
    .option('--model <spec>', '[string] model under test: offline | openai:MODEL | google:MODEL | ollama:MODEL | openai-compatible:MODEL@URL (default: the configured model)')
    .option('--seeds <seeds>', `[string] ${seedsHelp}`, seedsDefault)
    .option('--extra-tools <n>', '[number] add N plausible but irrelevant tools to every specialist', '0')
    .option('--concurrency <n>', '[number] trials in flight (default 1)')
    .option('--cache', '[boolean] reuse cached model responses (ENGIAI_HOME/cache/bench-responses)')
    .option('--no-resume', '[boolean] re-run trials that already have a finished trace')
    .option('--out <dir>', '[string] run directory (default: $ENGIAI_HOME/bench/<suite>/<config hash>)')
    .option('--json', '[boolean] print the per-cell summary as one JSON object');
}

export function registerAgentic(bench: Command): void {
  common(
    bench
      .command('rag')
      .description('gated retrieval: find parameters in generated documents and design with them (S_RAG per prompt × condition); needs the rag specialist')
      .option('--prompt <list>', '[string] comma-separated P0,P1,P2,P3 (default: all)')
      .option('--condition <list>', '[string] comma-separated on,off,empty (default: all)')
      .option('--distractors <n>', '[number] documents with conflicting, superseded or off-topic values', '0')
      .option('--corpus-size <n>', '[number] fill the index to N documents, 10–1000 (default: only the reports)'),
    'reference | first-hit | no-search',
    '3',
    'a count (3 = 0,1,2; the paper ran 3 per cell), a range 1-10 or a list',
  ).action((opts: RagOpts) => rag(opts));
  common(
    bench
      .command('hpc')
      .description('HPC orchestration: generate, submit, monitor and evaluate a training job (S_HPC, step completion); needs the hpc specialist')
      .option('--style <list>', '[string] comma-separated explicit,natural (default: both)')
      .option('--epochs <n>', '[number] training epochs the prompt asks for', '100')
      .option('--algorithm <name>', '[string] cgan | diffusion', 'cgan')
      .option('--executor <name>', '[string] local | slurm', 'slurm'),
    'reference | no-monitor | wrong-config',
    '1-10',
    'a count (10 = 1..10), a range 1-10 (the paper) or a list',
  ).action((opts: HpcOpts) => hpc(opts));
}
