/** Node masks through the agent tools the registry generates (the tools MCP and the web chat serve): schema, results, stored design, errors. */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runToolCall } from '../../../agents/supervisor/runToolCall.ts';
import { engineeringContext } from '../../../tools/engineering/context.ts';
import { engineeringTools } from '../../../tools/engineering/tools/index.ts';
import { bindTools, type BoundTool, type ToolRuntime } from '../../../tools/tool.ts';

let home: string;
let tools: BoundTool[];
const runtime: ToolRuntime = { askHuman: async () => 'no', threadId: 'thread-masks' };
beforeAll(async () => {
  home = mkdtempSync(join(tmpdir(), 'engiai-mask-tools-'));
  tools = bindTools(await engineeringTools(), engineeringContext(home));
});
afterAll(() => rmSync(home, { recursive: true, force: true }));
const call = (name: string, args: unknown) => runToolCall({ id: `id-${name}`, name, args }, tools, runtime, async () => false);
const grid = { nelx: 6, nely: 4, nelz: 4, max_iter: 2 };
const fixed = [[0, 0, 0], [0, 0, 4], [0, 4, 0], [0, 4, 4]]; // in node-id order, as stored

describe('node masks through the agent tools', () => {
  it('describe_problem lists the masks; optimize_design with a mask differs from the default, stores it, and simulate_design keeps it', async () => {
    const described = (await call('describe_problem', { problem: 'beams3d' })).result as { masks: { name: string; role: string; default: string }[] };
    expect(described.masks.map((m) => [m.name, m.role])).toEqual([['fixed_elements', 'config'], ['force_elements_z', 'config'], ['force_elements_x', 'config'], ['force_elements_y', 'config']]);
    const base = await call('optimize_design', { problem: 'beams3d', conditions: { volfrac: 0.3 }, config: grid });
    expect(base.ok, JSON.stringify(base.result)).toBe(true);
    const masked = await call('optimize_design', { problem: 'beams3d', conditions: { volfrac: 0.3 }, config: { ...grid, fixed_elements: fixed } });
    expect(masked.ok, JSON.stringify(masked.result)).toBe(true);
    const a = base.result as { design_id: string; final_objective: { c: number }; masks?: unknown };
    const m = masked.result as { design_id: string; final_objective: { c: number }; masks: Record<string, { nodes: number; list: number[][] }>; path: string };
    expect(a.masks).toBeUndefined();
    expect(m.masks.fixed_elements).toMatchObject({ nodes: 4, list: fixed });
    expect(m.final_objective.c).not.toBe(a.final_objective.c);
    // meta.json keeps the nodes, so that the design can be simulated again under them
    const meta = JSON.parse(readFileSync(join(m.path, 'meta.json'), 'utf8'));
    expect(meta.config.fixed_elements.nodes).toEqual(fixed);
    const sim = (await call('simulate_design', { design_id: m.design_id })).result as { objectives: { c: number }; masks: unknown; conditions_changed?: unknown };
    expect(sim.objectives.c).toBeCloseTo(m.final_objective.c, 3);
    expect(sim.masks).toEqual(m.masks);
    expect(sim.conditions_changed).toBeUndefined();
    // under other masks it says what changed (a mask is shown compact, a default as 'default')
    const under = (await call('simulate_design', { design_id: m.design_id, conditions: { fixed_elements: [[0, 0, 0], [6, 0, 0], [0, 4, 0], [6, 4, 0]] } })).result as { conditions_changed: Record<string, { stored: { nodes: number }; used: { nodes: number } }>; objectives: { c: number } };
    expect(Object.keys(under.conditions_changed)).toEqual(['fixed_elements']);
    expect(under.objectives.c).not.toBeCloseTo(sim.objectives.c, 3);
    // list_designs shows the config with the mask compact
    const listed = (await call('list_designs', {})).result as { designs: { design_id: string; config: Record<string, unknown> }[] };
    expect(listed.designs.find((d) => d.design_id === m.design_id)!.config.fixed_elements).toMatchObject({ nodes: 4 });
    // compare_designs names the mask as what differs
    const cmp = (await call('compare_designs', { design_ids: [a.design_id, m.design_id] })).result as { differing_conditions: string[]; designs: { masks?: unknown }[] };
    expect(cmp.differing_conditions).toEqual(['fixed_elements']);
    expect(cmp.designs[0].masks).toBeUndefined();
    expect(cmp.designs[1].masks).toEqual(m.masks);
  });

  it('thermoelastic3d takes its masks as conditions; bad masks are refused by name and nothing is stored', async () => {
    const ok = await call('create_problem', { problem: 'thermoelastic3d', conditions: { heatsink_elements: [[4, 4, 0], [0, 0, 4]] }, config: { nelx: 4, nely: 4, nelz: 4 } });
    expect(ok.ok, JSON.stringify(ok.result)).toBe(true);
    expect((ok.result as { masks: Record<string, { nodes: number }> }).masks.heatsink_elements.nodes).toBe(2);
    const before = ((await call('list_designs', { scope: 'all' })).result as { count: number }).count;
    const empty = await call('optimize_design', { problem: 'thermoelastic3d', conditions: { heatsink_elements: [] }, config: { nelx: 4, nely: 4, nelz: 4, max_iter: 1 } });
    expect(empty.ok).toBe(false);
    expect(JSON.stringify(empty.result)).toMatch(/heatsink_elements must contain at least one heat-sink node/);
    const shape = await call('optimize_design', { problem: 'beams3d', config: { ...grid, force_elements_z: [[[1]]] } });
    expect(shape.ok).toBe(false);
    expect(JSON.stringify(shape.result)).toMatch(/Invalid shape for force_elements_z\./);
    const words = await call('optimize_design', { problem: 'beams3d', config: { ...grid, fixed_elements: 'the left face' } });
    expect(words.ok).toBe(false);
    expect(JSON.stringify(words.result)).toMatch(/fixed_elements/);
    expect(((await call('list_designs', { scope: 'all' })).result as { count: number }).count).toBe(before);
  });
});
