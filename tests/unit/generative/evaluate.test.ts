/** `evaluateModel`: EngiOpt's six metrics with our optimizer and simulator, CSV rows, and training that helps. */
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { CSV_COLUMNS, evaluateModel, train } from '../../../tools/generative/index.ts';
import { tinyDataset } from './tinyDataset.ts';

describe('evaluateModel', () => {
  let root: string;
  let untrained: string;
  let trained: string;
  beforeAll(async () => {
    const data = await tinyDataset(16);
    root = mkdtempSync(join(tmpdir(), 'engiai-eval-'));
    untrained = join(root, 'untrained');
    trained = join(root, 'trained');
    await train({ algo: 'cgan', problem: 'beams2d', epochs: 0, seed: 1, scale: 'small', dataDir: data, outDir: untrained });
    await train({ algo: 'cgan', problem: 'beams2d', epochs: 60, seed: 1, scale: 'small', dataDir: data, outDir: trained });
  });

  it('reports the six metrics, appends one CSV row per run with a single header, and is deterministic', async () => {
    const csv = join(root, 'metrics.csv');
    const progress: number[] = [];
    const a = await evaluateModel({ modelDir: trained, nSamples: 5, csvPath: csv, onProgress: (d) => progress.push(d) });
    const b = await evaluateModel({ modelDir: trained, nSamples: 5, csvPath: csv });
    for (const k of ['iog', 'cog', 'fog', 'mmd', 'dpp'] as const) expect(Number.isFinite(a[k])).toBe(true);
    expect(a.viol).toBeGreaterThanOrEqual(0);
    expect(a.viol).toBeLessThanOrEqual(1);
    expect(a).toMatchObject({ n_samples: 5, sigma: 10, seed: 1, problem_id: 'beams2d', model_id: 'engiai_cgan_small', epochs_trained: 60 });
    expect(b).toMatchObject({ iog: a.iog, cog: a.cog, fog: a.fog, mmd: a.mmd, dpp: a.dpp, viol: a.viol });
    expect(progress.sort((x, y) => x - y)).toEqual([1, 2, 3, 4, 5]);
    const lines = readFileSync(csv, 'utf8').trim().split('\n');
    expect(lines[0]).toBe(CSV_COLUMNS.join(','));
    expect(lines).toHaveLength(3);
    expect(lines[1].split(',')[0]).toBe(String(a.iog));
    // the optimizer only improves the generated start: the final gap is below the initial objective's gap
    expect(a.fog).toBeLessThan(a.iog - a.reference_objective);
  });

  it('a trained cGAN is closer to the test designs (MMD) than the untrained one', async () => {
    const before = await evaluateModel({ modelDir: untrained, nSamples: 6 });
    const after = await evaluateModel({ modelDir: trained, nSamples: 6 });
    expect(after.mmd).toBeLessThan(before.mmd);
    expect(after.iog).toBeLessThan(before.iog);
  });
});
