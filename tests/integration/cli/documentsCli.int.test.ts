/**
 * `engiai index | search | collections | forget` as a person runs them (the real launcher, its own
 * ENGIAI_HOME): a per-file report with exit code 1 when a file failed, re-runs that touch nothing,
 * ranked passages with file and page (text and JSON), FTS5 syntax searched as text, collections
 * listed, documents forgotten by path and by collection.
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writePdf } from '../../../tools/retrieval/index.ts';
import { engiai, tempHome } from './helpers.ts';

let home: string;
let docs: string;
beforeAll(() => {
  home = tempHome('engiai-cli-docs-');
  docs = join(home, 'docs');
  mkdirSync(docs);
  writeFileSync(join(docs, 'k77.pdf'), writePdf([{ lines: ['Report K-77'] }, { lines: ['The volume fraction used was 0.37 and the filter radius was 2.5.'] }], { title: 'Report K-77' }));
  writeFileSync(join(docs, 'gears.md'), '# Gear notes\n\nThe module of the spur gear is 2 mm.\n');
  writeFileSync(join(docs, 'locked.pdf'), writePdf([{ lines: ['x'] }], { encrypted: true }));
});
afterAll(() => rmSync(home, { recursive: true, force: true }));

describe('engiai index / search / collections / forget', () => {
  it('indexes with a per-file report, exits 1 when a file failed, and re-runs touch nothing', () => {
    const r = engiai(home, ['index', docs, '--collection', 'reports'], { cwd: home });
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(/^ {2}indexed {3}docs\/gears\.md \(1 page, 1 chunks\)$/m);
    expect(r.stdout).toMatch(/^ {2}indexed {3}docs\/k77\.pdf \(2 pages, 2 chunks\)$/m);
    expect(r.stdout).toMatch(/^ {2}failed {4}docs\/locked\.pdf: locked\.pdf is an encrypted PDF/m);
    expect(r.stdout).toMatch(/collection reports: 2 indexed, 1 failed; 3 pages, 3 chunks in/);
    rmSync(join(docs, 'locked.pdf'));
    const again = engiai(home, ['index', docs, '--collection', 'reports', '--json'], { cwd: home });
    expect(again.code).toBe(0);
    expect(JSON.parse(again.stdout).counts).toMatchObject({ unchanged: 2, indexed: 0, failed: 0 });
  });

  it('searches: ranked passages with file, page and score; FTS5 syntax is text; JSON for scripts', () => {
    const text = engiai(home, ['search', 'volume "fraction* NEAR -radius', '--k', '2'], { cwd: home });
    expect(text.code).toBe(0);
    expect(text.stdout).toMatch(/^1\. Report K-77 — docs\/k77\.pdf p\. 2 {2}\(score [-\d.e]+\)\n {3}The volume fraction used was 0\.37/m);
    const json = JSON.parse(engiai(home, ['search', 'spur gear module', '--json'], { cwd: home }).stdout);
    expect(json).toMatchObject({ query: 'spur gear module', mode: 'bm25' });
    expect(json.hits[0]).toMatchObject({ rank: 1, title: 'Gear notes', page: 1, collection: 'reports' });
    expect(engiai(home, ['search', 'titanium fatigue'], { cwd: home }).stdout).toMatch(/nothing found for "titanium fatigue" \(2 documents indexed\)/);
    const bad = engiai(home, ['search', 'x', '--k', '0'], { cwd: home });
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/--k must be an integer 1\.\.100/);
  });

  it('lists collections and forgets by path and by collection', () => {
    const list = JSON.parse(engiai(home, ['collections', '--json', '--documents'], { cwd: home }).stdout);
    expect(list.collections).toEqual([{ name: 'reports', documents: 2, chunks: 3, bytes: expect.any(Number), embeddingModel: null }]);
    expect(list.documents.map((d: { title: string }) => d.title).sort()).toEqual(['Gear notes', 'Report K-77']);
    const one = engiai(home, ['forget', join(docs, 'gears.md')], { cwd: home });
    expect(one.stdout).toMatch(/removed reports: docs\/gears\.md\n1 document\(s\) forgotten/);
    const all = JSON.parse(engiai(home, ['forget', '--collection', 'reports', '--json'], { cwd: home }).stdout);
    expect(all.removed.map((d: { source: string }) => d.source)).toEqual([join(docs, 'k77.pdf')]);
    expect(engiai(home, ['collections'], { cwd: home }).stdout).toMatch(/no documents indexed yet/);
    expect(engiai(home, ['forget'], { cwd: home }).code).toBe(2);
  });
});
