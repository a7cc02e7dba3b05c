/** Beams3D through the agent tools the registry generates (the same tools the MCP engineering server and the web chat serve): nothing names it there. */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runToolCall } from '../../../agents/supervisor/runToolCall.ts';
import { engineeringContext } from '../../../tools/engineering/context.ts';
import { checkMesh } from '../../../tools/engineering/export/meshCheck.ts';
import { engineeringTools } from '../../../tools/engineering/tools/index.ts';
import { bindTools, type BoundTool, type ToolRuntime } from '../../../tools/tool.ts';
import { parseBinaryStl } from '../../support/parseBinaryStl.ts';

let home: string;
let tools: BoundTool[];
const runtime: ToolRuntime = { askHuman: async () => 'no', threadId: 'thread-b3' };
beforeAll(async () => {
  home = mkdtempSync(join(tmpdir(), 'engiai-b3-tools-'));
  tools = bindTools(await engineeringTools(), engineeringContext(home));
});
afterAll(() => rmSync(home, { recursive: true, force: true }));
const call = (name: string, args: unknown) => runToolCall({ id: `id-${name}`, name, args }, tools, runtime, async () => false);

describe('beams3d through the agent tools', () => {
  it('describe → optimize → simulate → render store and evaluate a 3-D design; its STL is a watertight surface', async () => {
    const described = (await call('describe_problem', { problem: 'beams3d' })).result as Record<string, unknown>;
    expect(JSON.stringify(described)).toMatch(/forcedist_x/);
    const opt = await call('optimize_design', { problem: 'beams3d', conditions: { volfrac: 0.3, forcedist_x: 0.25 }, config: { nelx: 6, nely: 4, nelz: 4, max_iter: 3 } });
    expect(opt.ok, JSON.stringify(opt.result)).toBe(true);
    const o = opt.result as { design_id: string; final_objective: { c: number } };
    expect(o.design_id).toMatch(/^beams3d-[0-9a-f]{16}$/);
    const sim = await call('simulate_design', { design_id: o.design_id });
    expect(sim.ok, JSON.stringify(sim.result)).toBe(true);
    const c = (sim.result as { objectives: { c: number } }).objectives.c;
    expect(c).toBeGreaterThan(0);
    expect(c).toBeLessThan(o.final_objective.c * 1.05);
    const render = await call('render_design', { design_id: o.design_id });
    expect(render.ok, JSON.stringify(render.result)).toBe(true);
    // the STL is the design's surface; scale_z (not given) is the voxel height, scale_xy by default
    const stl = await call('convert_design_to_stl', { design_id: o.design_id, threshold: 0.3, scale_xy: 2.5 });
    expect(stl.ok, JSON.stringify(stl.result)).toBe(true);
    const s = stl.result as { stl_path: string; scale_z: number; watertight: boolean; triangles: number; volume_mm3: number; volume_fraction: { mesh: number; design: number; tolerance: number; ok: boolean } };
    expect(s.scale_z).toBe(2.5);
    expect(s.watertight).toBe(true);
    expect(s.stl_path).toMatch(/design-t0\.3-xy2\.5-z2\.5\.stl$/);
    const written = checkMesh(parseBinaryStl(new Uint8Array(readFileSync(s.stl_path))).positions);
    expect(written.watertight).toBe(true);
    expect(written.triangles).toBe(s.triangles);
    expect(s.volume_mm3).toBeCloseTo(written.signedVolume, 1);
    expect(s.volume_fraction.mesh).toBeCloseTo(s.volume_mm3 / (6 * 4 * 4 * 2.5 ** 3), 3);
    expect(s.volume_fraction.tolerance).toBe(0.05);
    expect(s.volume_fraction.ok).toBe(Math.abs(s.volume_fraction.mesh - s.volume_fraction.design) <= 0.05);
    // an explicit scale_z stretches the voxels; a threshold nothing reaches is refused
    const tall = (await call('convert_design_to_stl', { design_id: o.design_id, threshold: 0.3, scale_xy: 2.5, scale_z: 5 })).result as { volume_mm3: number };
    expect(tall.volume_mm3 / s.volume_mm3).toBeCloseTo(2, 6);
    const none = await call('convert_design_to_stl', { design_id: o.design_id, threshold: 0.999 });
    expect(none.ok).toBe(false);
    expect(JSON.stringify(none.result)).toMatch(/nothing to export: no density reaches the threshold 0.999/);
  });
});
