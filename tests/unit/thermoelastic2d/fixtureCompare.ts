/**
 * Shared by the ThermoElastic2D regression tests: runs our engine for a reference JSON (written by
 * benchmarks/perf/reference/thermoelastic2d_ref.py, which implements the exact-gradient mode).
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { optimizeThermoelastic } from '../../../tools/engineering/thermoelastic2d/optimize.ts';
import { createSetup } from '../../../tools/engineering/thermoelastic2d/setup.ts';

export interface ReferenceRun {
  conditions: { volfrac: number; weight: number };
  config: { max_iter: number; nelx: number; nely: number };
  iterations: number;
  history: [number, number, number][];
  final_design: { mean: number };
}

export const FIXTURE_DIR = fileURLToPath(new URL('../../fixtures/thermoelastic2d/', import.meta.url));

export function readFixture(name: string): ReferenceRun {
  return JSON.parse(readFileSync(`${FIXTURE_DIR}${name}.json`, 'utf8')) as ReferenceRun;
}

export const rel = (a: number, b: number) => Math.abs(a - b) / Math.abs(b);

export function runOurs(ref: ReferenceRun) {
  const setup = createSetup(ref.config.nelx, ref.config.nely);
  const gen = optimizeThermoelastic(setup, { volfrac: ref.conditions.volfrac, weight: ref.conditions.weight, maxIter: ref.config.max_iter, sensitivities: 'exact' });
  for (;;) {
    const next = gen.next();
    if (next.done) {
      const x = next.value.x;
      return { ...next.value, mean: x.reduce((s, v) => s + v, 0) / x.length };
    }
  }
}
