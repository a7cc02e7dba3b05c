/**
 * The engineering tools as an MCP 2025-06-18 client sees them, over stdio and Streamable HTTP with
 * the SDK's client: every tool has a title and an output schema, and every call's
 * structuredContent matches it (checked by the server before it answers and again by the SDK
 * client, which validates against the schemas it listed). Progress reaches a client that sent a
 * progress token on both transports, and none is sent to one that did not.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport, getDefaultEnvironment } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { ProgressNotificationSchema } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BIN } from '../cli/helpers.ts';
import { startMcpHttp, type McpHttpChild } from './mcpHttpKit.ts';

const BEAM = { problem: 'beams2d', conditions: { volfrac: 0.4, rmin: 2, forcedist: 0.5 }, config: { nelx: 30, nely: 15, max_iter: 4 } };

let home: string;
let server: McpHttpChild;
const clients: Client[] = [];
beforeAll(async () => {
  home = mkdtempSync(join(tmpdir(), 'engiai-mcp-shapes-'));
  server = await startMcpHttp(['engineering', '--transport', 'http', '--port', '0'], { ENGIAI_HOME: home });
});
afterAll(async () => {
  for (const c of clients) await c.close().catch(() => undefined);
  await server?.stop();
  rmSync(home, { recursive: true, force: true });
});

const transports = {
  stdio: () => new StdioClientTransport({ command: process.execPath, args: [BIN, 'mcp', 'engineering'], env: { ...getDefaultEnvironment(), ENGIAI_HOME: home }, stderr: 'pipe' }),
  http: () => new StreamableHTTPClientTransport(new URL(server.url)),
};

describe.each(Object.entries(transports))('engineering tools: titles, output schemas, progress (%s)', (_kind, make) => {
  let client: Client;
  beforeAll(async () => {
    client = new Client({ name: 'engiai-test', version: '1.0.0' });
    await client.connect(make());
    clients.push(client);
  });

  it('lists every tool with a title and an object output schema', async () => {
    const { tools } = await client.listTools();
    expect(tools).toHaveLength(8);
    for (const t of tools) {
      expect(t.title, t.name).toMatch(/^[A-Z][a-z]/);
      expect(t.outputSchema, t.name).toMatchObject({ type: 'object' });
    }
    const optimize = tools.find((t) => t.name === 'optimize_design')!;
    expect(optimize.title).toBe('Optimize a design');
    expect(optimize.outputSchema).toMatchObject({ required: expect.arrayContaining(['design_id', 'final_objective', 'iterations', 'warnings']) });
  });

  it("every tool's structuredContent matches its output schema (server and client check it)", async () => {
    const call = async (name: string, args: Record<string, unknown>) => {
      const r = await client.callTool({ name, arguments: args });
      expect(r.isError, `${name}: ${JSON.stringify(r.content)}`).toBeFalsy();
      expect(r.structuredContent).toBeTypeOf('object');
      // the text block carries the same JSON (for clients that read only content)
      expect(JSON.parse((r.content as { text: string }[])[0].text)).toEqual(r.structuredContent);
      return r.structuredContent as Record<string, unknown>;
    };
    expect(await call('describe_problem', {})).toHaveProperty('problems');
    expect(await call('describe_problem', { problem: 'beams2d' })).toMatchObject({ id: 'beams2d' });
    expect(await call('create_problem', BEAM)).toMatchObject({ problem: 'beams2d', design_shape: [15, 30] });
    const progress: number[] = [];
    const a = await client.callTool({ name: 'optimize_design', arguments: BEAM }, undefined, { onprogress: (p) => void progress.push(p.progress) });
    expect(progress).toEqual([1, 2, 3, 4]);
    const first = (a.structuredContent as { design_id: string }).design_id;
    const second = (await call('optimize_design', { ...BEAM, conditions: { ...BEAM.conditions, volfrac: 0.5 } })).design_id as string;
    expect(await call('simulate_design', { design_id: first })).toMatchObject({ design_id: first });
    expect(await call('simulate_design', { design_id: first, conditions: { volfrac: 0.5 } })).toHaveProperty('note');
    expect(await call('render_design', { design_id: first })).toHaveProperty('files');
    expect(await call('convert_design_to_stl', { design_id: first })).toMatchObject({ watertight: expect.any(Boolean) });
    expect((await call('list_designs', { scope: 'all' })).count).toBeGreaterThanOrEqual(2);
    expect(await call('compare_designs', { design_ids: [first, second] })).toMatchObject({ differing_conditions: ['volfrac'] });
  });

  it('sends no progress to a call without a progress token', async () => {
    let seen = 0;
    client.setNotificationHandler(ProgressNotificationSchema, () => void seen++);
    const r = await client.callTool({ name: 'optimize_design', arguments: BEAM });
    expect(r.isError).toBeFalsy();
    await new Promise((res) => setTimeout(res, 100));
    expect(seen).toBe(0);
  });
});
