/**
 * ThermoElastic3D and HeatConduction3D as solids, through the registered problems: each declares its
 * design's axes (solidAxes), its render leads with the shaded isosurface picture, and its design exports
 * to a surface STL that is closed, manifold, outward and Euler-consistent, with the volume-fraction check.
 * HeatConduction3D's nodal arrays are [x, y, z]: read as the solid block [y, x, z], so the part is not
 * mirrored.
 */
import { PNG } from 'pngjs';
import { describe, expect, it } from 'vitest';
import { solidBlock } from '../../../tools/engineering/export/solidBlock.ts';
import { exportStl, type StlResult } from '../../../tools/engineering/export/stl.ts';
import { renderLayout, renderPng } from '../../../tools/engineering/export/render.ts';
import { optimize, type Design, type Problem } from '../../../tools/engineering/problem.ts';
import { getProblem } from '../../../tools/engineering/registry.ts';
import { InputError } from '../../../tools/errors.ts';

function expectSound(res: StlResult) {
  expect(res.kind).toBe('surface');
  expect(res.checks.problems).toEqual({ boundaryEdges: 0, overSharedEdges: 0, misorientedEdges: 0, pinchedVertices: 0, degenerateTriangles: 0 });
  expect(res.eulerConsistent).toBe(true);
  expect(res.manifold.status).toBe('NoError');
  expect(res.watertight).toBe(true);
  // outward: the signed volume of the written triangles is the solid's, positive
  expect(res.checks.signedVolume).toBeGreaterThan(0);
  expect(Math.abs(res.checks.signedVolume - res.volume)).toBeLessThanOrEqual(1e-5 * res.volume);
}

/** The render's PNG: the picture comes first, left of the panels, and shows a shaded surface (many colours, not the whole box). */
function expectPicture(p: Problem, design: Design, config: Record<string, number>, minColours: number) {
  const spec = p.render(design, config);
  expect(spec.pictures).toHaveLength(1);
  expect(spec.pictures![0].title).toMatch(/^isosurface ρ = 0\.5 \(\d+ triangles\), z up$/);
  const img = PNG.sync.read(Buffer.from(renderPng(spec)));
  const layout = renderLayout(spec);
  const box = layout.pictures[0];
  expect(box.x).toBeLessThan(layout.panels[0].x);
  let surface = 0;
  const colours = new Set<number>();
  for (let y = box.y; y < box.y + box.h; y++) {
    for (let x = box.x; x < box.x + box.w; x++) {
      const o = 4 * (y * img.width + x);
      const [r, g, b] = [img.data[o], img.data[o + 1], img.data[o + 2]];
      if (r === g && g === b) continue;
      surface++;
      colours.add((r << 16) | (g << 8) | b);
    }
  }
  expect(surface / (box.w * box.h)).toBeGreaterThan(0.05);
  expect(surface / (box.w * box.h)).toBeLessThan(0.8);
  expect(colours.size).toBeGreaterThan(minColours);
}

describe('solidBlock', () => {
  it("reads an 'xyz' design as [y, x, z] and leaves a 'yxz' one (and a 2-D one) as it is", () => {
    const xyz: Design = { shape: [4, 3, 2], data: Float64Array.from({ length: 24 }, (_, k) => k) };
    const b = solidBlock(xyz, 'xyz');
    expect(b.shape).toEqual([3, 4, 2]);
    for (let x = 0; x < 4; x++) for (let y = 0; y < 3; y++) for (let z = 0; z < 2; z++) expect(b.data[(y * 4 + x) * 2 + z]).toBe(xyz.data[(x * 3 + y) * 2 + z]);
    expect(solidBlock(xyz, 'yxz')).toBe(xyz);
    expect(solidBlock(xyz)).toBe(xyz);
    const flat: Design = { shape: [2, 3], data: new Float64Array(6) };
    expect(solidBlock(flat, 'xyz')).toBe(flat);
    expect(() => solidBlock({ shape: [4, 3, 2], data: new Float64Array(23) }, 'xyz')).toThrow(InputError);
  });
});

