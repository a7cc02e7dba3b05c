/** `engiai dataset generate` → `engiai train` (with resume) → `engiai evaluate`, as real processes. */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { engiai, tempHome } from './helpers.ts';

describe('engiai train and evaluate', () => {
  it('trains from a generated dataset, resumes, evaluates with the six metrics, appends a CSV row', () => {
    const home = tempHome();
    const data = join(home, 'data');
    const model = join(home, 'model');
    expect(engiai(home, ['dataset', 'generate', 'beams2d', '--n', '12', '--seed', '0', '--nelx', '20', '--nely', '10', '--max-iter', '15', '--workers', '1', '--out', data]).code).toBe(0);
    const first = engiai(home, ['train', '--algo', 'cgan', '--problem', 'beams2d', '--epochs', '1', '--seed', '3', '--data', data, '--out', model]);
    expect(first.code).toBe(0);
    expect(first.stdout).toMatch(/\[train\] epoch 1\/1 done in .* samples\/s/);
    const second = engiai(home, ['train', '--algo', 'cgan', '--problem', 'beams2d', '--epochs', '2', '--seed', '3', '--data', data, '--out', model, '--json']);
    expect(second.code).toBe(0);
    expect(second.stdout).toMatch(/resuming cgan from epoch 1/);
    expect(JSON.parse(second.stdout.trim().split('\n').at(-1)!)).toMatchObject({ resumed: true, epochs_run: 1, epochs_done: 2 });
    const ev = engiai(home, ['evaluate', '--model', model, '--n-samples', '3', '--json']);
    expect(ev.code).toBe(0);
    const m = JSON.parse(ev.stdout);
    for (const k of ['iog', 'cog', 'fog', 'mmd', 'dpp', 'viol']) expect(typeof m[k]).toBe('number');
    const csv = join(home, 'metrics', 'engiai_cgan_small_beams2d_metrics.csv');
    expect(existsSync(csv)).toBe(true);
    expect(readFileSync(csv, 'utf8').split('\n')[0]).toBe('iog,cog,fog,mmd,dpp,viol,seed,problem_id,model_id,n_samples,sigma');
  });

  it('rejects bad input with exit code 2 and a clear message', () => {
    const home = tempHome();
    const bad = engiai(home, ['train', '--algo', 'vae', '--data', home]);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/--algo must be one of cgan, diffusion, got "vae"/);
    const missing = engiai(home, ['evaluate', '--model', join(home, 'nothing')]);
    expect(missing.code).toBe(2); // a missing model is the person's to fix (NotFoundError → exit 2)
    expect(missing.stderr).toMatch(/no trained model in .*model.json missing/);
  });
});
