/**
 * Solver settings of a run, per problem (the prompts state them; the ground truth uses them).
 * `paper`: Beams2D exactly as EngiBench's dataset (100×50, 100 iterations, the problem's defaults);
 * Photonics2D on a 90×110 grid with 40 Adam steps instead of 120×120 and 200 (a listed deviation:
 * the full setting costs about 30 s per optimization, the whole suite would not fit in 15 minutes).
 * Beams3D: `paper` is its dataset's 16³ with 100 MMA iterations (its dataset spec), `small` 8³ with 30
 * (with 10, designs stay grey: no voxel reaches an export threshold of 0.6–0.7 in some trials).
 * `small`: tiny grids for tests and smoke runs.
 */
import type { ProblemId } from './styles.ts';

export const PRESETS = {
  paper: {
    beams2d: {},
    photonics2d: { num_elems_x: 90, num_elems_y: 110, num_optimization_steps: 40 },
    thermoelastic2d: {},
    beams3d: {},
  },
  small: {
    beams2d: { nelx: 40, nely: 20, max_iter: 30 },
    photonics2d: { num_elems_x: 60, num_elems_y: 105, num_optimization_steps: 8 },
    thermoelastic2d: { max_iter: 10 },
    beams3d: { nelx: 8, nely: 8, nelz: 8, max_iter: 30 },
  },
} as const satisfies Record<string, Record<ProblemId, Record<string, number | boolean>>>;

export type PresetName = keyof typeof PRESETS;
export const PRESET_NAMES = Object.keys(PRESETS) as PresetName[];
