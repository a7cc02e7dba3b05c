/** Node masks through `engiai mcp engineering` over stdio with the SDK's client: the input schema offers them, a mask changes the result, a bad one is a tool error naming it. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport, getDefaultEnvironment } from '@modelcontextprotocol/sdk/client/stdio.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BIN } from '../cli/helpers.ts';

let home: string;
let client: Client;

beforeAll(async () => {
  home = mkdtempSync(join(tmpdir(), 'engiai-mcp-masks-'));
  const transport = new StdioClientTransport({ command: process.execPath, args: [BIN, 'mcp', 'engineering'], env: { ...getDefaultEnvironment(), ENGIAI_HOME: home }, stderr: 'pipe' });
  client = new Client({ name: 'engiai-test', version: '1.0.0' });
  await client.connect(transport);
});
afterAll(async () => {
  await client?.close();
  rmSync(home, { recursive: true, force: true });
});

const text = (r: unknown) => JSON.stringify((r as { content?: unknown }).content);

describe('node masks over MCP', () => {
  it('optimize_design offers the masks in its schema; heatsink_elements changes a thermoelastic3d result; simulate_design keeps it', async () => {
    const { tools } = await client.listTools();
    const opt = tools.find((t) => t.name === 'optimize_design')!;
    const conditions = (opt.inputSchema.properties as Record<string, { properties: Record<string, { type: string; description: string }> }>).conditions;
    expect(conditions.properties.heatsink_elements).toMatchObject({ type: 'array' });
    expect(conditions.properties.heatsink_elements.description).toMatch(/thermoelastic3d: heat-sink nodes/);
    const args = { problem: 'thermoelastic3d', config: { nelx: 4, nely: 4, nelz: 4, max_iter: 2 } };
    const base = await client.callTool({ name: 'optimize_design', arguments: args });
    expect(base.isError, text(base)).toBeFalsy();
    const cooled = await client.callTool({ name: 'optimize_design', arguments: { ...args, conditions: { heatsink_elements: [[4, 4, 0], [0, 0, 4]] } } });
    expect(cooled.isError, text(cooled)).toBeFalsy();
    const a = base.structuredContent as { final_objective: Record<string, number> };
    const b = cooled.structuredContent as { design_id: string; final_objective: Record<string, number>; masks: Record<string, { nodes: number; list: number[][] }> };
    expect(b.masks.heatsink_elements).toMatchObject({ nodes: 2, list: [[0, 0, 4], [4, 4, 0]] });
    expect(b.final_objective.thermal_compliance).toBeLessThan(a.final_objective.thermal_compliance);
    const sim = await client.callTool({ name: 'simulate_design', arguments: { design_id: b.design_id } });
    expect(sim.isError, text(sim)).toBeFalsy();
    expect((sim.structuredContent as { masks: unknown }).masks).toEqual(b.masks);
  });

  it("a bad mask is a tool error naming it (EngiBench's message for an empty support)", async () => {
    const r = await client.callTool({ name: 'optimize_design', arguments: { problem: 'beams3d', config: { nelx: 6, nely: 4, nelz: 4, max_iter: 1, fixed_elements: [] } } });
    expect(r.isError).toBe(true);
    expect(text(r)).toMatch(/Params\.fixed_elements must contain at least one fixed node\./);
    const big = await client.callTool({ name: 'optimize_design', arguments: { problem: 'beams3d', config: { nelx: 6, nely: 4, nelz: 4, max_iter: 1, fixed_elements: [[0, 0, 80]] } } });
    expect(big.isError).toBe(true);
    expect(text(big)).toMatch(/fixed_elements: node \[0, 0, 80\] is larger than any grid allows/);
  });
});
