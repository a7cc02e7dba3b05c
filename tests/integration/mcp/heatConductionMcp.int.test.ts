/**
 * HeatConduction2D and 3D over `engiai mcp engineering` (stdio, the MCP SDK's own client): the
 * registry's problems reach MCP with nothing naming them there — optimize with progress per step
 * (step 0 included) and simulate of the stored design.
 */
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
  home = mkdtempSync(join(tmpdir(), 'engiai-mcp-heat-'));
  const transport = new StdioClientTransport({ command: process.execPath, args: [BIN, 'mcp', 'engineering'], env: { ...getDefaultEnvironment(), ENGIAI_HOME: home }, stderr: 'pipe' });
  client = new Client({ name: 'engiai-test', version: '1.0.0' });
  await client.connect(transport);
});
afterAll(async () => {
  await client?.close();
  rmSync(home, { recursive: true, force: true });
});

describe('heat conduction over MCP', () => {
  for (const [problem, conditions, config] of [
    ['heatconduction2d', { volume: 0.4, length: 0.5 }, { resolution: 21, max_iter: 5 }],
    ['heatconduction3d', { volume: 0.3, area: 0.5 }, { resolution: 11, max_iter: 3 }],
  ] as const) {
    it(`${problem}: optimize with a progress notification per step, then simulate the stored design`, async () => {
      const progress: number[] = [];
      const r = await client.callTool({ name: 'optimize_design', arguments: { problem, conditions, config } }, undefined, { onprogress: (p) => progress.push(p.progress) });
      expect(r.isError, JSON.stringify(r.content)).toBeFalsy();
      const result = r.structuredContent as { design_id: string; iterations: number };
      expect(result.design_id).toMatch(new RegExp(`^${problem}-[0-9a-f]{16}$`));
      expect(progress).toHaveLength(config.max_iter + 1);
      const sim = await client.callTool({ name: 'simulate_design', arguments: { design_id: result.design_id } });
      expect(sim.isError, JSON.stringify(sim.content)).toBeFalsy();
      expect((sim.structuredContent as { objectives: { c: number } }).objectives.c).toBeGreaterThan(0);
    });
  }
});
