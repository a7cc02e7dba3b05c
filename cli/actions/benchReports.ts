/**
 * `engiai bench score DIR`, `bench compare A B` and `bench report DIR…` for every suite: they read
 * run directories only (no model calls) and dispatch on the suite their run.json names.
 */
import type { Command } from 'commander';

interface JsonOpt {
  json?: boolean;
}

async function home(): Promise<string> {
  const { loadConfig } = await import('../../config/load.ts');
  return loadConfig().home;
}

/** Re-scores a workflow, RAG or HPC run (the reasoning suite keeps its own command options). */
export async function scoreAnySuite(dir: string, opts: JsonOpt & { protocol?: string }): Promise<void> {
  const { suiteOf } = await import('../../benchmarks/suites.ts');
  const result = await (await suiteOf(dir)).scoreDir(dir, await home(), { protocol: opts.protocol });
  if (opts.json) process.stdout.write(JSON.stringify(result.summary) + '\n');
  else process.stdout.write(`re-scored ${dir}\nsummary: ${result.files.summary}\nreport:  ${result.files.markdown}\n         ${result.files.html}\n`);
}

const f3 = (v: number) => (Number.isFinite(v) ? v.toFixed(3) : '–');

async function compare(a: string, b: string, opts: JsonOpt): Promise<void> {
  const { suiteOf } = await import('../../benchmarks/suites.ts');
  const { compareTrials } = await import('../../benchmarks/compare.ts');
  const { InputError } = await import('../../tools/errors.ts');
  const [sa, sb] = [await suiteOf(a), await suiteOf(b)];
  if (sa.name !== sb.name) throw new InputError(`${a} is a ${sa.name} run and ${b} a ${sb.name} run: compare runs of one suite`, { field: 'dir' });
  const h = await home();
  const result = compareTrials(await sa.paired(a, h), await sb.paired(b, h), sa.metrics);
  if (!result.pairs) throw new InputError(`${a} and ${b} share no identical trials`, { field: 'dir', hint: 'compare runs of the same styles, samples, seeds, preset and paraphrase set' });
  if (opts.json) {
    process.stdout.write(JSON.stringify({ suite: sa.name, a, b, ...result }) + '\n');
    return;
  }
  const head = ['group', 'metric', 'n', 'A', 'B', 'B − A', '95 % CI (paired bootstrap)', 'only A / only B'];
  const rows = result.rows.map((r) => [r.group, r.metric, String(r.n), f3(r.a), f3(r.b), f3(r.diff), `[${f3(r.ci95[0])}, ${f3(r.ci95[1])}]`, r.onlyA === undefined ? '' : `${r.onlyA} / ${r.onlyB}`]);
  const widths = head.map((x, i) => Math.max(x.length, ...rows.map((r) => r[i].length)));
  const line = (r: string[]) => r.map((c, i) => c.padEnd(widths[i])).join('  ');
  process.stdout.write(`A: ${a}\nB: ${b}\n${result.pairs} identical trials paired (${result.onlyInA} only in A, ${result.onlyInB} only in B, ${result.mismatched.length} with different samples)\n\n${[line(head), ...rows.map(line)].join('\n')}\n`);
}

async function report(dirs: string[], opts: JsonOpt & { out?: string }): Promise<void> {
  const { writeCombinedReport } = await import('../../benchmarks/reportDirs.ts');
  const r = await writeCombinedReport(dirs, { home: await home(), out: opts.out });
  if (opts.json) process.stdout.write(JSON.stringify(r) + '\n');
  else process.stdout.write(`${r.dirs.length} run(s), ${r.cells.length} cell(s) (one per configuration)\nreport: ${r.files.markdown}\n        ${r.files.html}\nfigures: ${r.files.figures.length} SVG files\n`);
}

export function registerReports(bench: Command): void {
  bench
    .command('compare')
    .description('paired comparison of two runs of one suite over identical trials (paired bootstrap of the difference)')
    .argument('<dirA>', '[string] run directory A')
    .argument('<dirB>', '[string] run directory B')
    .option('--json', '[boolean] print the comparison as one JSON object')
    .action((a: string, b: string, opts: JsonOpt) => compare(a, b, opts));
  bench
    .command('report')
    .description("Markdown and HTML report with the paper's tables and figures over one or more run directories (or folders of them)")
    .argument('<dirs...>', '[string] run directories or folders holding them (searched 3 levels deep)')
    .option('--out <dir>', '[string] where to write report.md, report.html and figures/ (default: the run directory, or <first folder>/report)')
    .option('--json', '[boolean] print the written files and every cell ({suite, problem, style, model, n, configHash, …scores}) as JSON')
    .action((dirs: string[], opts: JsonOpt & { out?: string }) => report(dirs, opts));
}
