/**
 * Uploads over real HTTP: 15 parallel uploads all succeed, each file holding exactly its own bytes
 * (temp names used to collide: two 500s with server paths in the body, one file with another's
 * bytes); the same name uploaded in parallel ends as one whole upload; a store that cannot be
 * written gives an error that names no server path.
 */
import { randomBytes } from 'node:crypto';
import { readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningWebServer } from '../../../web/server/webServer.ts';
import { CSRF, startTestServer, tempHome } from './helpers.ts';

let server: RunningWebServer;
let tmp: ReturnType<typeof tempHome>;
beforeAll(async () => {
  tmp = tempHome('engiai-uploads-');
  server = await startTestServer(tmp.home, { uploadLimitBytes: 1 << 20 });
});
afterAll(async () => {
  await server.close();
  tmp.remove();
});

const upload = (name: string, body: Buffer) =>
  fetch(`${server.url}/api/uploads?name=${encodeURIComponent(name)}`, { method: 'POST', headers: { 'content-type': 'application/octet-stream', ...CSRF }, body: new Uint8Array(body) });

describe('uploads', () => {
  it('15 parallel uploads all succeed with the right bytes', async () => {
    const files = Array.from({ length: 15 }, (_, i) => ({ name: `doc-${i}.txt`, bytes: randomBytes(50_000 + i * 1000) }));
    const replies = await Promise.all(files.map((f) => upload(f.name, f.bytes)));
    expect(replies.map((r) => r.status)).toEqual(files.map(() => 201));
    for (const f of files) expect(readFileSync(join(tmp.home, 'uploads', f.name)).equals(f.bytes)).toBe(true);
    expect(readdirSync(join(tmp.home, 'uploads')).filter((n) => n.startsWith('.'))).toEqual([]);
  });

  it('the same name uploaded 15 times in parallel ends as one whole upload', async () => {
    const bodies = Array.from({ length: 15 }, () => randomBytes(40_000));
    const replies = await Promise.all(bodies.map((b) => upload('same.bin', b)));
    expect(replies.every((r) => r.status === 201)).toBe(true);
    const stored = readFileSync(join(tmp.home, 'uploads', 'same.bin'));
    expect(bodies.some((b) => b.equals(stored))).toBe(true);
  });

  it('a failing store answers with what happened and no server path', async () => {
    rmSync(join(tmp.home, 'uploads'), { recursive: true, force: true });
    writeFileSync(join(tmp.home, 'uploads'), 'a file where the folder should be');
    try {
      const r = await upload('x.txt', Buffer.from('hello'));
      expect(r.status).toBe(507);
      const text = await r.text();
      expect(text).toMatch(/could not be stored/);
      expect(text).not.toContain(tmp.home);
      expect(text).not.toMatch(/\/tmp|\/root|\/work|at .*\(/);
    } finally {
      rmSync(join(tmp.home, 'uploads'), { force: true });
    }
  });
});
