/**
 * HeatConduction2D through the CLI: simulate of a NumPy-written design agrees with python3-dolfin
 * (tests/fixtures/heatconduction2d), optimize runs with progress and stores, a dataset generates.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { engiai, numpy, tempHome } from './helpers.ts';

const FIXTURE = new URL('../../fixtures/heatconduction2d/reference.json', import.meta.url).pathname;

describe('engiai CLI on HeatConduction2D', () => {
  const home = tempHome();

  it("simulate --json of the fixture's random 101x101 design gives dolfin's J", () => {
    const file = join(home, 'random5.npy');
    numpy(`import json, numpy as np; c = [c for c in json.load(open(${JSON.stringify(FIXTURE)}))['cases'] if c['name'].startswith('random seed 5')][0]; np.save(${JSON.stringify(file)}, np.array(c['design']))`);
    const ref = (JSON.parse(readFileSync(FIXTURE, 'utf8')) as { cases: { name: string; J: number }[] }).cases.find((c) => c.name.startsWith('random seed 5'))!;
    const r = engiai(home, ['simulate', 'heatconduction2d', '--design', file, '--length', '0.4', '--json']);
    expect(r.code, r.stderr).toBe(0);
    const out = JSON.parse(r.stdout);
    expect(Math.abs(out.c_as_given - ref.J) / ref.J).toBeLessThan(1e-12);
    // 184 of its values are below IPOPT's pushed lower bound, so EngiBench's reported c differs a little.
    expect(out.pushed_nodes).toBeGreaterThan(0);
    expect(Math.abs(out.objective - ref.J) / ref.J).toBeLessThan(1e-3);
    expect(out.objective).not.toBe(ref.J);
  });

  it('optimize --json records step 0 and max_iter updates, stores the design and renders it', () => {
    const r = engiai(home, ['optimize', 'heatconduction2d', '--volume', '0.45', '--length', '0.3', '--resolution', '41', '--max-iter', '6', '--json']);
    expect(r.code, r.stderr).toBe(0);
    const out = JSON.parse(r.stdout);
    expect(out.history).toHaveLength(7);
    expect(out.history[6]).toBeLessThan(out.history[0]);
    expect(out.design.id).toMatch(/^heatconduction2d-[0-9a-f]{16}$/);
    expect(readFileSync(out.files['render.png']).subarray(1, 4).toString()).toBe('PNG');
    expect(out.warnings.join('\n')).toMatch(/nodal_read_round_trip/);
    const sim = engiai(home, ['simulate', '--design', out.design.id, '--json']);
    expect(sim.code, sim.stderr).toBe(0);
    expect(JSON.parse(sim.stdout).objective).toBe(out.objective);
  });

  it('refuses a design of the wrong size and a resolution above the limit', () => {
    const file = join(home, 'small.npy');
    numpy(`import numpy as np; np.save(${JSON.stringify(file)}, np.full((20, 20), 0.5))`);
    const bad = engiai(home, ['simulate', 'heatconduction2d', '--design', file]);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/20x20.*101x101/);
    const big = engiai(home, ['optimize', 'heatconduction2d', '--resolution', '1001']);
    expect(big.code).toBe(2);
    expect(big.stderr).toMatch(/resolution_limit/);
  });

  it('dataset generate makes rows from the volume × length plan', () => {
    const out = join(home, 'ds');
    const r = engiai(home, ['dataset', 'generate', 'heatconduction2d', '--n', '2', '--seed', '4', '--resolution', '21', '--max-iter', '2', '--workers', '1', '--out', out, '--json']);
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ total: 2, done: 2, failed: 0 });
  });
});

describe('engiai CLI on HeatConduction3D', () => {
  const home = tempHome();
  const FIXTURE3 = new URL('../../fixtures/heatconduction3d/reference.json', import.meta.url).pathname;

  it("simulate --json of the fixture's random 7³ design gives dolfin's J; optimize runs and stores", () => {
    const file = join(home, 'random1.npy');
    numpy(`import json, numpy as np; c = [c for c in json.load(open(${JSON.stringify(FIXTURE3)}))['cases'] if c['name'].startswith('random seed 1')][0]; np.save(${JSON.stringify(file)}, np.array(c['design']))`);
    const ref = (JSON.parse(readFileSync(FIXTURE3, 'utf8')) as { cases: { name: string; J: number }[] }).cases.find((c) => c.name.startsWith('random seed 1'))!;
    const r = engiai(home, ['simulate', 'heatconduction3d', '--design', file, '--resolution', '7', '--area', '0.5', '--json']);
    expect(r.code, r.stderr).toBe(0);
    expect(Math.abs(JSON.parse(r.stdout).c_as_given - ref.J) / ref.J).toBeLessThan(1e-12);
    const o = engiai(home, ['optimize', 'heatconduction3d', '--volume', '0.3', '--area', '0.4', '--resolution', '9', '--max-iter', '4', '--json']);
    expect(o.code, o.stderr).toBe(0);
    const out = JSON.parse(o.stdout);
    expect(out.history).toHaveLength(5);
    expect(out.history[4]).toBeLessThan(out.history[0]);
    expect(out.design.id).toMatch(/^heatconduction3d-[0-9a-f]{16}$/);
  });
});
