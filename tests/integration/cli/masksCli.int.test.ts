/**
 * EngiBench's node masks through the real `engiai` command: ThermoElastic3D's conditions and Beams3D's config
 * given as a .json node list, a NumPy .npy array and inline JSON change the result, are kept by the stored
 * design (re-simulating it gives its objective back) and are shown compactly; bad masks exit 2 and store nothing.
 */
import { readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { engiai, numpy, tempHome } from './helpers.ts';

const designs = (home: string) => {
  try {
    return readdirSync(join(home, 'designs')).length;
  } catch {
    return 0;
  }
};

describe('engiai CLI with node masks', () => {
  const home = tempHome('engiai-masks-cli-');
  const grid = ['--nelx', '4', '--nely', '4', '--nelz', '4'];

  it('thermoelastic3d: optimize --fixed-elements nodes.json differs from the defaults, is stored with the design and re-simulated with it', () => {
    const nodes = join(home, 'nodes.json');
    // the whole x = 0 face clamped
    writeFileSync(nodes, JSON.stringify([0, 1, 2, 3, 4].flatMap((y) => [0, 1, 2, 3, 4].map((z) => [0, y, z]))));
    const base = engiai(home, ['optimize', 'thermoelastic3d', ...grid, '--max-iter', '2', '--no-render', '--json']);
    expect(base.code, base.stderr).toBe(0);
    const masked = engiai(home, ['optimize', 'thermoelastic3d', ...grid, '--max-iter', '2', '--no-render', '--fixed-elements', nodes, '--json']);
    expect(masked.code, masked.stderr).toBe(0);
    const a = JSON.parse(base.stdout), b = JSON.parse(masked.stdout);
    expect(a.config.fixed_elements).toBeUndefined();
    // compact: 25 nodes are counted and hashed, not listed
    expect(b.config.fixed_elements).toEqual({ nodes: 25, sha256: expect.stringMatching(/^[0-9a-f]{16}$/) });
    expect(b.objectives.structural_compliance).toBeLessThan(a.objectives.structural_compliance);
    expect(b.design.id).not.toBe(a.design.id);
    const sim = engiai(home, ['simulate', '--design', b.design.id, '--json']);
    expect(sim.code, sim.stderr).toBe(0);
    const s = JSON.parse(sim.stdout);
    expect(s.objectives.structural_compliance).toBe(b.objectives.structural_compliance);
    expect(s.masks.fixed_elements).toEqual(b.config.fixed_elements);
    expect(s.warnings).toEqual([]);
    // the stored design under another sink mask is another simulation, and says so
    const other = engiai(home, ['simulate', 'thermoelastic3d', '--design', b.design.id, '--heatsink-elements', '[[4,4,0],[0,0,4]]', '--json']);
    expect(other.code, other.stderr).toBe(0);
    expect(JSON.parse(other.stdout).warnings.join(' ')).toMatch(/simulated under changed conditions \(heatsink_elements\)/);
    // engiai designs lists the mask beside the conditions
    const listed = engiai(home, ['designs', '--json']);
    expect(listed.code, listed.stderr).toBe(0);
    const rows = JSON.parse(listed.stdout).designs as { id: string; masks?: Record<string, { nodes: number }> }[];
    expect(rows.find((d) => d.id === b.design.id)!.masks).toEqual({ fixed_elements: b.config.fixed_elements });
    expect(rows.find((d) => d.id === a.design.id)!.masks).toBeUndefined();
    expect(engiai(home, ['designs']).stdout).toMatch(/fixed_elements 25 nodes/);
  });

  it('beams3d: simulate --fixed-elements mask.npy (np.save of a bool array) and --force-elements-z JSON change the compliance', () => {
    const design = join(home, 'b3.npy');
    const mask = join(home, 'fixed.npy');
    numpy(`import numpy as np; np.save(${JSON.stringify(design)}, np.full((4, 6, 4), 0.4, dtype=np.float32)); m = np.zeros((7, 5, 5), dtype=bool); m[0, :, 0] = True; m[6, :, 0] = True; np.save(${JSON.stringify(mask)}, m)`);
    const run = (...extra: string[]) => {
      const r = engiai(home, ['simulate', 'beams3d', '--design', design, '--nelx', '6', '--nely', '4', '--nelz', '4', ...extra, '--json']);
      expect(r.code, r.stderr).toBe(0);
      return JSON.parse(r.stdout) as { objective: number; masks?: Record<string, { nodes: number; list?: number[][] }> };
    };
    const base = run();
    const fixed = run('--fixed-elements', mask);
    expect(fixed.masks?.fixed_elements.nodes).toBe(10);
    expect(fixed.objective).toBeLessThan(base.objective);
    const same = run('--fixed-elements', '[[0,0,0],[6,0,0],[0,4,0],[6,4,0]]', '--force-elements-z=[[3,2,4]]');
    expect(same.objective).toBe(base.objective);
    expect(same.masks?.force_elements_z.list).toEqual([[3, 2, 4]]);
    expect(run('--force-elements-z', '[[3,2,4],[0,0,4]]').objective).toBeGreaterThan(base.objective);
  });

  it('problems --json lists each problem\'s masks with role and default; a 2-D problem has none', () => {
    const r = engiai(home, ['problems', '--json']);
    expect(r.code, r.stderr).toBe(0);
    const rows = JSON.parse(r.stdout) as { id: string; masks: { name: string; role: string; default: string }[] }[];
    expect(rows.find((p) => p.id === 'beams3d')!.masks.map((m) => `${m.name}:${m.role}`)).toEqual(['fixed_elements:config', 'force_elements_z:config', 'force_elements_x:config', 'force_elements_y:config']);
    expect(rows.find((p) => p.id === 'thermoelastic3d')!.masks.map((m) => m.name)).toEqual(['fixed_elements', 'force_elements_x', 'force_elements_y', 'force_elements_z', 'heatsink_elements']);
    expect(rows.find((p) => p.id === 'beams2d')!.masks).toEqual([]);
  });

  it("bad masks exit 2 with the mask's name and EngiBench's message, and store nothing", () => {
    const before = designs(home);
    const empty = engiai(home, ['optimize', 'beams3d', '--nelx', '6', '--nely', '4', '--nelz', '4', '--max-iter', '1', '--fixed-elements', '[]']);
    expect(empty.code).toBe(2);
    expect(empty.stderr).toMatch(/Params\.fixed_elements must contain at least one fixed node\./);
    const shape = engiai(home, ['optimize', 'beams3d', '--nelx', '6', '--nely', '4', '--nelz', '4', '--max-iter', '1', '--fixed-elements', '[[[1]]]']);
    expect(shape.code).toBe(2);
    expect(shape.stderr).toMatch(/Invalid shape for fixed_elements\./);
    const words = engiai(home, ['optimize', 'thermoelastic3d', ...grid, '--max-iter', '1', '--fixed-elements', 'left-face']);
    expect(words.code).toBe(2);
    expect(words.stderr).toMatch(/fixed_elements: "left-face" is neither a \.json nor a \.npy file/);
    const json = engiai(home, ['optimize', 'thermoelastic3d', ...grid, '--max-iter', '1', '--heatsink-elements', '[[4,4,']);
    expect(json.code).toBe(2);
    expect(json.stderr).toMatch(/--heatsink-elements: not valid JSON/);
    const big = engiai(home, ['optimize', 'thermoelastic3d', ...grid, '--max-iter', '1', '--heatsink-elements', '[[99,0,0]]']);
    expect(big.code).toBe(2);
    expect(big.stderr).toMatch(/heatsink_elements: node \[99, 0, 0\] is larger than any grid allows/);
    expect(designs(home)).toBe(before);
  });
});
