/**
 * Photonics2D dataset settings (engibench.md §2.12). EngiBench drew 20 λ1 ~ U[0.5, 1.25] µm,
 * 20 λ2 ~ U[0.75, 1.5] µm and blur_radius ∈ {0..4} with an unseeded RNG and optimized their full
 * product (2,000 runs of 200 steps). Our `engibench` grid is the same product on evenly spaced
 * wavelengths, so it is reproducible; `--n N --seed S` samples the same ranges.
 */
import type { DatasetSpec } from '../datasetSpec.ts';
import { linspace } from '../linspace.ts';

export const photonics2dDataset: DatasetSpec = {
  ranges: {
    lambda1: { lo: 0.5, hi: 1.25 },
    lambda2: { lo: 0.75, hi: 1.5 },
    blur_radius: { lo: 0, hi: 4, integer: true },
  },
  grids: {
    engibench: {
      lambda1: linspace(0.5, 1.25, 20),
      lambda2: linspace(0.75, 1.5, 20),
      blur_radius: [0, 1, 2, 3, 4],
    },
  },
  fixed: { num_optimization_steps: 200 },
};
