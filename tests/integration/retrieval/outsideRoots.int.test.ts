/**
 * Indexing with allowed folders (what the agents' index tool and the web server use) answers a
 * root outside them the same whether or not something is there — a file, a folder, nothing, or a
 * name under a linked folder that leads out — so the report never tells what exists outside.
 */
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { Retrieval } from '../../../tools/retrieval/index.ts';

const dir = mkdtempSync(join(tmpdir(), 'engiai-outside-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('roots outside the allowed folders', () => {
  it('get one answer whether or not they exist', async () => {
    const allowed = join(dir, 'uploads');
    const outside = join(dir, 'private');
    mkdirSync(allowed, { recursive: true });
    mkdirSync(outside, { recursive: true });
    writeFileSync(join(outside, 'secret.md'), '# secret\n\nkept out\n');
    writeFileSync(join(allowed, 'notes.md'), '# notes\n\nthe module is 2 mm\n');
    symlinkSync(outside, join(allowed, 'leads-out'));
    const r = new Retrieval({ path: join(dir, 'index.sqlite'), embedder: null, maxFileBytes: 100_000 });
    try {
      const roots = [join(outside, 'secret.md'), join(outside, 'missing.md'), outside, join(dir, 'nothing-here'), join(allowed, 'leads-out', 'secret.md'), join(allowed, 'leads-out', 'missing.md')];
      const report = await r.index(roots, { allowed: [allowed] });
      const answers = report.files.map((f) => ({ status: f.status, reason: f.reason }));
      expect(answers).toHaveLength(roots.length);
      for (const a of answers) expect(a).toEqual({ status: 'skipped', reason: `outside the folders documents may be read from (${allowed})` });
      expect(r.store.counts().documents).toBe(0);
      // inside, a missing file is still "not found" and a real one is indexed
      const inside = await r.index([join(allowed, 'gone.md'), join(allowed, 'notes.md')], { allowed: [allowed] });
      expect(inside.files.map((f) => [f.status, f.reason ?? null])).toEqual([
        ['failed', 'not found'],
        ['indexed', null],
      ]);
    } finally {
      r.close();
    }
  });
});
