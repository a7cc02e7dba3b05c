/**
 * `engiai bench workflow`: the workflow suite (benchmarks.md §2). Thin adapter: flags → the suite's
 * options; progress (trials, ETA, running TC and CO) on stderr; a table or one JSON object on stdout.
 */
import type { Command } from 'commander';
import { InputError } from '../../tools/errors.ts';
import { integer, list, parseSeeds } from './benchArgs.ts';
import { prepareSuiteRun, type SuiteRunFlags } from './benchRun.ts';

export interface WorkflowOpts extends SuiteRunFlags {
  style?: string;
  problem?: string;
  samples: string;
  paraphrases: string;
  preset: string;
  protocol?: string;
}

const f2 = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v.toFixed(2) : '–');

export function workflowTable(summary: Record<string, unknown>, files: Record<string, string>): string {
  const cells = (summary.cells ?? []) as Record<string, unknown>[];
  const head = ['problem', 'style', 'agent/model', 'n', 'TC', 'CO', 'S_design', 'S_tool', 'TC paper', 'CO paper', 'TC engiai', 'CO engiai'];
  const p = (c: Record<string, unknown>, protocol: string, k: string) => f2((c[protocol] as Record<string, unknown> | undefined)?.[k]);
  const rows = cells.map((c) => [String(c.problem), String(c.style), String(c.model), String(c.n), f2(c.tc), f2(c.co), f2(c.s_design), f2(c.s_tool), p(c, 'paper', 'tc'), p(c, 'paper', 'co'), p(c, 'engiai', 'tc'), p(c, 'engiai', 'co')]);
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const line = (r: string[]) => r.map((c, i) => (i < 3 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join('  ');
  return [line(head), ...rows.map(line)].join('\n') + `\n\nrun protocol: ${String(summary.protocol)} (TC, CO: scored under it; both protocols beside)\ntrials: ${summary.n}, TC ${f2(summary.tc)}, CO ${f2(summary.co)}, failed: ${summary.failed}\nreport: ${files.markdown}\n        ${files.html}\n`;
}

async function run(opts: WorkflowOpts): Promise<void> {
  const { STYLES, PROBLEMS, PRESET_NAMES, parseStyle, runWorkflow } = await import('../../benchmarks/workflow/index.ts');
  const { FIRST_SEED, parseProtocol } = await import('../../benchmarks/workflow/protocol.ts');
  const protocol = parseProtocol(opts.protocol);
  const styles = opts.style === 'all' ? [...STYLES] : list(opts.style)?.map(parseStyle);
  const problems = opts.problem === 'all' ? [...PROBLEMS] : list(opts.problem);
  for (const p of problems ?? []) if (!(PROBLEMS as readonly string[]).includes(p)) throw new InputError(`unknown problem "${p}"`, { field: 'problem', hint: `one of ${PROBLEMS.join(', ')}, or all` });
  if (opts.paraphrases !== 'main' && opts.paraphrases !== 'held-out') throw new InputError(`--paraphrases must be main or held-out, got "${opts.paraphrases}"`, { field: 'paraphrases' });
  if (!(PRESET_NAMES as string[]).includes(opts.preset)) throw new InputError(`unknown --preset "${opts.preset}"`, { field: 'preset', hint: PRESET_NAMES.join(', ') });
  let done = 0;
  let tcSum = 0;
  let coSum = 0;
  const p = await prepareSuiteRun(opts, 'workflow');
  const cpu0 = process.cpuUsage();
  try {
    const result = await runWorkflow({
      ...p.common,
      styles,
      problems: problems as never,
      samples: integer('samples', opts.samples, 1, 1000)!,
      seeds: parseSeeds(opts.seeds, FIRST_SEED[protocol]),
      protocol,
      paraphrases: opts.paraphrases,
      preset: opts.preset as never,
      onGroundTruth: (problem, d, t, cached) => {
        if (!cached && !opts.json) process.stderr.write(`ground truth ${problem}: ${d}/${t} computed\n`);
      },
      onScored: (_id, s) => {
        done++;
        tcSum += s.s_completion;
        coSum += s.co;
      },
      onTrial: (id, status) => p.tick(`${status === 'done' ? '' : `${status} `}${id}  TC ${done ? (tcSum / done).toFixed(2) : '–'} CO ${done ? (coSum / done).toFixed(2) : '–'}`),
    });
    p.done();
    // CPU time of this process and its worker threads: what the run costs on an idle machine
    const cpu = process.cpuUsage(cpu0);
    const timings = { ...result.timings, cpuMs: (cpu.user + cpu.system) / 1000 };
    const summary = { ...result.summary, protocol, skipped: result.run.skipped, timings_ms: Object.fromEntries(Object.entries(timings).map(([k, v]) => [k, Math.round(v)])) };
    if (opts.json) process.stdout.write(JSON.stringify(summary) + '\n');
    else process.stdout.write(workflowTable(summary, result.files));
    if (result.run.failed.length) process.exitCode = 1;
  } finally {
    p.done();
  }
}

export function registerWorkflow(bench: Command): void {
  bench
    .command('workflow')
    .description('engineering workflows on the real agent graph, scored as the EngiAI paper (TC, CO and every sub-score), e.g. `engiai bench workflow --style W-Cond --problem beams2d --agent reference`')
    .option('--style <list>', '[string] comma-separated styles: Full, Natural, W-Rand, W-Derived, W-Distract, W-Cond, W-Multi, or all (default: Beams2D all seven, Photonics2D Full, W-Rand, W-Distract, W-Cond)')
    .option('--problem <list>', '[string] comma-separated: beams2d, photonics2d, or all (default: all)')
    .option('--protocol <name>', '[string] run protocol: paper (the reference code\'s prompts, 5 rows per seed with replacement, seeds 1–3: comparable with the paper\'s Tables 2 and 3) | engiai (ours, holes closed); every trial is scored under both', 'paper')
    .option('--agent <name>', '[string] scripted agent: reference | branch-inverter | distracted | over-caller | no-render | guesser | tolerance-step | cond-guess | wrong-design | skip-simulate')
    .option('--model <spec>', '[string] model under test: offline | openai:MODEL | google:MODEL | ollama:MODEL | openai-compatible:MODEL@URL (default: the configured model)')
    .option('--samples <n>', '[number] dataset samples (test-split rows) per style', '5')
    .option('--seeds <seeds>', '[string] seeds per sample: a count (3 = 1,2,3 under paper, 0,1,2 under engiai), a range 1-10 or a list 4,7', '3')
    .option('--paraphrases <set>', '[string] prompt paraphrases: main | held-out (never seen by tests)', 'main')
    .option('--preset <name>', '[string] solver settings: paper (Beams2D as EngiBench; Photonics2D 90×110, 40 steps) | small (tiny grids)', 'paper')
    .option('--extra-tools <n>', '[number] add N plausible but irrelevant tools to every specialist', '0')
    .option('--concurrency <n>', '[number] trials in flight (default 2: the optimizer runs on a worker thread)')
    .option('--cache', '[boolean] reuse cached model responses (ENGIAI_HOME/cache/bench-responses)')
    .option('--no-resume', '[boolean] re-run trials that already have a finished trace')
    .option('--out <dir>', '[string] run directory (default: $ENGIAI_HOME/bench/workflow/<config hash>, so a re-run resumes)')
    .option('--json', '[boolean] print the per-cell summary as one JSON object')
    .action((opts: WorkflowOpts) => run(opts));
}
