/**
 * The Documents API over real HTTP: uploads (size limit) indexed with progress frames and a
 * per-file report; only names inside the uploads folder, and no symbolic link, are read; the
 * index listed, searched (source and page), a document read by page and its file served only from
 * the uploads or artifact folder; removal; CSRF on state changes; a chat answer cites the document.
 */
import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Retrieval, writePdf } from '../../../tools/retrieval/index.ts';
import type { RunningWebServer } from '../../../web/server/webServer.ts';
import { CSRF, parseSse, startTestServer, tempHome, turn } from './helpers.ts';

let tmp: ReturnType<typeof tempHome>;
let server: RunningWebServer;
const K77 = writePdf(
  [
    { lines: ['Report K-77: cantilever bracket study', 'This report documents the bracket redesign.'] },
    { lines: ['2 Optimization settings', 'The volume fraction used was 0.37 and the filter radius was 2.5 elements.'] },
  ],
  { title: 'Report K-77: cantilever bracket study' },
);

const upload = (name: string, body: Buffer | string) => fetch(`${server.url}/api/uploads?name=${encodeURIComponent(name)}`, { method: 'POST', headers: { ...CSRF, 'content-type': 'application/octet-stream' }, body: typeof body === 'string' ? body : new Uint8Array(body) });
const getJson = async (path: string) => {
  const res = await fetch(`${server.url}${path}`);
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
};
async function index(names: string[], collection?: string) {
  const res = await fetch(`${server.url}/api/documents/index`, { method: 'POST', headers: { ...CSRF, 'content-type': 'application/json' }, body: JSON.stringify({ names, collection }) });
  return { status: res.status, frames: res.ok ? parseSse(await res.text()) : [], body: res.ok ? null : await res.json() };
}

beforeAll(async () => {
  tmp = tempHome('engiai-docs-web-');
  server = await startTestServer(tmp.home, { uploadLimitBytes: 100_000 });
});
afterAll(async () => {
  await server?.close();
  tmp?.remove();
});

describe('Documents API', () => {
  it('uploads and indexes files with progress and a per-file report', async () => {
    expect((await upload('k77.pdf', K77)).status).toBe(201);
    expect((await upload('notes.md', '# Gear notes\n\nThe module of the spur gear is 2 mm.\n')).status).toBe(201);
    expect((await upload('broken.pdf', '%PDF-1.4 not really')).status).toBe(201);
    expect((await upload('huge.md', 'x'.repeat(150_000))).status).toBe(413);
    writeFileSync(join(tmp.home, 'secret.md'), 'TOP SECRET');
    symlinkSync(join(tmp.home, 'secret.md'), join(tmp.home, 'uploads', 'link.md'));
    const r = await index(['k77.pdf', 'notes.md', 'broken.pdf', 'link.md'], 'reports');
    expect(r.status).toBe(200);
    const events = r.frames.map((f) => f.event);
    expect(events[0]).toBe('accepted');
    expect(events.at(-1)).toBe('report');
    const progress = r.frames.filter((f) => f.event === 'progress').map((f) => f.data);
    expect(progress.at(-1)).toMatchObject({ done: 3, total: 3, phase: 'file' });
    const report = r.frames.at(-1)!.data as { collection: string; files: { name: string; status: string; reason: string | null }[] };
    expect(report.collection).toBe('reports');
    expect(Object.fromEntries(report.files.map((f) => [f.name, f.status]))).toEqual({ 'link.md': 'skipped', 'k77.pdf': 'indexed', 'notes.md': 'indexed', 'broken.pdf': 'failed' });
    expect(report.files.find((f) => f.name === 'broken.pdf')!.reason).toMatch(/not a readable PDF/);
  });

  it('refuses names outside the uploads folder and state changes without the CSRF header', async () => {
    for (const names of [['../secret.md'], ['/etc/passwd'], [], ['a/b.md']]) expect((await index(names)).status).toBe(400);
    const res = await fetch(`${server.url}/api/documents/index`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ names: ['notes.md'] }) });
    expect(res.status).toBe(403);
  });

  it('lists, searches with source and page, reads a document by page, serves its file, removes it', async () => {
    const list = await getJson('/api/documents');
    expect(list.body).toMatchObject({ mode: 'on', embeddings: null, total: 2, limitBytes: 100_000 });
    expect((list.body.collections as { name: string; documents: number }[]).map((c) => [c.name, c.documents])).toEqual([['reports', 2]]);
    const k77 = (list.body.documents as { id: string; name: string; downloadable: boolean; pages: number }[]).find((d) => d.name === 'k77.pdf')!;
    expect(k77).toMatchObject({ downloadable: true, pages: 2 });

    const search = await getJson(`/api/documents/search?q=${encodeURIComponent('volume fraction "filter* -radius')}&collection=reports`);
    expect(search.status).toBe(200);
    const [hit] = search.body.hits as { docId: string; source: string; page: number; title: string; text: string }[];
    expect(hit).toMatchObject({ docId: k77.id, source: 'k77.pdf', page: 2, title: 'Report K-77: cantilever bracket study' });
    expect((await getJson('/api/documents/search?q=')).status).toBe(400);

    const doc = await getJson(`/api/documents/${k77.id}`);
    expect((doc.body.chunks as { page: number; text: string }[]).find((c) => c.page === 2)?.text).toMatch(/volume fraction used was 0\.37/);
    const file = await fetch(`${server.url}/api/documents/${k77.id}/file`);
    expect(file.status).toBe(200);
    expect(Buffer.from(await file.arrayBuffer()).equals(K77)).toBe(true);

    // a document indexed from elsewhere (engiai index) is listed and readable, but its file is not served
    const outside = join(tmp.home, 'elsewhere');
    mkdirSync(outside);
    writeFileSync(join(outside, 'private.md'), '# Private\n\nnot for the browser\n');
    const engine = Retrieval.shared(server.state.config);
    await engine.index([outside]);
    const priv = engine.documents().find((d) => d.source.endsWith('private.md'))!;
    expect((await fetch(`${server.url}/api/documents/${priv.id}/file`)).status).toBe(404);
    expect((await getJson(`/api/documents/${priv.id}`)).body.document).toMatchObject({ downloadable: false, source: 'private.md' });

    expect((await fetch(`${server.url}/api/documents/${priv.id}`, { method: 'DELETE', headers: CSRF })).status).toBe(204);
    expect((await getJson(`/api/documents/${priv.id}`)).status).toBe(404);
    expect((await getJson('/api/documents/not-an-id')).status).toBe(400);
  });

  it('a chat answer cites the document and page the UI links to', async () => {
    const frames = await turn(server.url, 'docs-thread-1', { message: 'what does my report K-77 say about the volume fraction?' });
    const end = frames.find((f) => f.event === 'turn_end')!.data as { status: string; answer: string };
    expect(end.status).toBe('done');
    const list = await getJson('/api/documents');
    const k77 = (list.body.documents as { id: string; name: string }[]).find((d) => d.name === 'k77.pdf')!;
    expect(end.answer).toContain(`volume fraction = 0.37 — [Report K-77: cantilever bracket study, p. 2](doc:${k77.id}#page=2)`);
  });
});
