/**
 * `engiai bench report DIR…`: every run directory under the given folders (a folder holding
 * run.json, up to three levels down), grouped by suite, re-scored from their traces and written as
 * one Markdown and one HTML report with the figures as SVG files beside them, plus every suite's
 * cells (one per configuration: runs of different settings are never pooled; each trial id once).
 */
import { existsSync, mkdirSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { InputError } from '../tools/errors.ts';
import { docHtml, docMarkdown, figuresOf, provenanceBlocks, type Block } from './reports/document.ts';
import { MANIFEST_FILE, readManifest } from './runner/runConfig.ts';
import { suiteOf } from './suites.ts';

/** Run directories at or below each path (depth ≤ 3), sorted. */
export function findRunDirs(paths: readonly string[], depth = 3): string[] {
  const out = new Set<string>();
  const walk = (dir: string, d: number) => {
    if (existsSync(join(dir, MANIFEST_FILE))) {
      out.add(dir);
      return;
    }
    if (d <= 0) return;
    let names: string[] = [];
    try {
      names = readdirSync(dir);
    } catch {
      return;
    }
    for (const n of names.sort()) {
      const p = join(dir, n);
      if (!n.startsWith('.') && statSync(p, { throwIfNoEntry: false })?.isDirectory()) walk(p, d - 1);
    }
  };
  for (const p of paths) walk(resolve(p), depth);
  return [...out].sort();
}

export interface ReportResult {
  dirs: string[];
  files: { markdown: string; html: string; figures: string[] };
  /** Every suite's cells ({suite, problem, style, model, n, configHash, …scores}). */
  cells: Record<string, unknown>[];
}

export async function writeCombinedReport(paths: readonly string[], opts: { home: string; out?: string }): Promise<ReportResult> {
  const dirs = findRunDirs(paths);
  if (!dirs.length) throw new InputError(`no benchmark runs under ${paths.join(', ')}`, { field: 'dir', hint: 'pass a run directory or a folder of them (e.g. $ENGIAI_HOME/bench)' });
  const bySuite = new Map<string, string[]>();
  for (const d of dirs) {
    const suite = readManifest(d)!.suite;
    bySuite.set(suite, [...(bySuite.get(suite) ?? []), d]);
  }
  const blocks: Block[] = [];
  const runs = [];
  const cells: Record<string, unknown>[] = [];
  for (const suite of ['workflow', 'rag', 'hpc', 'reasoning'].filter((s) => bySuite.has(s)).concat([...bySuite.keys()].filter((s) => !['workflow', 'rag', 'hpc', 'reasoning'].includes(s)))) {
    const group = bySuite.get(suite)!;
    const part = await (await suiteOf(group[0])).report(group, opts.home);
    blocks.push(...part.blocks);
    runs.push(...part.runs);
    cells.push(...(part.cells ?? []).map((c) => ({ suite, ...c })));
  }
  const doc = { title: 'EngiAI benchmark report', blocks: [...provenanceBlocks(runs), ...blocks] };
  const out = opts.out ?? (dirs.length === 1 ? dirs[0] : join(resolve(paths[0]), 'report'));
  mkdirSync(join(out, 'figures'), { recursive: true });
  const figures = figuresOf(doc).map((f) => {
    writeFileSync(join(out, f.file), f.svg);
    return join(out, f.file);
  });
  const files = { markdown: join(out, 'report.md'), html: join(out, 'report.html'), figures };
  writeFileSync(files.markdown, docMarkdown(doc));
  writeFileSync(files.html, docHtml(doc));
  return { dirs, files, cells };
}
