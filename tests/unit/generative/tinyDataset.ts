/** A tiny Beams2D dataset (20×10, ≤ 15 iterations) for training and evaluation tests, made by our generator. */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { generateDataset } from '../../../tools/engineering/dataset/index.ts';

export const TINY_OVERRIDES = { nelx: 20, nely: 10, max_iter: 15 };

export async function tinyDataset(n = 16, seed = 0): Promise<string> {
  const dir = join(mkdtempSync(join(tmpdir(), 'engiai-gen-')), 'data');
  const m = await generateDataset({ problemId: 'beams2d', n, seed, outDir: dir, workers: 0, conditionsOverride: TINY_OVERRIDES });
  if (!m.complete) throw new Error('tiny dataset incomplete');
  return dir;
}
