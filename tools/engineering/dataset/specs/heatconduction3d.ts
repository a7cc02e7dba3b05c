/**
 * HeatConduction3D dataset settings (engibench-3d-and-api.md §3.5): `IDEALLab/heat_conduction_3d_v0`
 * (< 1K rows) has volume 0.3–0.6 and area values that are square roots of a linear grid (0, 0.2236,
 * 0.3162, …), i.e. √(linspace(0, 1, 21)); the number of volume values is not known, so the grid
 * takes 21 as in HeatConduction2D. Rows are optimized with our MMA optimizer, not EngiBench's IPOPT.
 */
import type { DatasetSpec } from '../datasetSpec.ts';
import { linspace } from '../linspace.ts';

export const heatconduction3dDataset: DatasetSpec = {
  ranges: {
    volume: { lo: 0.3, hi: 0.6 },
    area: { choices: linspace(0, 1, 21).map(Math.sqrt) },
  },
  grids: {
    engibench: {
      volume: linspace(0.3, 0.6, 21),
      area: linspace(0, 1, 21).map(Math.sqrt),
    },
  },
  fixed: { max_iter: 100 },
};
