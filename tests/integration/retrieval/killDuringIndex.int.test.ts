/**
 * A process killed with SIGKILL in the middle of indexing leaves the store consistent — every
 * document complete with its chunks, FTS rows and vectors, or absent — and indexing again finishes
 * the job without duplicates.
 */
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fakeEmbedder, Retrieval } from '../../../tools/retrieval/index.ts';

const script = fileURLToPath(new URL('./indexProcess.ts', import.meta.url));
const root = fileURLToPath(new URL('../../..', import.meta.url));
const N = 240;
let dir: string;
let folder: string;
let db: string;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'engiai-kill-'));
  folder = join(dir, 'notes');
  mkdirSync(folder);
  for (let i = 0; i < N; i++) {
    const body = Array.from({ length: 12 }, (_, j) => `Paragraph ${j} of note ${i}: the beam number ${i} uses a volume fraction of 0.${(i % 9) + 1} and filter radius ${j}.`).join('\n\n');
    writeFileSync(join(folder, `note-${String(i).padStart(4, '0')}.md`), `# Note ${i}\n\n${body}\n`);
  }
  db = join(dir, 'index.sqlite');
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function consistency(path: string) {
  const d = new Database(path, { readonly: true });
  try {
    const n = (sql: string) => (d.prepare(sql).get() as { n: number }).n;
    return {
      integrity: (d.prepare('PRAGMA integrity_check').get() as { integrity_check: string }).integrity_check,
      documents: n('SELECT COUNT(*) AS n FROM documents'),
      distinctSources: n('SELECT COUNT(DISTINCT source) AS n FROM documents'),
      chunks: n('SELECT COUNT(*) AS n FROM chunks'),
      declaredChunks: n('SELECT COALESCE(SUM(chunks), 0) AS n FROM documents'),
      fts: n('SELECT COUNT(*) AS n FROM chunks_fts'),
      orphans: n('SELECT COUNT(*) AS n FROM chunks WHERE document_id NOT IN (SELECT id FROM documents)'),
    };
  } finally {
    d.close();
  }
}

describe('a process killed while indexing', () => {
  it('leaves every document whole or absent; the next run finishes without duplicates', async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', script, db, folder], { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stderr.on('data', (c) => (err += c));
    const killedAt = await new Promise<number>((resolve, reject) => {
      child.stdout.on('data', (c) => {
        out += c;
        const done = [...out.matchAll(/done (\d+)/g)].map((m) => Number(m[1]));
        if (done.length && done[done.length - 1] >= 30 && !child.killed) {
          child.kill('SIGKILL');
          resolve(done[done.length - 1]);
        }
      });
      child.on('exit', (code) => (child.killed ? undefined : reject(new Error(`child exited ${code} before it was killed: ${out}\n${err}`))));
    });
    await new Promise((r) => child.once('close', r));
    expect(child.signalCode).toBe('SIGKILL');
    expect(out).not.toMatch(/finished/);

    const after = consistency(db);
    expect(after.integrity).toBe('ok');
    expect(after.documents).toBeGreaterThanOrEqual(killedAt);
    expect(after.documents).toBeLessThan(N);
    expect(after).toMatchObject({ distinctSources: after.documents, chunks: after.declaredChunks, fts: after.chunks, orphans: 0 });

    // run again: what was indexed is unchanged, the rest is indexed, nothing twice
    const r = new Retrieval({ path: db, embedder: fakeEmbedder(32) });
    const report = await r.index([folder]);
    expect(report.counts).toMatchObject({ unchanged: after.documents, indexed: N - after.documents, failed: 0 });
    const counts = r.store.counts();
    expect(counts).toEqual({ documents: N, chunks: counts.chunks, fts: counts.chunks, vectors: counts.chunks });
    const hits = await r.search('beam number 123 volume fraction', { k: 3 });
    expect(hits[0].title).toBe('Note 123');
    r.close();
    const final = consistency(db);
    expect(final).toMatchObject({ integrity: 'ok', documents: N, distinctSources: N, orphans: 0, fts: final.chunks, chunks: final.declaredChunks });
  });
});
