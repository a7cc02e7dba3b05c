import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { InputError, NotFoundError } from '../../../tools/errors.ts';
import { DesignStore, type DesignMetaInput } from '../../../tools/engineering/store/designStore.ts';
import type { Design } from '../../../tools/engineering/problem.ts';

let home: string;
let store: DesignStore;
beforeEach(() => {
  home = mkdtempSync(join(tmpdir(), 'engiai-store-'));
  store = new DesignStore(home);
});
afterEach(() => rmSync(home, { recursive: true, force: true }));

const design = (seed: number, rows = 4, cols = 6): Design => ({
  shape: [rows, cols],
  data: Float64Array.from({ length: rows * cols }, (_, k) => ((k * 7919 + seed * 104729) % 1000) / 1000),
});

const meta = (over: Partial<DesignMetaInput> = {}): DesignMetaInput => ({
  problem: 'beams2d',
  version: 0,
  conditions: { volfrac: 0.35, rmin: 2 },
  config: { volfrac: 0.35, rmin: 2, nelx: 6, nely: 4 },
  objectives: { c: 123.5 },
  history: [
    { step: 0, objectives: [300] },
    { step: 1, objectives: [123.5] },
  ],
  iterations: 2,
  provenance: { tool: 'test', command: 'vitest' },
  ...over,
});

describe('DesignStore.save', () => {
  it('writes design.npy and meta.json under <home>/artifacts/<problem>-<16 hex>', async () => {
    const rec = await store.save(design(1), meta());
    expect(rec.id).toMatch(/^beams2d-[0-9a-f]{16}$/);
    expect(rec.path).toBe(join(home, 'artifacts', rec.id));
    expect(readdirSync(rec.path).sort()).toEqual(['design.npy', 'meta.json']);
    const m = JSON.parse(readFileSync(join(rec.path, 'meta.json'), 'utf8'));
    expect(m).toMatchObject({
      id: rec.id,
      problem: 'beams2d',
      version: 0,
      objectives: { c: 123.5 },
      iterations: 2,
      shape: [4, 6],
      files: { design: 'design.npy' },
      provenance: { tool: 'test', command: 'vitest', engiaiVersion: '0.1.0' },
    });
    expect(m.history).toHaveLength(2);
    expect(Date.parse(m.createdAt)).toBeGreaterThan(Date.parse('2020-01-01'));
  });

  it('is content addressed: same content → same id; any change of design, config or version → new id', async () => {
    const a = await store.save(design(1), meta());
    const again = await store.save(design(1), meta({ objectives: { c: 999 }, provenance: { tool: 'other' } }));
    expect(again.id).toBe(a.id);
    expect(again.meta.objectives).toEqual({ c: 123.5 }); // the first save wins; nothing rewritten
    // Key order does not matter (canonical JSON).
    const reordered = await store.save(design(1), meta({ config: { nely: 4, nelx: 6, rmin: 2, volfrac: 0.35 } }));
    expect(reordered.id).toBe(a.id);
    const d2 = design(1);
    d2.data[3] += 1e-12;
    const ids = new Set([
      a.id,
      (await store.save(d2, meta())).id,
      (await store.save(design(1), meta({ config: { volfrac: 0.36, rmin: 2, nelx: 6, nely: 4 } }))).id,
      (await store.save(design(1), meta({ version: 1 }))).id,
      (await store.save(design(1, 6, 4), meta())).id,
    ]);
    expect(ids.size).toBe(5);
    expect((await store.list()).length).toBe(5);
  });

  it('rejects bad input with InputError', async () => {
    await expect(store.save({ shape: [2, 2], data: new Float64Array(3) }, meta())).rejects.toThrow(InputError);
    await expect(store.save(design(1), meta({ shape: [6, 4] }))).rejects.toThrow(/differs/);
    await expect(store.save(design(1), meta({ problem: '../evil' }))).rejects.toThrow(InputError);
  });
});

