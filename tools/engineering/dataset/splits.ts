/**
 * Train/val/test split after EngiBench's datasets: sklearn `train_test_split(test_size=0.2)` holds out
 * ceil(0.2·n), then 0.25 of that hold-out (ceil) becomes test and the rest val. Nominally 80/15/5;
 * for n = 4,851 the counts are exactly 3,880 / 728 / 243. Assignment is a seeded shuffle of the
 * condition order, so it never depends on worker timing or on resuming.
 */
import { shuffled, splitmix32 } from './prng.ts';

export type Split = 'train' | 'val' | 'test';

export interface SplitCounts {
  train: number;
  val: number;
  test: number;
}

export function splitCounts(n: number): SplitCounts {
  const held = Math.ceil(0.2 * n);
  const test = Math.ceil(0.25 * held);
  return { train: n - held, val: held - test, test };
}

/** split[i] for condition i of `n`, from a shuffle seeded by `seed`. */
export function assignSplits(n: number, seed: number): Split[] {
  const { train, val } = splitCounts(n);
  const order = shuffled(
    Array.from({ length: n }, (_, i) => i),
    splitmix32(seed ^ 0x5eed5eed),
  );
  const out = new Array<Split>(n);
  order.forEach((idx, rank) => (out[idx] = rank < train ? 'train' : rank < train + val ? 'val' : 'test'));
  return out;
}
