/**
 * Beams2D dataset settings (engibench.md §1.13): the EngiBench grid, sampling ranges, fixed knobs.
 * Sampling draws volfrac and rmin uniformly in the dataset ranges but forcedist from the grid's 21
 * values: the load DOF is int(1 + 2·forcedist·nelx·(nely+1)) (§1.4), so an off-grid forcedist
 * truncates to an arbitrary DOF, often a horizontal load low in the beam, not a top-edge load.
 */
import type { DatasetSpec } from '../datasetSpec.ts';
import { linspace } from '../linspace.ts';

export const beams2dDataset: DatasetSpec = {
  ranges: {
    volfrac: { lo: 0.15, hi: 0.4 },
    rmin: { lo: 1.5, hi: 4 },
    forcedist: { choices: linspace(0, 1, 21) },
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
