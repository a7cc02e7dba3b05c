/** Beams2D dataset settings (engibench.md §1.13): the EngiBench grid, sampling ranges, fixed knobs. */
import type { DatasetSpec } from '../datasetSpec.ts';
import { linspace } from '../linspace.ts';

export const beams2dDataset: DatasetSpec = {
  ranges: {
    volfrac: { lo: 0.15, hi: 0.4 },
    rmin: { lo: 1.5, hi: 4 },
    forcedist: { lo: 0, hi: 1 },
  },
  grids: {
    // 21 · 11 · 21 = 4,851 conditions, volfrac slowest, forcedist fastest.
    engibench: {
      volfrac: linspace(0.15, 0.4, 21),
      rmin: linspace(1.5, 4, 11),
      forcedist: linspace(0, 1, 21),
    },
  },
  fixed: { max_iter: 100, overhang_constraint: false },
};
