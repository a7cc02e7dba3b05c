/**
 * A dataset run killed with SIGKILL (no clean-up at all) resumes: the rerun keeps the finished rows,
 * finishes the rest, and never duplicates a row.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { generateDataset, loadRows } from '../../../tools/engineering/dataset/index.ts';

const entry = new URL('../../../tools/engineering/dataset/index.ts', import.meta.url).href;
const request = { problemId: 'beams2d', n: 8, seed: 11, conditionsOverride: { nelx: 20, nely: 10, max_iter: 5 } };

function lineCount(path: string): number {
  return existsSync(path) ? readFileSync(path, 'utf8').split('\n').filter(Boolean).length : 0;
}

describe('generateDataset after SIGKILL', () => {
  it('resumes a killed run without duplicates', async () => {
    const outDir = join(mkdtempSync(join(tmpdir(), 'engiai-kill-')), 'ds');
    const rowsPath = join(outDir, 'rows.jsonl');
    const code = `const { generateDataset } = await import(${JSON.stringify(entry)});
      await generateDataset({ ...${JSON.stringify(request)}, outDir: ${JSON.stringify(outDir)}, workers: 1 });`;
    const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', code], { stdio: ['ignore', 'ignore', 'inherit'] });
    const exited = new Promise<void>((r) => child.on('exit', () => r()));
    const deadline = Date.now() + 90_000;
    while (lineCount(rowsPath) < 2 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    child.kill('SIGKILL');
    await exited;
    const before = loadRows(rowsPath).rows.length;
    expect(before).toBeGreaterThanOrEqual(2);
    expect(before).toBeLessThan(8);

    const m = await generateDataset({ ...request, outDir, workers: 1 });
    expect(m).toMatchObject({ total: 8, done: 8, complete: true });
    const rows = loadRows(rowsPath).rows;
    expect(rows).toHaveLength(8);
    expect(new Set(rows.map((r) => r.key)).size).toBe(8);
    expect(rows.map((r) => r.id).sort((a, b) => a - b)).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
    for (const r of rows) expect(existsSync(join(outDir, r.design))).toBe(true);
  });
});
