/**
 * EngiBench writes an optimized design as the image of the nodal values but reads designs at
 * int(x/h), which skips a few rows and columns (mesh.ts): simulate of the returned design is then
 * not the last history value. Said as a warning, with both numbers, wherever the grid has such rows.
 */
import type { Violation } from '../constraint.ts';
import type { Design } from '../problem.ts';
import { evaluate } from './model.ts';
import type { HeatSetup } from './setup.ts';

export function roundTripWarning(setup: HeatSetup, read: (image: Float64Array) => Float64Array, design: Design, last: number): Violation | undefined {
  const index = setup.mesh.readIndex;
  const skipped = [...index.keys()].filter((i) => !index.includes(i));
  if (!skipped.length) return undefined;
  const readBack = evaluate(setup, read(design.data)).J;
  return {
    constraint: 'nodal_read_round_trip',
    categories: ['IMPL'],
    criticality: 'warning',
    cause: `as in EngiBench, a design is read at index int(x/h), which never reads image rows and columns ${skipped.join(', ')} of this grid; the optimizer's last step has c = ${last.toPrecision(8)}, the returned image read back gives c = ${readBack.toPrecision(8)} (before simulate's bound push and rounding)`,
  };
}
