/**
 * Shards of a dataset plan, for running one request as several jobs (a SLURM job array): shard i of K
 * holds the planned rows whose id ≡ i (mod K). Ids, keys and splits stay those of the whole plan, so
 * the shards' rows together are exactly the unsharded dataset's rows.
 */
import { InputError } from '../../errors.ts';

export interface Shard {
  /** Which shard, 0 ≤ index < count. */
  index: number;
  /** How many shards the plan is cut into, 1..MAX_SHARDS. */
  count: number;
}

/** SLURM's default MaxArraySize is 1001 (array indices 0..1000). */
export const MAX_SHARDS = 1000;

/** `i/K`, as `--shard` takes it. */
export function parseShard(text: string): Shard {
  const m = /^\s*(\d{1,7})\s*\/\s*(\d{1,7})\s*$/.exec(text);
  if (!m) throw new InputError(`--shard must be i/K (e.g. 0/4), got "${text}"`, { field: 'shard' });
  return checkShard({ index: Number(m[1]), count: Number(m[2]) });
}

export function checkShard(s: Shard): Shard {
  if (!Number.isInteger(s.count) || s.count < 1 || s.count > MAX_SHARDS) throw new InputError(`the shard count must be 1..${MAX_SHARDS}, got ${s.count}`, { field: 'shard' });
  if (!Number.isInteger(s.index) || s.index < 0 || s.index >= s.count) throw new InputError(`shard ${s.index}/${s.count} does not exist: the index must be 0..${s.count - 1}`, { field: 'shard' });
  return s;
}

export const inShard = (id: number, s: Shard) => id % s.count === s.index;

/** The rows of one shard, in plan order (all rows when `s` is undefined). */
export function shardRows<T extends { id: number }>(rows: readonly T[], s: Shard | undefined): T[] {
  return s ? rows.filter((r) => inShard(r.id, s)) : [...rows];
}
