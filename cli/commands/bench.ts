/**
 * `engiai bench`: the benchmark suites, one subcommand each (reasoning here; workflow, rag, hpc,
 * compare and report in cli/actions/bench*.ts), and `engiai bench score DIR` to re-score saved
 * traces of any suite without a model. Thin adapter: flags → the
 * suite's options; the suite modules load lazily inside the actions.
 */
import type { Command } from 'commander';
import { InputError } from '../../tools/errors.ts';
import { registerAgentic } from '../actions/benchAgentic.ts';
import { registerReports } from '../actions/benchReports.ts';
import { registerWorkflow } from '../actions/benchWorkflow.ts';
import { interruptSignal } from '../shared.ts';

export interface ReasoningOpts {
  branch?: string;
  difficulty?: string;
  template?: string;
  templates?: string;
  instances: string;
  seed: string;
  agent?: string;
  model?: string;
  judge?: string;
  semantic?: string;
  tau?: string;
  concurrency?: string;
  cache?: boolean;
  resume: boolean;
  out?: string;
  json?: boolean;
  list?: boolean;
}

export interface ScoreOpts {
  tau?: string;
  lexical?: boolean;
  protocol?: string;
  json?: boolean;
}

function integer(flag: string, raw: string | undefined, min: number): number | undefined {
  if (raw === undefined) return undefined;
  const v = Number(raw);
  if (!Number.isInteger(v) || v < min) throw new InputError(`--${flag} must be an integer ≥ ${min}, got "${raw}"`, { field: flag });
  return v;
}

function fraction(flag: string, raw: string | undefined): number | undefined {
  if (raw === undefined) return undefined;
  const v = Number(raw);
  if (!Number.isFinite(v) || v < 0 || v > 1) throw new InputError(`--${flag} must be a number in [0, 1], got "${raw}"`, { field: flag });
  return v;
}

const list = (raw: string | undefined) => (raw ? raw.split(',').map((s) => s.trim()).filter(Boolean) : undefined);
const pct = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? `${(100 * v).toFixed(1)}%` : '–');

/** A short plain-text table of the summary (the full tables are in report.md / report.html). */
export function summaryText(summary: Record<string, unknown>, files: Record<string, string>): string {
  const head = ['', 'n', 'accuracy', 'step F1', 'precision', 'recall'];
  const rows: string[][] = [['overall', String(summary.instances), pct(summary.accuracy), pct(summary.step_f1), pct(summary.step_precision), pct(summary.step_recall)]];
  for (const key of ['by_branch', 'by_difficulty'] as const) {
    const groups = (summary[key] ?? {}) as Record<string, Record<string, number>>;
    for (const [g, r] of Object.entries(groups)) rows.push([`  ${g}`, String(r.n), pct(r.accuracy), pct(r.step_f1), pct(r.step_precision), pct(r.step_recall)]);
  }
  const widths = head.map((_, i) => Math.max(head[i].length, ...rows.map((r) => r[i].length)));
  const line = (r: string[]) => r.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join('  ');
  const extra = typeof summary.f1_rec === 'number' ? `\nrecovered F1 (judge): ${pct(summary.f1_rec)}` : '';
  return [line(head), ...rows.map(line)].join('\n') + extra + `\n\ntemplates: ${summary.templates}, failed trials: ${summary.failed}\nreport: ${files.markdown}\n        ${files.html}\n`;
}

async function runReasoningCommand(opts: ReasoningOpts): Promise<void> {
  const { ALL_TEMPLATES, runReasoning } = await import('../../benchmarks/reasoning/index.ts');
  if (opts.list) {
    for (const t of ALL_TEMPLATES) process.stdout.write(`${t.id.padEnd(42)} ${t.branch.padEnd(10)} ${t.difficulty.padEnd(12)} ${t.domain} — ${t.title}${t.source === 'engine' ? ' [engine]' : ''}\n`);
    return;
  }
  const { loadConfig } = await import('../../config/load.ts');
  const config = loadConfig();
  let agent = opts.agent;
  let model = opts.model;
  if (!agent && !model) {
    if (config.model.spec === 'offline') agent = 'reference';
    else model = config.model.spec;
    if (!opts.json) process.stderr.write(`no --agent or --model given: using ${agent ? `--agent ${agent}` : `--model ${model}`}\n`);
  }
  // The progress module alone: the runner's index also exports the model caller (LangChain).
  const { createProgress } = await import('../../benchmarks/runner/progress.ts');
  let progress: ReturnType<typeof createProgress> | undefined;
  const { signal, dispose } = interruptSignal();
  try {
    const result = await runReasoning({
      branch: list(opts.branch) as never,
      difficulty: list(opts.difficulty) as never,
      templateIds: list(opts.template),
      templates: integer('templates', opts.templates, 1),
      instances: integer('instances', opts.instances, 1) ?? 3,
      seed: integer('seed', opts.seed, 0) ?? 0,
      agent,
      model,
      judge: opts.judge,
      semantic: opts.semantic,
      tau: fraction('tau', opts.tau),
      out: opts.out,
      concurrency: integer('concurrency', opts.concurrency, 1),
      cache: opts.cache,
      resume: opts.resume,
      config,
      signal,
      onStart: (total) => (progress = createProgress({ label: 'reasoning', total })),
      onTrial: (id, status) => progress?.tick(status === 'done' ? id : `${id} ${status}`),
    });
    progress?.stop();
    if (opts.json) process.stdout.write(JSON.stringify(result.summary) + '\n');
    else process.stdout.write(summaryText(result.summary, result.files));
    if (result.run.failed.length) process.exitCode = 1;
  } finally {
    progress?.stop();
    dispose();
  }
}

