/** rows.jsonl reading: a torn last line is dropped and cut off; a bad middle line is an error. */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { appendRow, loadRows, sortRowsFile, type DatasetRow } from '../../../tools/engineering/dataset/rowsFile.ts';

const row = (id: number): DatasetRow => ({
  id,
  key: `k${id}`,
  split: 'train',
  conditions: { volfrac: 0.3 },
  config: { nelx: 20 },
  objectives: { c: 100 + id },
  iterations: 3,
  optimization_history: [3, 2, 1],
  design: `designs/${id}.npy`,
  seconds: 0.1,
});

describe('rows.jsonl', () => {
  const dir = mkdtempSync(join(tmpdir(), 'engiai-rows-'));

  it('reads what appendRow wrote; a missing file is empty', () => {
    const p = join(dir, 'a.jsonl');
    expect(loadRows(p)).toEqual({ rows: [], droppedTornLine: false });
    appendRow(p, row(0));
    appendRow(p, row(1));
    expect(loadRows(p).rows.map((r) => r.id)).toEqual([0, 1]);
  });

  it('drops a torn last line, truncates the file, and appends cleanly after', () => {
    const p = join(dir, 'b.jsonl');
    appendRow(p, row(0));
    const good = readFileSync(p, 'utf8');
    writeFileSync(p, good + JSON.stringify(row(1)).slice(0, 40));
    const r = loadRows(p);
    expect(r.droppedTornLine).toBe(true);
    expect(r.rows.map((x) => x.id)).toEqual([0]);
    expect(readFileSync(p, 'utf8')).toBe(good);
    appendRow(p, row(1));
    expect(loadRows(p).rows.map((x) => x.id)).toEqual([0, 1]);
  });

  it('also drops a complete row that lost its newline (it will be recomputed)', () => {
    const p = join(dir, 'c.jsonl');
    writeFileSync(p, JSON.stringify(row(0)) + '\n' + JSON.stringify(row(1)));
    expect(loadRows(p).rows.map((x) => x.id)).toEqual([0]);
  });

  it('refuses a corrupt line in the middle', () => {
    const p = join(dir, 'd.jsonl');
    writeFileSync(p, JSON.stringify(row(0)) + '\n{oops\n' + JSON.stringify(row(2)) + '\n');
    expect(() => loadRows(p)).toThrow(/line 2/);
  });

  it('sorts the rows by id in place', () => {
    const p = join(dir, 'e.jsonl');
    for (const id of [3, 0, 2, 1]) appendRow(p, row(id));
    sortRowsFile(p);
    expect(loadRows(p).rows.map((x) => x.id)).toEqual([0, 1, 2, 3]);
  });
});
