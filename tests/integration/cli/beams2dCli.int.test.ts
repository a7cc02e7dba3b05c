/**
 * End to end through the real `engiai` binary: optimize → store → simulate → render → STL, the
 * bad-input rules, and designs made by NumPy.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { engiai, numpy, tempHome } from './helpers.ts';

const SMALL = ['--nelx', '30', '--nely', '15', '--max-iter', '15'];

describe('engiai CLI on Beams2D', () => {
  const home = tempHome();
  let opt: { problem: string; iterations: number; history: number[]; objective: number; design: { id: string; path: string }; files: Record<string, string>; conditions: Record<string, number> };

  beforeAll(() => {
    const r = engiai(home, ['optimize', 'beams2d', '--volfrac', '0.3', '--rmin', '1.5', '--forcedist', '0.5', ...SMALL, '--json']);
    expect(r.code, r.stderr).toBe(0);
    opt = JSON.parse(r.stdout);
  });

  it('lists the problems', () => {
    const r = engiai(home, ['problems', '--json']);
    expect(r.code, r.stderr).toBe(0);
    const ids = JSON.parse(r.stdout).map((p: { id: string }) => p.id);
    expect(ids).toContain('beams2d');
  });

  it('optimize --json reports the run and stores a NumPy-loadable design', () => {
    expect(opt.problem).toBe('beams2d');
    expect(opt.conditions).toMatchObject({ volfrac: 0.3, rmin: 1.5, forcedist: 0.5 });
    expect(opt.iterations).toBe(opt.history.length);
    expect(opt.iterations).toBeGreaterThan(1);
    expect(opt.history[opt.history.length - 1]).toBeLessThan(opt.history[0]);
    expect(opt.design.id).toMatch(/^beams2d-[0-9a-f]{16}$/);
    const stats = numpy(`import numpy as np; a = np.load(${JSON.stringify(opt.design.path)}); print(a.shape[0], a.shape[1], a.dtype, round(float(a.mean()), 4))`);
    expect(stats).toBe('15 30 float64 0.3');
    const png = readFileSync(opt.files['render.png']);
    expect(png.subarray(1, 4).toString()).toBe('PNG');
    expect(existsSync(opt.files['convergence.png'])).toBe(true);
  });

  it('simulate by id agrees with the optimizer and resolves an id prefix', () => {
    const r = engiai(home, ['simulate', '--design', opt.design.id.slice(0, 14), '--json']);
    expect(r.code, r.stderr).toBe(0);
    const sim = JSON.parse(r.stdout);
    expect(sim.objective).toBeCloseTo(opt.objective, 8);
    expect(sim.objectives.c).toBeCloseTo(opt.objective, 8);
  });

  it('exports a watertight STL of the optimized design', () => {
    const r = engiai(home, ['export-stl', '--design', opt.design.id, '--threshold', '0.5', '--scale-xy', '1', '--scale-z', '10', '--mirror-y', '--json']);
    expect(r.code, r.stderr).toBe(0);
    const out = JSON.parse(r.stdout);
    expect(out.watertight).toBe(true);
    expect(out.triangles).toBeGreaterThan(10);
    expect(readFileSync(out.stl).length).toBe(84 + 50 * out.triangles);
  });

  it('renders a design a person made with NumPy', () => {
    const file = join(home, 'mine.npy');
    numpy(`import numpy as np; a = np.zeros((15, 30), dtype=np.float32, order='F'); a[3:12, 5:25] = 1; np.save(${JSON.stringify(file)}, np.asfortranarray(a))`);
    const out = join(home, 'mine.png');
    const r = engiai(home, ['render', 'beams2d', '--design', file, '--out', out, '--nelx', '30', '--nely', '15']);
    expect(r.code, r.stderr).toBe(0);
    expect(readFileSync(out).subarray(1, 4).toString()).toBe('PNG');
    const sim = engiai(home, ['simulate', 'beams2d', '--design', file, '--nelx', '30', '--nely', '15', '--json']);
    expect(sim.code, sim.stderr).toBe(0);
    expect(JSON.parse(sim.stdout).objective).toBeGreaterThan(0);
  });

  it('warm-starts from a stored design with v1 blending, and v0 on request (beams2d@0)', () => {
    const args = (problem: string) => ['optimize', problem, '--volfrac', '0.3', '--rmin', '1.5', '--forcedist', '0.5', ...SMALL, '--max_iter', '2', '--start', opt.design.id, '--no-render', '--json'];
    const v1 = engiai(home, args('beams2d'));
    const v0 = engiai(home, args('beams2d@0'));
    expect(v1.code, v1.stderr).toBe(0);
    expect(v0.code, v0.stderr).toBe(0);
    const h1 = JSON.parse(v1.stdout).history[0];
    const h0 = JSON.parse(v0.stdout).history[0];
    expect(JSON.parse(v0.stdout).version).toBe(0);
    // Both start near the optimized design (far below the cold start), but v1 blends in 1e-4·volfrac.
    expect(h0).toBeLessThan(opt.history[0] / 2);
    expect(Math.abs(h1 - h0) / h0).toBeGreaterThan(1e-9);
    expect(Math.abs(h1 - h0) / h0).toBeLessThan(0.05);
  });

  it('refuses out-of-range conditions naming the constraint, value and range', () => {
    const before = readdirSync(join(home, 'artifacts')).length;
    const r = engiai(home, ['optimize', 'beams2d', '--volfrac', '1.5', ...SMALL]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/volfrac/);
    expect(r.stderr).toMatch(/1\.5/);
    expect(r.stderr).toMatch(/\[0, 1\]/);
    expect(readdirSync(join(home, 'artifacts')).length).toBe(before);
  });

  it('runs warning-level values and prints the warning', () => {
    const r = engiai(home, ['optimize', 'beams2d', '--volfrac', '0.05', ...SMALL, '--max-iter', '3', '--no-render', '--json']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toMatch(/warning: .*volfrac/);
    expect(JSON.parse(r.stdout).warnings.length).toBeGreaterThan(0);
  });

  it('rejects unknown flags and NaN or mis-shaped designs with a clear message', () => {
    const unknown = engiai(home, ['optimize', 'beams2d', '--volfrack', '0.3']);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toMatch(/--volfrack/);
    const bad = join(home, 'nan.npy');
    numpy(`import numpy as np; a = np.full((15, 30), 0.5); a[2, 3] = np.nan; np.save(${JSON.stringify(bad)}, a)`);
    const nan = engiai(home, ['simulate', 'beams2d', '--design', bad, '--nelx', '30', '--nely', '15']);
    expect(nan.code).toBe(2);
    expect(nan.stderr).toMatch(/NaN/);
    const shape = engiai(home, ['simulate', 'beams2d', '--design', bad, '--nelx', '40', '--nely', '15']);
    expect(shape.code).toBe(2);
    expect(shape.stderr).toMatch(/shape/);
    const missing = engiai(home, ['simulate', '--design', 'beams2d-ffffffffffff']);
    expect(missing.code).not.toBe(0);
    expect(missing.stderr).toMatch(/beams2d-ffffffffffff/);
  });
});
