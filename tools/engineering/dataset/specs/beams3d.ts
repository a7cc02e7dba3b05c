/**
 * Beams3D dataset settings (engibench-3d-and-api.md §1.10, the HF viewer of IDEALLab/beams_3d_16_v0):
 * volfrac 0.1–0.5 and rmin 1.5–3.5 drawn uniformly; forcedist_x and forcedist_y from the values the
 * published rows show (0, 0.25, 0.75, 1); histories of 31–101 entries, so max_iter 100. No named grid:
 * the rows' full condition set was not read.
 */
import type { DatasetSpec } from '../datasetSpec.ts';

export const beams3dDataset: DatasetSpec = {
  ranges: {
    volfrac: { lo: 0.1, hi: 0.5 },
    rmin: { lo: 1.5, hi: 3.5 },
    forcedist_x: { choices: [0, 0.25, 0.75, 1] },
    forcedist_y: { choices: [0, 0.25, 0.75, 1] },
  },
  grids: {},
  fixed: { max_iter: 100 },
};