describe('DesignStore.load', () => {
  it('loads by id and by unique prefix of the id or of its hex part', async () => {
    const d = design(2);
    const rec = await store.save(d, meta());
    for (const ref of [rec.id, rec.id.slice(0, 12), rec.id.split('-')[1].slice(0, 6)]) {
      const got = await store.load(ref);
      expect(got.meta?.id).toBe(rec.id);
      expect(got.path).toBe(join(rec.path, 'design.npy'));
      expect(Array.from(got.design.data)).toEqual(Array.from(d.data));
    }
  });

  it('explains missing, too-short and ambiguous references', async () => {
    await expect(store.load('beams2d-0000000000000000')).rejects.toThrow(NotFoundError);
    await expect(store.load('abc')).rejects.toThrow(/too short/);
    // Two ids share the 'beams2d-' prefix.
    await store.save(design(3), meta());
    await store.save(design(4), meta());
    const err = await store.load('beams2d-').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(InputError);
    expect(String((err as Error).message)).toMatch(/ambiguous/);
    await expect(store.loadFile('nope/missing.npy')).rejects.toThrow(NotFoundError);
    // load() takes ids only: a path is refused before anything is read
    await expect(store.load('nope/missing.npy')).rejects.toThrow(/is a path, not a design id/);
  });

  it('loads a .npy file a person made with NumPy, without meta', async () => {
    const path = join(home, 'mine.npy');
    execFileSync('/usr/bin/python3', ['-c', `import numpy as np; np.save(${JSON.stringify(path)}, np.asfortranarray(np.arange(6, dtype=np.float32).reshape(2, 3)))`]);
    const got = await store.loadFile(path);
    expect(got.meta).toBeUndefined();
    expect(got.design.shape).toEqual([2, 3]);
    expect(Array.from(got.design.data)).toEqual([0, 1, 2, 3, 4, 5]);
  });

  it('reports a damaged artifact instead of returning garbage', async () => {
    const rec = await store.save(design(5), meta());
    writeFileSync(join(rec.path, 'meta.json'), '{not json');
    await expect(store.load(rec.id)).rejects.toThrow(NotFoundError);
  });
});

describe('DesignStore.list / attach / dir', () => {
  it('lists newest first and filters by problem', async () => {
    const a = await store.save(design(6), meta());
    await new Promise((r) => setTimeout(r, 5));
    const b = await store.save(design(7), meta({ problem: 'photonics2d' }));
    expect((await store.list()).map((r) => r.id)).toEqual([b.id, a.id]);
    expect((await store.list({ problem: 'beams2d' })).map((r) => r.id)).toEqual([a.id]);
    expect(await new DesignStore(join(home, 'empty')).list()).toEqual([]);
  });

  it('attaches files atomically and records them in meta.files by role', async () => {
    const rec = await store.save(design(8), meta());
    const png = new Uint8Array([137, 80, 78, 71]);
    const path = await store.attach(rec.id, 'render.png', png);
    expect(path).toBe(join(rec.path, 'render.png'));
    await Promise.all([
      store.attach(rec.id, 'convergence.svg', '<svg/>'),
      store.attach(rec.id, 'design-t0.5-xy1-z10.stl', new Uint8Array(84)),
      store.attach(rec.id, 'notes.txt', 'hello', 'notes'),
    ]);
    const m = (await store.load(rec.id)).meta!;
    expect(m.files).toEqual({
      design: 'design.npy',
      render: 'render.png',
      convergence: 'convergence.svg',
      stl: 'design-t0.5-xy1-z10.stl',
      notes: 'notes.txt',
    });
    expect(readdirSync(rec.path).filter((f) => f.startsWith('.'))).toEqual([]);
    await expect(store.attach(rec.id, '../x.png', png)).rejects.toThrow(InputError);
    await expect(store.attach(rec.id, 'meta.json', png)).rejects.toThrow(InputError);
    await expect(store.attach('beams2d-0123456789abcdef', 'x.png', png)).rejects.toThrow(NotFoundError);
    expect(() => store.dir('../../etc')).toThrow(InputError);
  });
});
