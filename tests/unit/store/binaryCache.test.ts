import { mkdtempSync, readdirSync, writeFileSync, chmodSync, rmSync, utimesSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cachedBinary } from '../../../tools/engineering/linalg/wasm/binarySource.ts';
import { fileBinaryStore } from '../../../tools/engineering/store/binaryCache.ts';

const cachedBuild = (kind: string, name: string, source: string, build: () => Promise<Uint8Array<ArrayBuffer>>, valid?: (b: Uint8Array<ArrayBuffer>) => boolean) =>
  cachedBinary(name, source, build, valid, fileBinaryStore(kind));

describe('build cache under ENGIAI_HOME/cache', () => {
  let home: string;
  const saved = process.env.ENGIAI_HOME;
  beforeEach(() => {
    home = mkdtempSync(join(tmpdir(), 'engiai-cache-'));
    process.env.ENGIAI_HOME = home;
  });
  afterEach(() => {
    process.env.ENGIAI_HOME = saved;
    rmSync(home, { recursive: true, force: true });
  });

  it('builds once per source text and reads the stored bytes afterwards', async () => {
    let builds = 0;
    const build = async () => {
      builds++;
      return Uint8Array.from([1, 2, 3, builds]);
    };
    const a = await cachedBuild('wasm', 'k', 'source one', build);
    const b = await cachedBuild('wasm', 'k', 'source one', build);
    expect(Array.from(a)).toEqual([1, 2, 3, 1]);
    expect(Array.from(b)).toEqual([1, 2, 3, 1]);
    expect(builds).toBe(1);
    const c = await cachedBuild('wasm', 'k', 'source two', build);
    expect(Array.from(c)).toEqual([1, 2, 3, 2]);
    expect(readdirSync(join(home, 'cache', 'wasm')).filter((f) => f.endsWith('.bin'))).toHaveLength(2);
    expect(readdirSync(join(home, 'cache', 'wasm')).some((f) => f.endsWith('.tmp'))).toBe(false);
  });

  it('rebuilds when the stored bytes fail validation', async () => {
    const valid = (b: Uint8Array) => b[0] === 7;
    await cachedBuild('wasm', 'k', 'src', async () => Uint8Array.from([7, 1]), valid);
    const dir = join(home, 'cache', 'wasm');
    const [file] = readdirSync(dir);
    writeFileSync(join(dir, file), Uint8Array.from([0, 0]));
    const again = await cachedBuild('wasm', 'k', 'src', async () => Uint8Array.from([7, 2]), valid);
    expect(Array.from(again)).toEqual([7, 2]);
  });

  it('with maxFiles, keeps only the most recently written files', () => {
    const store = fileBinaryStore('symbolic', { maxFiles: 2 });
    const dir = join(home, 'cache', 'symbolic');
    const age = (seconds: number) => {
      const [only] = readdirSync(dir).filter((f) => !seen.has(f));
      seen.add(only);
      const t = new Date(Date.now() - seconds * 1000);
      utimesSync(join(dir, only), t, t);
    };
    const seen = new Set<string>();
    store.put('k', 'a', Uint8Array.from([1]));
    age(300);
    store.put('k', 'b', Uint8Array.from([2]));
    age(200);
    expect(readdirSync(dir)).toHaveLength(2);
    store.put('k', 'c', Uint8Array.from([3]));
    expect(readdirSync(dir)).toHaveLength(2);
    expect(store.get('k', 'a')).toBeNull();
    expect(Array.from(store.get('k', 'b') ?? [])).toEqual([2]);
    expect(Array.from(store.get('k', 'c') ?? [])).toEqual([3]);
    // without maxFiles nothing is removed
    const all = fileBinaryStore('symbolic');
    all.put('k', 'd', Uint8Array.from([4]));
    expect(readdirSync(dir)).toHaveLength(3);
  });

  it('still returns the build when the cache folder cannot be written', async () => {
    if (process.getuid?.() === 0) {
      // root ignores permissions: block the folder with a file instead
      writeFileSync(join(home, 'cache'), 'not a folder');
    } else {
      chmodSync(home, 0o500);
    }
    const bytes = await cachedBuild('wasm', 'k', 'src', async () => Uint8Array.from([9]));
    expect(Array.from(bytes)).toEqual([9]);
    chmodSync(home, 0o700);
  });
});
