/**
 * A trained model's folder: model.json (the card: algorithm, sizes, data, progress, which weight
 * files are current), weights-eNNNN.bin (what sampling needs), train-state-eNNNN.bin (what resuming
 * needs), and the test split it is evaluated against (test-split.json + test-designs.bin), so the
 * folder alone can be fetched from a cluster and evaluated. Each epoch's files are written first and
 * model.json is replaced last (write + rename), so a killed run leaves the previous epoch intact.
 *
 * Weight files: "EAIW" + u32 header length + JSON header [{name, length}] + float32 data (4-aligned).
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { InputError, NotFoundError } from '../errors.ts';
import type { ConfigValues } from '../engineering/constraint.ts';
import type { ReferenceRow } from './data.ts';
import type { NamedArray } from './layers.ts';
import type { Algo, Scale } from './model.ts';

export const MODEL_FORMAT = 'engiai-generative-model';
export const MODEL_VERSION = 1;

export interface EpochRecord {
  epoch: number;
  losses: Record<string, number>;
  seconds: number;
  samples_per_s: number;
}

export interface ModelCard {
  format: typeof MODEL_FORMAT;
  format_version: number;
  algo: Algo;
  scale: Scale;
  hyper: Record<string, unknown>;
  seed: number;
  problem: string;
  problem_version: number;
  design_shape: [number, number];
  condition_keys: string[];
  /** Min-max normalisation of the designs (diffusion); identity for the cGAN. */
  normalisation: { min: number; max: number };
  dataset: { dir: string; key: string; train_rows: number; test_rows: number };
  param_counts: Record<string, number>;
  epochs_planned: number;
  epochs_done: number;
  batches_done: number;
  /** The training Rng's state after the last finished epoch. */
  rng_state: number;
  files: { weights: string; train_state: string; test_split: string; test_designs: string };
  history: EpochRecord[];
  created_at: string;
  updated_at: string;
}

const MAGIC = 'EAIW';

export function encodeArrays(arrays: readonly NamedArray[]): Buffer {
  const header = Buffer.from(JSON.stringify(arrays.map((a) => ({ name: a.name, length: a.data.length }))));
  const pad = (4 - ((8 + header.length) % 4)) % 4;
  const head = Buffer.alloc(8 + header.length + pad, 0x20);
  head.write(MAGIC, 0, 'ascii');
  head.writeUInt32LE(header.length + pad, 4);
  header.copy(head, 8);
  return Buffer.concat([head, ...arrays.map((a) => Buffer.from(a.data.buffer, a.data.byteOffset, a.data.byteLength))]);
}

export function decodeArrays(buf: Buffer, source: string): NamedArray[] {
  if (buf.length < 8 || buf.toString('ascii', 0, 4) !== MAGIC) throw new InputError(`${source} is not an EngiAI weight file`, { field: 'model' });
  const len = buf.readUInt32LE(4);
  const entries = JSON.parse(buf.toString('utf8', 8, 8 + len)) as { name: string; length: number }[];
  const data = new Float32Array(buf.buffer.slice(buf.byteOffset + 8 + len, buf.byteOffset + buf.length));
  let at = 0;
  return entries.map((e) => {
    if (at + e.length > data.length) throw new InputError(`${source} is truncated`, { field: 'model' });
    const out = { name: e.name, data: data.slice(at, at + e.length) };
    at += e.length;
    return out;
  });
}

function writeAtomic(path: string, data: string | Buffer): void {
  const tmp = `${path}.${process.pid}.tmp`;
  writeFileSync(tmp, data);
  renameSync(tmp, path);
}

export function readCard(dir: string): ModelCard | null {
  const path = join(dir, 'model.json');
  if (!existsSync(path)) return null;
  const card = JSON.parse(readFileSync(path, 'utf8')) as ModelCard;
  if (card.format !== MODEL_FORMAT) throw new InputError(`${path} is not an EngiAI model card`, { field: 'model' });
  return card;
}

export function requireCard(dir: string): ModelCard {
  const card = readCard(dir);
  if (!card) throw new NotFoundError(`no trained model in ${dir} (model.json missing)`, { hint: 'train one: engiai train --algo cgan --problem beams2d --epochs 2 --out DIR' });
  return card;
}

/** Writes the test split once, when training starts. */
export function writeTestSplit(dir: string, rows: readonly ReferenceRow[]): { test_split: string; test_designs: string } {
  mkdirSync(dir, { recursive: true });
  const size = rows[0]?.design.length ?? 0;
  const designs = new Float64Array(rows.length * size);
  rows.forEach((r, i) => designs.set(r.design, i * size));
  writeAtomic(join(dir, 'test-designs.bin'), Buffer.from(designs.buffer));
  writeAtomic(join(dir, 'test-split.json'), JSON.stringify({ rows: rows.map((r) => ({ id: r.id, conditions: r.conditions, config: r.config })), design_size: size }));
  return { test_split: 'test-split.json', test_designs: 'test-designs.bin' };
}

export function readTestSplit(dir: string, card: ModelCard): ReferenceRow[] {
  const meta = JSON.parse(readFileSync(join(dir, card.files.test_split), 'utf8')) as { rows: { id: number; conditions: ConfigValues; config: ConfigValues }[]; design_size: number };
  const buf = readFileSync(join(dir, card.files.test_designs));
  const all = new Float64Array(buf.buffer.slice(buf.byteOffset, buf.byteOffset + buf.length));
  return meta.rows.map((r, i) => ({ ...r, design: all.slice(i * meta.design_size, (i + 1) * meta.design_size) }));
}

/** Saves an epoch: its weight files, then the card that points to them; older epochs' files are removed. */
export function saveEpoch(dir: string, card: ModelCard, weights: readonly NamedArray[], trainState: readonly NamedArray[]): void {
  const tag = `e${String(card.epochs_done).padStart(4, '0')}`;
  const files = { ...card.files, weights: `weights-${tag}.bin`, train_state: `train-state-${tag}.bin` };
  writeAtomic(join(dir, files.weights), encodeArrays(weights));
  writeAtomic(join(dir, files.train_state), encodeArrays(trainState));
  card.files = files;
  card.updated_at = new Date().toISOString();
  writeAtomic(join(dir, 'model.json'), JSON.stringify(card, null, 2));
  for (const name of readdirSync(dir)) {
    if (/^(?:weights|train-state)-e\d+\.bin$/.test(name) && name !== files.weights && name !== files.train_state) rmSync(join(dir, name), { force: true });
  }
}

export function loadWeights(dir: string, card: ModelCard): NamedArray[] {
  return decodeArrays(readFileSync(join(dir, card.files.weights)), card.files.weights);
}

export function loadTrainState(dir: string, card: ModelCard): NamedArray[] {
  return decodeArrays(readFileSync(join(dir, card.files.train_state)), card.files.train_state);
}
