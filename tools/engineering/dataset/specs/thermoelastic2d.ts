/**
 * ThermoElastic2D dataset settings (engibench.md §3.1): the v0 dataset drew volfrac ~ U[0.2, 0.5];
 * the later datasets also vary the structural/thermal weight over [0, 1], which we sample too.
 * No named grid: EngiBench's rows were sampled.
 */
import type { DatasetSpec } from '../datasetSpec.ts';

export const thermoelastic2dDataset: DatasetSpec = {
  ranges: {
    volfrac: { lo: 0.2, hi: 0.5 },
    weight: { lo: 0, hi: 1 },
  },
  grids: {},
  fixed: { max_iter: 120 },
};
