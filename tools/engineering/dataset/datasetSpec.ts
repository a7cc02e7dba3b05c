/**
 * Per-problem dataset settings: which condition fields a sampled dataset varies (and within which
 * ranges), the named grids, and the knobs fixed for every row. One file per problem in specs/,
 * listed in datasetSpecs.ts.
 */
import type { ConfigValues } from '../constraint.ts';

/** How a sampled field is drawn: uniform in [lo, hi) (integers lo..hi with `integer`), or uniform over `choices`. */
export type SampleRange = { lo: number; hi: number; integer?: boolean } | { choices: readonly number[] };

export interface DatasetSpec {
  /** Fields varied by `--n N --seed S` sampling, each uniform within its range. */
  ranges: Record<string, SampleRange>;
  /** Named grids (`--grid NAME`): field → values; the grid is their Cartesian product, first field slowest. */
  grids: Record<string, Record<string, number[]>>;
  /** Values applied to every row unless overridden (e.g. max_iter). */
  fixed: ConfigValues;
}