async function scoreCommand(dir: string, opts: ScoreOpts): Promise<void> {
  const { readManifest } = await import('../../benchmarks/runner/runConfig.ts');
  const suite = readManifest(dir)?.suite ?? 'reasoning';
  if (opts.protocol !== undefined && suite === 'reasoning') throw new InputError(`--protocol applies to workflow, rag and hpc runs; ${dir} is a ${suite} run`, { field: 'protocol' });
  if (suite !== 'reasoning') return (await import('../actions/benchReports.ts')).scoreAnySuite(dir, opts);
  const { scoreRunDir } = await import('../../benchmarks/reasoning/index.ts');
  const result = scoreRunDir(dir, { tau: fraction('tau', opts.tau), lexical: opts.lexical });
  if (opts.json) process.stdout.write(JSON.stringify(result.summary) + '\n');
  else process.stdout.write(summaryText(result.summary, result.files));
}

export function register(program: Command): void {
  const bench = program.command('bench').description('benchmark suites: run an agent or model on a suite, re-score saved runs');
  bench
    .command('reasoning')
    .description('step-verified engineering calculations (EngChain/EngTrace-style templates), e.g. `engiai bench reasoning --agent reference --json`')
    .option('--branch <list>', '[string] comma-separated branches: mechanical,civil,electrical,chemical (default: all)')
    .option('--difficulty <list>', '[string] comma-separated: easy,intermediate,advanced (default: all)')
    .option('--template <ids>', '[string] comma-separated template ids (see --list)')
    .option('--templates <n>', '[number] at most N templates, spread evenly over the selection (default: all)')
    .option('--instances <k>', '[number] instances per template', '3')
    .option('--seed <s>', '[number] suite seed: the same seed gives byte-identical problems', '0')
    .option('--agent <name>', '[string] scripted agent: reference | wrong-unit | right-for-wrong-reasons')
    .option('--model <spec>', '[string] model under test: openai:MODEL | google:MODEL | ollama:MODEL | openai-compatible:MODEL@URL')
    .option('--judge <spec>', '[string] judge model for error categories and the recovered F1 (default: none)')
    .option('--semantic <mode>', '[string] step similarity: auto | lexical | provider:embedding-model (default: auto = provider embeddings for --model, lexical otherwise)')
    .option('--tau <t>', '[number] match threshold on S_sem·S_num (default: 0.2 lexical, 0.5 embeddings)')
    .option('--concurrency <n>', '[number] trials in flight (default: 4 with a model, 1 otherwise)')
    .option('--cache', '[boolean] reuse cached model responses (ENGIAI_HOME/cache/bench-responses)')
    .option('--no-resume', '[boolean] re-run trials that already have a finished trace')
    .option('--out <dir>', '[string] run directory (default: $ENGIAI_HOME/bench/reasoning/<config hash>, so a re-run resumes)')
    .option('--json', '[boolean] print the summary as one JSON object')
    .option('--list', '[boolean] list the templates and exit')
    .action((opts: ReasoningOpts) => runReasoningCommand(opts));
  bench
    .command('score')
    .description('re-score a saved run directory of any suite from its traces only (no model calls); rewrites scores, summary.json and the reports')
    .argument('<dir>', '[string] run directory (holds run.json and traces/)')
    .option('--tau <t>', '[number] reasoning: match threshold override')
    .option('--lexical', '[boolean] reasoning: ignore stored embedding scores and use the lexical score')
    .option('--protocol <name>', '[string] workflow, rag, hpc: report the scores of paper | engiai (both are always computed; default: the protocol the run was made under)')
    .option('--json', '[boolean] print the summary as one JSON object')
    .action((dir: string, opts: ScoreOpts) => scoreCommand(dir, opts));
  registerWorkflow(bench);
  registerAgentic(bench);
  registerReports(bench);
}
