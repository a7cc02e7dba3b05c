/** Failure injection: a write or rename that fails mid-save must leave nothing partial behind. */
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const faults = vi.hoisted(() => ({ failOn: null as null | ((op: string, path: string) => boolean) }));

vi.mock('node:fs/promises', async (importOriginal) => {
  const real = await importOriginal<typeof import('node:fs/promises')>();
  const wrap =
    <A extends unknown[], R>(op: string, fn: (...args: A) => Promise<R>) =>
    (...args: A): Promise<R> =>
      faults.failOn?.(op, String(args[0])) ? Promise.reject(Object.assign(new Error(`injected ${op} failure`), { code: 'EIO' })) : fn(...args);
  return { ...real, default: real, writeFile: wrap('writeFile', real.writeFile), rename: wrap('rename', real.rename) };
});

const { DesignStore } = await import('../../../tools/engineering/store/designStore.ts');

let home: string;
beforeEach(() => {
  home = mkdtempSync(join(tmpdir(), 'engiai-atomic-'));
  faults.failOn = null;
});
afterEach(() => rmSync(home, { recursive: true, force: true }));

const d = { shape: [2, 3] as [number, number], data: Float64Array.from([0, 1, 0.5, 0.25, 1, 0]) };
const m = { problem: 'beams2d', version: 0, config: { volfrac: 0.5 }, provenance: { tool: 'test' } };

describe('DesignStore atomicity', () => {
  it('leaves no artifact and no temp folder when writing meta.json fails', async () => {
    const store = new DesignStore(home);
    faults.failOn = (op, path) => op === 'writeFile' && path.endsWith('meta.json');
    await expect(store.save(d, m)).rejects.toThrow(/injected writeFile failure/);
    expect(readdirSync(join(home, 'artifacts'))).toEqual([]);
    await expect(store.list()).resolves.toEqual([]);
  });

  it('leaves nothing when the final rename fails, and a retry then succeeds', async () => {
    const store = new DesignStore(home);
    faults.failOn = (op) => op === 'rename';
    await expect(store.save(d, m)).rejects.toThrow(/injected rename failure/);
    expect(readdirSync(join(home, 'artifacts'))).toEqual([]);
    faults.failOn = null;
    const rec = await store.save(d, m);
    expect(readdirSync(join(home, 'artifacts'))).toEqual([rec.id]);
    expect(readdirSync(rec.path).sort()).toEqual(['design.npy', 'meta.json']);
  });

  it('a failed attach keeps the old meta.json and leaves no temp file', async () => {
    const store = new DesignStore(home);
    const rec = await store.save(d, m);
    faults.failOn = (op, path) => op === 'rename' && path.includes('meta.json');
    await expect(store.attach(rec.id, 'render.png', new Uint8Array([1, 2, 3]))).rejects.toThrow(/injected/);
    faults.failOn = null;
    const names = readdirSync(rec.path);
    expect(names.filter((n) => n.startsWith('.'))).toEqual([]);
    expect((await store.load(rec.id)).meta?.files).toEqual({ design: 'design.npy' });
    faults.failOn = (op, path) => op === 'writeFile' && path.endsWith('render.png');
    await expect(store.attach(rec.id, 'render.png', new Uint8Array([1]))).rejects.toThrow(/injected/);
    faults.failOn = null;
    expect(readdirSync(rec.path).filter((n) => n.startsWith('.'))).toEqual([]);
  });
});
