/** Native training: EngiOpt's sizes, determinism for a seed, checkpoint every epoch, resume = uninterrupted run. */
import { mkdtempSync, readFileSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildModel, hyperFor, initTf, readCard, train } from '../../../tools/generative/index.ts';
import { InputError } from '../../../tools/errors.ts';
import { tinyDataset } from './tinyDataset.ts';

const out = () => join(mkdtempSync(join(tmpdir(), 'engiai-train-')), 'model');
const weightsOf = (dir: string) => readFileSync(join(dir, readCard(dir)!.files.weights));

describe('native generative training', () => {
  let data: string;
  beforeAll(async () => {
    await initTf();
    data = await tinyDataset(16);
  });

  it('builds EngiOpt cgan_2d at paper scale: 5,831,944 generator and 3,088,385 discriminator parameters (50x100, 4 conditions)', () => {
    const m = buildModel('cgan', hyperFor('cgan', 'paper'), 4, 50 * 100, 1);
    try {
      expect(m.paramCounts).toEqual({ generator: 5_831_944, discriminator: 3_088_385 });
    } finally {
      m.dispose();
    }
  });

  it('is deterministic for a seed, differs across seeds, and logs progress per epoch', async () => {
    const lines: string[] = [];
    const [a, b, c] = [out(), out(), out()];
    await train({ algo: 'cgan', problem: 'beams2d', epochs: 2, seed: 3, scale: 'small', dataDir: data, outDir: a, log: (l) => lines.push(l) });
    await train({ algo: 'cgan', problem: 'beams2d', epochs: 2, seed: 3, scale: 'small', dataDir: data, outDir: b });
    await train({ algo: 'cgan', problem: 'beams2d', epochs: 2, seed: 4, scale: 'small', dataDir: data, outDir: c });
    expect(weightsOf(a).equals(weightsOf(b))).toBe(true);
    expect(weightsOf(a).equals(weightsOf(c))).toBe(false);
    expect(lines.filter((l) => /^\[train\] epoch \d\/2 done/.test(l))).toHaveLength(2);
    const card = readCard(a)!;
    expect(card).toMatchObject({ algo: 'cgan', epochs_done: 2, seed: 3, design_shape: [10, 20], condition_keys: ['volfrac', 'rmin', 'forcedist', 'overhang_constraint'] });
    expect(card.history.map((h) => h.epoch)).toEqual([1, 2]);
    expect(card.dataset.test_rows).toBeGreaterThan(0);
  });

  it('checkpoints every epoch: 1 epoch then a resume to 2 equals 2 epochs straight', async () => {
    const straight = out();
    const resumed = out();
    await train({ algo: 'cgan', problem: 'beams2d', epochs: 2, seed: 7, scale: 'small', dataDir: data, outDir: straight });
    await train({ algo: 'cgan', problem: 'beams2d', epochs: 1, seed: 7, scale: 'small', dataDir: data, outDir: resumed });
    expect(readCard(resumed)!.epochs_done).toBe(1);
    const lines: string[] = [];
    const r = await train({ algo: 'cgan', problem: 'beams2d', epochs: 2, seed: 7, scale: 'small', dataDir: data, outDir: resumed, log: (l) => lines.push(l) });
    expect(r).toMatchObject({ resumed: true, epochsRun: 1 });
    expect(lines[0]).toMatch(/resuming cgan from epoch 1/);
    expect(weightsOf(resumed).equals(weightsOf(straight))).toBe(true);
    expect(readdirSync(resumed).filter((f) => f.endsWith('.bin')).sort()).toEqual(['test-designs.bin', 'train-state-e0002.bin', 'weights-e0002.bin']);
    // asking again for 2 epochs does nothing
    expect((await train({ algo: 'cgan', problem: 'beams2d', epochs: 2, seed: 7, scale: 'small', dataDir: data, outDir: resumed })).epochsRun).toBe(0);
  });

  it('refuses to resume a different run into the same folder', async () => {
    const dir = out();
    await train({ algo: 'cgan', problem: 'beams2d', epochs: 0, seed: 1, scale: 'small', dataDir: data, outDir: dir });
    await expect(train({ algo: 'cgan', problem: 'beams2d', epochs: 1, seed: 2, scale: 'small', dataDir: data, outDir: dir })).rejects.toThrow(InputError);
    await expect(train({ algo: 'cgan', problem: 'beams2d', epochs: 1, seed: 2, scale: 'small', dataDir: data, outDir: dir })).rejects.toThrow(/different training run \(seed 1 vs 2\)/);
  });

  it('trains the conditional DDPM deterministically, resumable like the cGAN', async () => {
    const a = out();
    const b = out();
    await train({ algo: 'diffusion', problem: 'beams2d', epochs: 3, seed: 5, scale: 'small', dataDir: data, outDir: a });
    await train({ algo: 'diffusion', problem: 'beams2d', epochs: 1, seed: 5, scale: 'small', dataDir: data, outDir: b });
    await train({ algo: 'diffusion', problem: 'beams2d', epochs: 3, seed: 5, scale: 'small', dataDir: data, outDir: b });
    expect(weightsOf(a).equals(weightsOf(b))).toBe(true);
    expect(readCard(a)).toMatchObject({ algo: 'diffusion', epochs_done: 3, hyper: { timesteps: 250, schedule: 'linear' } });
    expect(readCard(a)!.param_counts.denoiser).toBeGreaterThan(0);
  });
});

describe('memory', () => {
  it('training and sampling free every tensor they create (the WASM heap does not grow per step)', async () => {
    const { tf } = await import('../../../tools/generative/tf.ts');
    const { Rng } = await import('../../../tools/generative/index.ts');
    await initTf();
    const baseline = tf.memory().numTensors;
    for (const algo of ['cgan', 'diffusion'] as const) {
      const m = buildModel(algo, hyperFor(algo, 'small'), 4, 200, 1);
      const rng = new Rng(1);
      const batch = { x: rng.uniforms(8 * 200, 0, 1), c: rng.uniforms(8 * 4, 0, 1), n: 8 };
      m.trainBatch(batch, rng);
      const before = tf.memory();
      for (let i = 0; i < 5; i++) m.trainBatch(batch, rng);
      m.sample(batch.c, 8, rng);
      m.load(m.weights(), m.trainState());
      expect(tf.memory()).toMatchObject({ numTensors: before.numTensors, numBytes: before.numBytes });
      m.dispose();
    }
    expect(tf.memory().numTensors).toBe(baseline);
  });
});
