/**
 * Per-problem dataset settings: which condition fields a sampled dataset varies (and within which
 * ranges), the named grids, and the knobs fixed for every row. One file per problem in specs/,
 * listed in datasetSpecs.ts.
 */
import type { ConfigValues } from '../constraint.ts';

export interface SampleRange {
  lo: number;
  hi: number;
  /** Draw integers lo..hi inclusive instead of floats in [lo, hi). */
  integer?: boolean;
}

export interface DatasetSpec {
  /** Fields varied by `--n N --seed S` sampling, each uniform within its range. */
  ranges: Record<string, SampleRange>;
  /** Named grids (`--grid NAME`): field → values; the grid is their Cartesian product, first field slowest. */
  grids: Record<string, Record<string, number[]>>;
  /** Values applied to every row unless overridden (e.g. max_iter). */
  fixed: ConfigValues;
}
