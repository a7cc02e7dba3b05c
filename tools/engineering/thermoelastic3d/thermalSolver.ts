/**
 * Solvers for the ThermoElastic3D thermal system Kth·T = f (thermalSystem.ts: SPD, sinks as identity rows).
 * One matrix per FE pass serves two right-hand sides (the temperature and the thermal adjoint), so a solver
 * is prepared once with the matrix and then solves any number of times:
 * - 'cholesky': the shared supernodal sparse Cholesky with 3-D geometric nested dissection (analysis once per grid);
 * - 'multigrid': thermalMultigrid.ts, the geometric multigrid-preconditioned CG (rtol 1e-8).
 */
import { analyze, factorize, solve, type CholeskyFactor } from '../linalg/sparseCholesky.ts';
import type { ThermalSystem } from './thermalSystem.ts';

export interface ThermalSolver {
  readonly name: string;
  /** Takes Kth's CSR values on the system's pattern and s_e = x_e^p per element (the multigrid's coarse levels). */
  prepare(values: Float64Array, elementScale: Float64Array): void;
  /** Solves Kth x = b with the prepared matrix; returns x (a new array when x is not given). */
  solve(b: Float64Array, x?: Float64Array): Float64Array;
  /** Iterations of the last solve, 1 for a direct solve. */
  lastIterations(): number;
}

export function createThermalCholesky(sys: ThermalSystem): ThermalSolver {
  const sym = analyze(sys.pattern, { coords: sys.coords, coordDims: 3 });
  let factor: CholeskyFactor | undefined;
  return {
    name: 'sparse-cholesky-nd3',
    prepare(values) {
      factor = factorize(sym, values, factor);
    },
    solve(b, x) {
      if (!factor) throw new Error('thermal Cholesky: solve before prepare');
      return solve(factor, b, x);
    },
    lastIterations: () => 1,
  };
}
