/**
 * Photonics2D, ThermoElastic2D and ThermoElastic3D through the same CLI as Beams2D: simulate with named
 * diagnostics, optimize with the v1 history rule, constraint errors, render, STL and datasets.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { engiai, numpy, tempHome } from './helpers.ts';

describe('engiai CLI on Photonics2D', () => {
  const home = tempHome();

  it('simulate --json reproduces the reference overlaps of a NumPy-made design (engibench.md §2.10a)', () => {
    const file = join(home, 'half.npy');
    numpy(`import numpy as np; a = np.zeros((120, 120)); a[30:90, 30:90] = 0.5; np.save(${JSON.stringify(file)}, a)`);
    const r = engiai(home, ['simulate', 'photonics2d', '--design', file, '--lambda1', '1.5', '--lambda2', '1.3', '--json']);
    expect(r.code, r.stderr).toBe(0);
    const out = JSON.parse(r.stdout);
    expect(out.overlap1).toBeCloseTo(0.97668492, 6);
    expect(out.overlap2).toBeCloseTo(0.52052015, 6);
    expect(out.total_overlap).toBeCloseTo(0.50838419, 6);
    expect(out.objective).toBeCloseTo(0.47838419, 6);
  });

  it('optimize records N+1 steps and the returned design simulates to the last one', () => {
    const r = engiai(home, ['optimize', 'photonics2d', '--lambda1', '1.4', '--lambda2', '1.2', '--blur-radius', '1', '--steps', '2', '--json']);
    expect(r.code, r.stderr).toBe(0);
    const out = JSON.parse(r.stdout);
    expect(out.history).toHaveLength(3);
    expect(out.objective).toBeCloseTo(out.history[2], 10);
    expect(readFileSync(out.files['render.png']).subarray(1, 4).toString()).toBe('PNG');
    const sim = engiai(home, ['simulate', '--design', out.design.id, '--json']);
    expect(sim.code, sim.stderr).toBe(0);
    expect(JSON.parse(sim.stdout).objective).toBeCloseTo(out.history[2], 10);
  });

  it('refuses out-of-range wavelengths and radii, naming the constraint', () => {
    const lam = engiai(home, ['optimize', 'photonics2d', '--lambda1', '0.3', '--steps', '1']);
    expect(lam.code).toBe(2);
    expect(lam.stderr).toMatch(/lambda1/);
    expect(lam.stderr).toMatch(/0\.3/);
    const blur = engiai(home, ['optimize', 'photonics2d', '--blur-radius', '-1', '--steps', '1']);
    expect(blur.code).toBe(2);
    expect(blur.stderr).toMatch(/blur_radius/);
  });
});

describe('engiai CLI on ThermoElastic2D', () => {
  const home = tempHome();

  it('optimizes, reports three objectives, and exports a watertight STL', () => {
    const r = engiai(home, ['optimize', 'thermoelastic2d', '--volfrac', '0.35', '--weight', '0.7', '--max-iter', '4', '--json']);
    expect(r.code, r.stderr).toBe(0);
    const out = JSON.parse(r.stdout);
    expect(Object.keys(out.objectives)).toEqual(['structural_compliance', 'thermal_compliance', 'volume_fraction']);
    expect(out.history[0]).toHaveLength(3);
    const stl = engiai(home, ['export-stl', '--design', out.design.id, '--threshold', '0.3', '--json']);
    expect(stl.code, stl.stderr).toBe(0);
    expect(JSON.parse(stl.stdout).watertight).toBe(true);
  });

  it('generates a small sampled dataset', () => {
    const out = join(home, 'ds');
    const r = engiai(home, ['dataset', 'generate', 'thermoelastic2d', '--n', '2', '--seed', '4', '--max-iter', '2', '--workers', '1', '--out', out, '--json']);
    expect(r.code, r.stderr).toBe(0);
    const rows = readFileSync(join(out, 'rows.jsonl'), 'utf8').trim().split('\n').map((l) => JSON.parse(l));
    expect(rows).toHaveLength(2);
    for (const row of rows) {
      expect(row.conditions.volfrac).toBeGreaterThanOrEqual(0.2);
      expect(row.conditions.volfrac).toBeLessThanOrEqual(0.5);
      expect(Object.keys(row.objectives)).toHaveLength(3);
    }
  });
});

describe('engiai CLI on ThermoElastic3D', () => {
  const home = tempHome();

  it('optimizes a small block with two objectives and progress, then simulates the stored design', () => {
    const r = engiai(home, ['optimize', 'thermoelastic3d', '--nelx', '4', '--nely', '3', '--nelz', '2', '--weight', '0.6', '--max-iter', '3', '--json']);
    expect(r.code, r.stderr).toBe(0);
    const out = JSON.parse(r.stdout);
    expect(Object.keys(out.objectives)).toEqual(['structural_compliance', 'thermal_compliance']);
    expect(out.history).toHaveLength(3);
    expect(out.history[0]).toHaveLength(2);
    // the stored history carries no OptiStep arrays (history 'full' is not the CLI's default)
    expect(r.stdout.length).toBeLessThan(4000);
    const sim = engiai(home, ['simulate', '--design', out.design.id, '--json']);
    expect(sim.code, sim.stderr).toBe(0);
    const s = JSON.parse(sim.stdout);
    expect(s.objectives.structural_compliance).toBeCloseTo(out.objectives.structural_compliance, 4);
    expect(s.objectives.thermal_compliance).toBeCloseTo(out.objectives.thermal_compliance, 6);
  });

  it('--history full stores the OptiStep arrays as .npy beside the design (x + x_update = the next x) and keeps them out of --json and meta.json', () => {
    const r = engiai(home, ['optimize', 'thermoelastic3d', '--nelx', '4', '--nely', '3', '--nelz', '2', '--max-iter', '3', '--history', 'full', '--json']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout.length).toBeLessThan(4000);
    const out = JSON.parse(r.stdout);
    const f = out.files as Record<string, string>;
    const meta = JSON.parse(readFileSync(join(f['design.npy'], '..', 'meta.json'), 'utf8'));
    expect(Object.keys(meta.history[0]).sort()).toEqual(['objectives', 'objectivesUpdate', 'step']);
    const shapes = numpy(
      `import numpy as np; s = np.load(${JSON.stringify(f['history_steps.npy'])}); x = np.load(${JSON.stringify(f['history_x.npy'])}); u = np.load(${JSON.stringify(f['history_x_update.npy'])}); g = np.load(${JSON.stringify(f['history_x_sensitivities.npy'])}); ` +
        `print(list(s), x.shape, u.shape, g.shape, bool(np.allclose(x[:-1] + u[:-1], x[1:], rtol=0, atol=1e-15)), bool(np.all(g[:, 3] == 1 / (0.3 * 24))))`,
    );
    expect(shapes.trim()).toBe('[1.0, 2.0, 3.0] (3, 24) (3, 24) (3, 4, 24) True True');
    const bad = engiai(home, ['optimize', 'thermoelastic3d', '--history', 'some', '--max-iter', '1']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/--history must be 'objectives' or 'full'/);
  });

  it('refuses a weight outside [0, 1] naming the field', () => {
    const r = engiai(home, ['optimize', 'thermoelastic3d', '--nelx', '4', '--nely', '3', '--nelz', '2', '--weight', '1.5', '--max-iter', '1']);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/weight/);
  });
});
