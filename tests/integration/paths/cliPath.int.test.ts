/**
 * The CLI's path: for every problem and every option that changes the optimizer's path, on a seeded sample of
 * conditions, `engiai optimize` → store → `simulate` → `render` → `export-stl` exit 0 (a warm start from the stored
 * design too where versions differ). The Beams2D overhang sample is the issue-16 case, whose design leaves [0, 1].
 */
import { afterAll, describe, expect, it } from 'vitest';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { engiai, tempHome } from '../cli/helpers.ts';
import { expectStoredDesignValid, isPng, STL_THRESHOLD } from './artifactCheck.ts';
import { cliFlags, label, VARIANTS } from './variants.ts';

const home = tempHome('engiai-paths-cli-');
afterAll(() => rmSync(home, { recursive: true, force: true }));

function ok(args: string[]): Record<string, unknown> {
  const r = engiai(home, args);
  expect(r.code, `${args.join(' ')}\n${r.stderr}`).toBe(0);
  return args.includes('--json') ? (JSON.parse(r.stdout) as Record<string, unknown>) : {};
}

describe('every problem and optimizer option through the CLI', () => {
  VARIANTS.forEach((variant, v) => {
    const [s] = variant.samples(1700 + v, 1);
    it(`${variant.name}: ${label(s)}`, async () => {
      const opt = ok(['optimize', s.problem, ...cliFlags(s), '--no-render', '--json']);
      const id = (opt.design as { id: string }).id;
      const { printable } = await expectStoredDesignValid(home, id, s, opt.warnings as string[]);
      expect((opt.history as unknown[]).length).toBeGreaterThanOrEqual(Number(opt.iterations));

      const sim = ok(['simulate', '--design', id, '--json']);
      expect(Object.values(sim.objectives as Record<string, number>).every(Number.isFinite)).toBe(true);
      const png = join(home, `${id}.png`);
      ok(['render', '--design', id, '--out', png]);
      expect(isPng(png)).toBe(true);
      const stlArgs = ['export-stl', '--design', id, '--threshold', `${STL_THRESHOLD}`, '--out', join(home, `${id}.stl`), '--json'];
      if (printable) expect(ok(stlArgs).triangles).toBeGreaterThan(0);
      else expect(engiai(home, stlArgs)).toMatchObject({ code: 2, stderr: expect.stringMatching(/nothing to export/) });

      if (variant.warmStart) {
        const warm = ok(['optimize', s.problem, ...cliFlags(s), '--max-iter=5', '--start', id, '--no-render', '--json']);
        await expectStoredDesignValid(home, (warm.design as { id: string }).id, { ...s, clips: false }, warm.warnings as string[]);
      }
    });
  });
});
