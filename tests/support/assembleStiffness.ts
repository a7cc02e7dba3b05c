/** K(x) for Beams2D from a density field (the engine assembles from moduli inside its FE step). */
import type { Beams2DSetup } from '../../tools/engineering/beams2d/setup.ts';
import { assembleFromModuli, elementModuli } from '../../tools/engineering/beams2d/fe.ts';

/** values ← Σ_e E_e(x_e) KE scattered onto the reduced pattern. */
export function assembleStiffness(setup: Beams2DSetup, x: Float64Array, penal: number, values: Float64Array): Float64Array {
  return assembleFromModuli(setup, elementModuli(x, penal, new Float64Array(x.length)), values);
}
