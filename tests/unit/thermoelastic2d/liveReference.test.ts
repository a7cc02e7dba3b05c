/**
 * Runs the NumPy/SciPy reference (benchmarks/perf/reference/thermoelastic2d_ref.py, Debian's
 * /usr/bin/python3 with numpy + scipy) live on a short run and compares it with our engine, so the
 * stored fixtures cannot silently drift away from the reference code.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { rel, runOurs, type ReferenceRun } from './fixtureCompare.ts';

const SCRIPT = fileURLToPath(new URL('../../../benchmarks/perf/reference/thermoelastic2d_ref.py', import.meta.url));

describe('thermoelastic2d vs the live NumPy reference', () => {
  it('agrees step by step on a 6-step run (volfrac 0.35, weight 0.7, max_iter 5)', () => {
    const dir = mkdtempSync(join(tmpdir(), 'thermo-ref-'));
    try {
      const out = join(dir, 'ref.json');
      execFileSync('/usr/bin/python3', [SCRIPT, '--volfrac', '0.35', '--weight', '0.7', '--max-iter', '5', '--out', out], { stdio: 'pipe', timeout: 110_000 });
      const ref = JSON.parse(readFileSync(out, 'utf8')) as ReferenceRun;
      const ours = runOurs(ref);
      expect(ref.iterations).toBe(6);
      expect(ours.iterations).toBe(6);
      for (let k = 0; k < 6; k++) {
        expect(rel(ours.history[k].objectives[0], ref.history[k][0])).toBeLessThan(1e-9);
        expect(rel(ours.history[k].objectives[1], ref.history[k][1])).toBeLessThan(1e-9);
        expect(Math.abs(ours.history[k].objectives[2] - ref.history[k][2])).toBeLessThan(1e-12);
      }
      expect(Math.abs(ours.mean - ref.final_design.mean)).toBeLessThan(1e-12);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
