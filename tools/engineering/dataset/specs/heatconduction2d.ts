/**
 * HeatConduction2D dataset settings (engibench.md §3.2): `IDEALLab/heat_conduction_2d_v0` has 441
 * rows, 21 volumes × 21 lengths. Its exact values are not in the code; we take the ranges of the
 * v1 dataset's columns (volume 0.3–0.6, length 0–1 in steps of 0.05), which are also the IMPL range
 * of volume. Rows are optimized with our MMA optimizer, not EngiBench's IPOPT.
 */
import type { DatasetSpec } from '../datasetSpec.ts';
import { linspace } from '../linspace.ts';

export const heatconduction2dDataset: DatasetSpec = {
  ranges: {
    volume: { lo: 0.3, hi: 0.6 },
    length: { lo: 0, hi: 1 },
  },
  grids: {
    // 21 · 21 = 441 conditions, volume slowest.
    engibench: {
      volume: linspace(0.3, 0.6, 21),
      length: linspace(0, 1, 21),
    },
  },
  fixed: { max_iter: 100 },
};
