/**
 * `engiai report --thread ID --out FILE.pdf|FILE.html`: a conversation's design report (request,
 * the agents' steps, each design's conditions, objectives, render, convergence chart and files, the
 * citations), written from the stored thread: its checkpoint, the events the thread index recorded
 * (ENGIAI_HOME/web.sqlite, written by `engiai chat` and `engiai serve`) and the design store.
 */
import type { Command } from 'commander';

export interface ReportOptions {
  thread: string;
  out: string;
  /** pdf or html (default: from the --out extension). */
  format?: string;
  /** ENGIAI_HOME override (tests). */
  home?: string;
  /** Where threads persist (default: the settings' thread store). */
  checkpointer?: import('../../agents/index.ts').CheckpointerSpec;
}

export interface ReportOutcome {
  path: string;
  format: 'pdf' | 'html';
  bytes: number;
  designs: number;
  steps: number;
}

/** Runs `engiai report`; exported so tests call it without a subprocess. */
export async function runReport(opts: ReportOptions): Promise<ReportOutcome> {
  const { InputError } = await import('../../tools/errors.ts');
  if (!/^[A-Za-z0-9_.:-]{1,128}$/.test(opts.thread ?? '')) throw new InputError(`--thread "${opts.thread ?? ''}" is not a thread id (letters, digits, '-', '_', '.', ':')`, { field: 'thread' });
  const ext = /\.(pdf|html?)$/i.exec(opts.out ?? '')?.[1]?.toLowerCase();
  const format = (opts.format ?? (ext === 'htm' ? 'html' : ext))?.toLowerCase();
  if (format !== 'pdf' && format !== 'html') throw new InputError('give --out FILE.pdf or FILE.html (or --format pdf|html)', { field: 'out' });
  const [{ existsSync }, { createRuntime, threadReport }, { loadConfig }, { DesignStore }, { writeOutputFile }] = await Promise.all([
    import('node:fs'),
    import('../../agents/index.ts'),
    import('../../config/load.ts'),
    import('../../tools/engineering/store/designStore.ts'),
    import('../../tools/fileFaults.ts'),
  ]);
  const base = loadConfig({});
  const config = opts.home ? { ...base, home: opts.home } : base;
  const { ThreadIndex, webDbPath } = await import('../../web/server/threadIndex.ts');
  // read what the thread index holds; a home without one (no turn recorded there) has no events
  const index = existsSync(webDbPath(config.home)) ? new ThreadIndex(webDbPath(config.home)) : null;
  const runtime = await createRuntime({ config, checkpointer: opts.checkpointer });
  try {
    const session = await runtime.session({ model: 'offline' });
    const row = index?.get(opts.thread);
    const report = await threadReport(
      { threadId: opts.thread, session, events: index?.events(opts.thread) ?? [], store: new DesignStore(config.home), home: config.home, title: row?.title, model: row?.model ?? null },
      format,
    );
    const path = await writeOutputFile(opts.out, report.bytes);
    return { path, format, bytes: report.bytes.length, designs: report.data.designs.length, steps: report.data.steps.length };
  } finally {
    index?.close();
    await runtime.close();
  }
}

export function register(program: Command): void {
  program
    .command('report')
    .description("write a conversation's design report (request, steps, designs with renders, convergence and files, citations) as PDF or HTML")
    .requiredOption('--thread <id>', '[string] the conversation (engiai chat prints its id)')
    .requiredOption('--out <file>', '[path] FILE.pdf or FILE.html')
    .option('--format <pdf|html>', '[string] instead of the --out extension')
    .option('--json', '[boolean] print one JSON object')
    .action(async (opts: { thread: string; out: string; format?: string; json?: boolean }) => {
      const out = await runReport(opts);
      process.stdout.write(opts.json ? `${JSON.stringify(out)}\n` : `wrote ${out.path} (${out.format}, ${out.bytes} bytes: ${out.designs} design${out.designs === 1 ? '' : 's'}, ${out.steps} steps)\n`);
    });
}
