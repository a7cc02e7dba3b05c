/** `engiai dataset generate` through the real binary: rows, designs, splits, and an idempotent re-run. */
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { engiai, numpy, tempHome } from './helpers.ts';

describe('engiai dataset generate', () => {
  it('writes rows with designs beside them and resumes without duplicating', () => {
    const home = tempHome();
    const out = join(home, 'ds');
    const args = ['dataset', 'generate', 'beams2d', '--n', '5', '--seed', '3', '--nelx', '20', '--nely', '10', '--max-iter', '4', '--workers', '2', '--out', out, '--json'];
    const first = engiai(home, args);
    expect(first.code, first.stderr).toBe(0);
    const manifest = JSON.parse(first.stdout);
    expect(manifest).toMatchObject({ problem: 'beams2d', total: 5, done: 5, complete: true });
    const rows = readFileSync(join(out, 'rows.jsonl'), 'utf8').trim().split('\n').map((l) => JSON.parse(l));
    expect(rows).toHaveLength(5);
    expect(new Set(rows.map((r) => r.split))).toEqual(new Set(['train', 'val', 'test'].filter((s) => rows.some((r) => r.split === s))));
    for (const r of rows) {
      expect(r.optimization_history).toHaveLength(r.iterations);
      expect(r.conditions.volfrac).toBeGreaterThanOrEqual(0.15);
      expect(r.conditions.volfrac).toBeLessThanOrEqual(0.4);
    }
    expect(numpy(`import numpy as np; print(np.load(${JSON.stringify(join(out, rows[0].design))}).shape)`)).toBe('(10, 20)');

    const again = engiai(home, args);
    expect(again.code, again.stderr).toBe(0);
    expect(readFileSync(join(out, 'rows.jsonl'), 'utf8').trim().split('\n')).toHaveLength(5);
    expect(readdirSync(join(out, 'designs'))).toHaveLength(5);
  });

  it('needs a grid or a sample size', () => {
    const home = tempHome();
    const r = engiai(home, ['dataset', 'generate', 'beams2d']);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/--grid engibench or --n/);
  });
});
