/** What every path must leave in the store after optimize: a design inside the design space, and clipping recorded. */
import { readFileSync } from 'node:fs';
import { expect } from 'vitest';
import { errorsOnly } from '../../../tools/engineering/constraint.ts';
import { getProblem } from '../../../tools/engineering/registry.ts';
import { DesignStore, type DesignMeta } from '../../../tools/engineering/store/designStore.ts';
import type { Sample } from './variants.ts';

const CLIPPED = 'design_space_clipped';

/**
 * Checks the stored artifact `id` under `home`: its design passes the problem's constraints at error level (shape,
 * finite, [0, 1]); meta.json records a design_space_clipped warning exactly when the path reported one (`reported`:
 * the path's own warnings, as strings), and always for a sample known to clip. Returns the meta and whether any
 * density reaches the STL threshold (a Beams2D load on a fixed DOF leaves no material, as in EngiBench; the path must
 * then have warned with load_on_fixed_dof).
 */
export async function expectStoredDesignValid(home: string, id: string, s: Sample, reported: string[]): Promise<{ meta: DesignMeta; printable: boolean }> {
  const { design, meta } = await new DesignStore(home).load(id);
  const problem = await getProblem(s.problem);
  const config = problem.resolveConfig({ ...s.conditions, ...s.config });
  expect(errorsOnly(problem.checkConstraints(design, config))).toEqual([]);
  const stored = (meta?.warnings ?? []).some((w) => w.constraint === CLIPPED);
  expect(reported.some((w) => w.includes(CLIPPED))).toBe(stored);
  if (s.clips) expect(stored).toBe(true);
  const printable = design.data.some((v) => v >= STL_THRESHOLD);
  if (!printable) expect(reported.some((w) => w.includes('load_on_fixed_dof'))).toBe(true);
  return { meta: meta!, printable };
}

/** The density threshold the path tests export STL files at. */
export const STL_THRESHOLD = 0.3;

export const isPng = (path: string) => readFileSync(path).subarray(1, 4).toString() === 'PNG';
