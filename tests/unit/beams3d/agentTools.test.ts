/** Beams3D through the agent tools the registry generates (the same tools the MCP engineering server and the web chat serve): nothing names it there. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runToolCall } from '../../../agents/supervisor/runToolCall.ts';
import { engineeringContext } from '../../../tools/engineering/context.ts';
import { engineeringTools } from '../../../tools/engineering/tools/index.ts';
import { bindTools, type BoundTool, type ToolRuntime } from '../../../tools/tool.ts';

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
  it('describe → optimize → simulate → render store and evaluate a 3-D design; STL says 3-D export is not built', async () => {
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
    const stl = await call('convert_design_to_stl', { design_id: o.design_id, threshold: 0.5, scale_xy: 1, scale_z: 4, mirror_y: false });
    expect(stl.ok).toBe(false);
    expect(JSON.stringify(stl.result)).toMatch(/extrudes 2-D designs; this design is 4x6x4/);
  });
});