describe('ThermoElastic3D as a solid', () => {
  it('an optimized block: the isosurface picture, a watertight outward STL, and the volume-fraction check that says how grey it is', async () => {
    const p = await getProblem('thermoelastic3d');
    expect(p.solidAxes).toBe('yxz');
    const cfg = p.resolveConfig({ nelx: 8, nely: 6, nelz: 6, max_iter: 30 });
    const r = optimize(p, cfg);
    expectPicture(p, r.design, cfg as Record<string, number>, 30);
    const res = await exportStl(solidBlock(r.design, p.solidAxes), { scaleXy: 2 });
    expectSound(res);
    expect(res.bounds.max[0]).toBeLessThanOrEqual(16);
    expect(res.bounds.max[1]).toBeLessThanOrEqual(12);
    const vf = res.volumeFraction!;
    expect(vf.mesh).toBeCloseTo(res.volume / (8 * 6 * 6 * 8), 12);
    expect(vf.design).toBeCloseTo(r.design.data.reduce((s, v) => s + v, 0) / r.design.data.length, 12);
    // ThermoElastic3D's optimum keeps grey elements (measured: 60 steps at 8×6×6 and 12×8×8, mesh 0.21 against a
    // mean density of 0.30), so the check fails, as it should for a part that prints less material than the design holds
    expect(vf.mesh).toBeLessThan(vf.design - 0.05);
    expect(vf.ok).toBe(false);
    // the same design made 0/1 at the threshold: the mesh holds its material, within the tolerance
    const binary: Design = { shape: r.design.shape, data: r.design.data.map((v) => (v >= 0.5 ? 1 : 0)) };
    const b = await exportStl(solidBlock(binary, p.solidAxes), { scaleXy: 2 });
    expectSound(b);
    expect(b.volumeFraction!.design).toBe(vf.thresholded);
    expect(b.volumeFraction!.ok).toBe(true);
  }, 120_000);
});

describe('HeatConduction3D as a solid (nodal [x, y, z])', () => {
  it('a nodal slab along x exports unmirrored, watertight and outward, its volume fraction checked; the render leads with its picture', async () => {
    const p = await getProblem('heatconduction3d');
    expect(p.solidAxes).toBe('xyz');
    const n = 11;
    const cfg = p.resolveConfig({ resolution: n });
    // material where x < 7 (nodes), y ≥ 2 and z < 5: 7 × 9 × 5 of 11³ nodes, longest along x
    const design: Design = { shape: [n, n, n], data: new Float64Array(n ** 3) };
    for (let x = 0; x < 7; x++) for (let y = 2; y < n; y++) for (let z = 0; z < 5; z++) design.data[(x * n + y) * n + z] = 1;
    const res = await exportStl(solidBlock(design, p.solidAxes), {});
    expectSound(res);
    expect(res.bounds).toEqual({ min: [0, 2, 0], max: [7, n, 5] });
    expect(res.volumeFraction!.design).toBeCloseTo((7 * 9 * 5) / n ** 3, 12);
    expect(res.volumeFraction!.ok).toBe(true);
    // read in the wrong order it would be the mirror image: y and x swapped
    expect((await exportStl(design, {})).bounds).toEqual({ min: [2, 0, 0], max: [n, 7, 5] });
    // a box: its three visible faces in three shades
    expectPicture(p, design, cfg as Record<string, number>, 2);
  });

  it('an optimized design (3 steps at 11³): picture and a sound STL', async () => {
    const p = await getProblem('heatconduction3d');
    const cfg = p.resolveConfig({ resolution: 11, max_iter: 3 });
    const r = optimize(p, cfg);
    expectPicture(p, r.design, cfg as Record<string, number>, 30);
    const res = await exportStl(solidBlock(r.design, p.solidAxes), { threshold: 0.3 });
    expectSound(res);
    const vf = res.volumeFraction!;
    expect(vf.ok).toBe(Math.abs(vf.mesh - vf.design) <= 0.05);
  }, 120_000);
});
