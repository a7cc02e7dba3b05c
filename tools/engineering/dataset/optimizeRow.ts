/**
 * One dataset row's computation: a cold-start optimize of `config`, then a simulate of the returned
 * design (EngiBench's optimize returns a design it never evaluated, so the row's objectives are
 * measured on the stored design). Pure apart from the clock.
 */
import { performance } from 'node:perf_hooks';
import type { ConfigValues } from '../constraint.ts';
import { optimize, type DesignShape, type Problem } from '../problem.ts';

export interface RowResult {
  shape: DesignShape;
  /** The optimized design, row-major (C order). */
  data: Float64Array;
  /** simulate(design), one value per objective. */
  objectives: number[];
  /** Objective values per recorded optimization step. */
  history: number[][];
  iterations: number;
  seconds: number;
}

export function optimizeRow(problem: Problem, config: ConfigValues): RowResult {
  const t0 = performance.now();
  const result = optimize(problem, config);
  const objectives = problem.simulate(result.design, config);
  return {
    shape: result.design.shape,
    data: result.design.data,
    objectives,
    history: result.history.map((s) => [...s.objectives]),
    iterations: result.iterations,
    seconds: (performance.now() - t0) / 1000,
  };
}
