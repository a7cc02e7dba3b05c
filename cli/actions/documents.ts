/**
 * The work behind `engiai index`, `search`, `collections` and `forget`: the retrieval engine
 * (tools/retrieval) over ENGIAI_HOME/retrieval/index.sqlite, with a progress bar and a per-file
 * report for indexing, ranked chunks with source, page and score for search.
 */
import { relative } from 'node:path';
import { loadConfig } from '../../config/load.ts';
import { InputError } from '../../tools/errors.ts';
import type { FileReport, Retrieval as RetrievalT } from '../../tools/retrieval/index.ts';
import { terminalSafe } from '../../tools/terminalText.ts';

/** Text for the terminal (file names, titles and passages are others' text); --json lines are written as they are. */
const print = (text: string) => void process.stdout.write(terminalSafe(text));

export interface EngineOpts {
  embeddings?: string;
}

async function openEngine(opts: EngineOpts): Promise<RetrievalT> {
  const { Retrieval } = await import('../../tools/retrieval/index.ts');
  const config = loadConfig({ flags: opts.embeddings ? { retrieval: { embeddings: opts.embeddings } } : {} });
  return Retrieval.open(config.retrieval.mode === 'empty' ? { ...config, retrieval: { ...config.retrieval, mode: 'on' } } : config);
}

const shown = (p: string) => {
  const rel = relative(process.cwd(), p);
  return rel && !rel.startsWith('..') ? rel : p;
};

function fileLine(f: FileReport): string {
  const detail = f.status === 'indexed' || f.status === 'updated' ? ` (${f.pages} page${f.pages === 1 ? '' : 's'}, ${f.chunks} chunks)` : f.reason ? `: ${f.reason}` : '';
  return `  ${f.status.padEnd(9)} ${shown(f.path)}${detail}`;
}

/** A progress bar on stderr (a terminal only) that restarts when the phase changes (indexing → embedding). */
async function phasedBar(): Promise<{ update(phase: string, done: number, total: number, text: string): void; stop(): void }> {
  if (!process.stderr.isTTY) return { update() {}, stop() {} };
  const { default: cliProgress } = await import('cli-progress');
  let bar: InstanceType<typeof cliProgress.SingleBar> | null = null;
  let current = '';
  return {
    update(phase, done, total, text) {
      if (phase !== current) {
        bar?.stop();
        bar = new cliProgress.SingleBar({ format: `${phase} [{bar}] {value}/{total} {text}`, stream: process.stderr, hideCursor: true }, cliProgress.Presets.shades_classic);
        bar.start(total, 0, { text: '' });
        current = phase;
      }
      bar?.update(Math.min(done, total), { text });
    },
    stop: () => bar?.stop(),
  };
}

export async function runIndex(paths: string[], opts: EngineOpts & { collection?: string; json?: boolean; prune?: boolean }): Promise<void> {
  const engine = await openEngine(opts);
  try {
    const bar = await phasedBar();
    const report = await engine.index(paths, { collection: opts.collection, prune: opts.prune, onProgress: (p) => bar.update(p.phase === 'embedding' ? 'embedding' : 'indexing', p.done, p.total, p.path ? shown(p.path) : '') });
    bar.stop();
    if (opts.json) {
      process.stdout.write(JSON.stringify(report) + '\n');
    } else {
      const lines = report.files.map(fileLine);
      const c = report.counts;
      const summary = Object.entries(c).filter(([, n]) => n).map(([k, n]) => `${n} ${k}`).join(', ') || 'no files';
      const rate = report.durationMs > 0 && report.pages ? `, ${(report.pages / (report.durationMs / 1000)).toFixed(1)} pages/s` : '';
      print(`${lines.join('\n')}\ncollection ${report.collection}: ${summary}; ${report.pages} pages, ${report.chunks} chunks in ${(report.durationMs / 1000).toFixed(2)} s${rate}\n`);
    }
    if (report.counts.failed) process.exitCode = 1;
  } finally {
    engine.close();
  }
}

export async function runSearch(query: string, opts: EngineOpts & { collection?: string; k?: string; json?: boolean }): Promise<void> {
  const k = opts.k === undefined ? 5 : Number(opts.k);
  if (!Number.isInteger(k) || k < 1 || k > 100) throw new InputError(`--k must be an integer 1..100, got "${opts.k}"`, { field: 'k' });
  const engine = await openEngine(opts);
  try {
    const hits = await engine.search(query, { k, collection: opts.collection });
    if (opts.json) {
      process.stdout.write(JSON.stringify({ query, mode: engine.embedder ? `hybrid (${engine.embedder.id})` : 'bm25', hits }) + '\n');
      return;
    }
    if (!hits.length) {
      print(`nothing found for "${query}" (${engine.store.counts().documents} documents indexed)\n`);
      return;
    }
    for (const h of hits) {
      const where = `${shown(h.source)} p. ${h.page}${h.section ? ` · ${h.section}` : ''}`;
      const text = h.text.replace(/\s+/g, ' ');
      print(`${h.rank}. ${h.title} — ${where}  (score ${h.score.toPrecision(4)})\n   ${text.length > 240 ? `${text.slice(0, 240)}…` : text}\n`);
    }
  } finally {
    engine.close();
  }
}

export async function runCollections(opts: EngineOpts & { json?: boolean; documents?: boolean }): Promise<void> {
  const engine = await openEngine({});
  try {
    const collections = engine.collections();
    const documents = opts.documents ? engine.documents() : undefined;
    if (opts.json) {
      process.stdout.write(JSON.stringify({ collections, ...(documents ? { documents } : {}) }) + '\n');
      return;
    }
    if (!collections.length) print('no documents indexed yet (engiai index PATH...)\n');
    for (const c of collections) {
      print(`${c.name}: ${c.documents} documents, ${c.chunks} chunks, ${(c.bytes / 1024).toFixed(0)} KiB${c.embeddingModel ? `, vectors ${c.embeddingModel}` : ''}\n`);
      for (const d of documents?.filter((x) => x.collection === c.name) ?? []) print(`  ${d.id}  ${d.title} (${d.pages} p.)  ${shown(d.source)}\n`);
    }
  } finally {
    engine.close();
  }
}

export async function runForget(paths: string[], opts: { collection?: string; json?: boolean }): Promise<void> {
  if (!paths.length && !opts.collection) throw new InputError('give a PATH (file or folder) or --collection NAME to forget', { field: 'paths' });
  const engine = await openEngine({});
  try {
    const gone = engine.forget({ paths: paths.length ? paths : undefined, collection: opts.collection });
    if (opts.json) process.stdout.write(JSON.stringify({ removed: gone.map((d) => ({ id: d.id, collection: d.collection, source: d.source })) }) + '\n');
    else print(gone.length ? `${gone.map((d) => `  removed ${d.collection}: ${shown(d.source)}`).join('\n')}\n${gone.length} document(s) forgotten\n` : 'nothing to forget: no indexed document matches\n');
  } finally {
    engine.close();
  }
}
