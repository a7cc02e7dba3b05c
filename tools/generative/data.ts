/**
 * Training data from a dataset folder of our generator (tools/engineering/dataset: manifest.json,
 * rows.jsonl, designs/*.npy): the train split as flat float32 designs and EngiOpt-style raw
 * condition vectors (the problem's conditions in declaration order, booleans as 0/1), and the test
 * split kept whole for evaluation.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { InputError, NotFoundError } from '../errors.ts';
import type { ConfigValues } from '../engineering/constraint.ts';
import { loadRows, type DatasetManifest, type DatasetRow } from '../engineering/dataset/index.ts';
import { getProblem } from '../engineering/registry.ts';
import { decodeNpy } from '../engineering/store/npy.ts';
import { createHash } from 'node:crypto';

/** A test row: its conditions, the other knobs, and the dataset's optimal design. */
export interface ReferenceRow {
  id: number;
  conditions: ConfigValues;
  config: ConfigValues;
  design: Float64Array;
}

export interface TrainingData {
  problemId: string;
  problemVersion: number;
  designShape: [number, number];
  conditionKeys: string[];
  /** Identifies the dataset (problem, source, overrides, rows): a resumed run must use the same. */
  datasetKey: string;
  train: { x: Float32Array; c: Float32Array; n: number };
  test: ReferenceRow[];
}

/** A row's condition vector in `keys` order. */
export function conditionVector(conditions: ConfigValues, keys: readonly string[]): number[] {
  return keys.map((k) => {
    const v = conditions[k];
    return typeof v === 'boolean' ? (v ? 1 : 0) : Number(v);
  });
}

export async function loadTrainingData(dir: string): Promise<TrainingData> {
  const manifestPath = join(dir, 'manifest.json');
  if (!existsSync(manifestPath)) {
    throw new NotFoundError(`no dataset in ${dir} (manifest.json missing)`, { hint: `generate one: engiai dataset generate beams2d --n 200 --seed 0 --nelx 50 --nely 25 --max-iter 100 --out ${dir}` });
  }
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as DatasetManifest;
  const problem = await getProblem(manifest.problem);
  const { rows } = loadRows(join(dir, manifest.files?.rows ?? 'rows.jsonl'));
  const train = rows.filter((r) => r.split === 'train');
  const test = rows.filter((r) => r.split === 'test');
  if (!train.length) throw new InputError(`the dataset in ${dir} has no train rows yet (${rows.length} rows done)`, { field: 'data', hint: 'finish generating it (rerun the same engiai dataset generate command)' });
  if (!test.length) throw new InputError(`the dataset in ${dir} has no test rows`, { field: 'data', hint: 'generate at least 8 rows so the split holds a test row' });
  const keys = problem.conditions.map((f) => f.name);
  const read = (r: DatasetRow) => decodeNpy(readFileSync(join(dir, r.design)), { source: r.design });
  const first = read(train[0]);
  const shape = first.shape;
  if (shape.length !== 2) throw new InputError(`${problem.id} designs are ${shape.join('x')}: the generative models take 2-D designs only`, { field: 'data' });
  const size = shape[0] * shape[1];
  const x = new Float32Array(train.length * size);
  const c = new Float32Array(train.length * keys.length);
  train.forEach((r, i) => {
    const d = i === 0 ? first : read(r);
    if (d.shape[0] !== shape[0] || d.shape[1] !== shape[1]) throw new InputError(`${r.design} has shape ${d.shape.join('x')}, expected ${shape.join('x')}`, { field: 'data' });
    x.set(d.data, i * size);
    c.set(conditionVector(r.conditions, keys), i * keys.length);
  });
  const datasetKey = createHash('sha256')
    .update(JSON.stringify([manifest.problem, manifest.problem_version, manifest.source, manifest.overrides, manifest.split_seed, train.map((r) => r.key)]))
    .digest('hex')
    .slice(0, 16);
  return {
    problemId: problem.id,
    problemVersion: manifest.problem_version,
    designShape: shape,
    conditionKeys: keys,
    datasetKey,
    train: { x, c, n: train.length },
    test: test.map((r) => ({ id: r.id, conditions: r.conditions, config: r.config, design: read(r).data })),
  };
}
