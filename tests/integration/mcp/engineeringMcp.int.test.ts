/**
 * `engiai mcp engineering` with the MCP SDK's own client over stdio: the engineering tools are
 * listed with their schemas (no ask-the-person tool), optimization sends one progress notification
 * per iteration, artifacts come back as resource links readable as resources — and only those
 * inside the artifact folder. stdout carries JSON-RPC only.
 */
import { readFileSync, rmSync, statSync } from 'node:fs';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport, getDefaultEnvironment } from '@modelcontextprotocol/sdk/client/stdio.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BIN } from '../cli/helpers.ts';

let home: string;
let client: Client;
let transport: StdioClientTransport;
const stderr: string[] = [];
/** Every message the server wrote, in its order, as the transport read it (before the SDK's client handles it). */
const wire: { method?: string; id?: unknown; params?: { progress?: number }; result?: unknown }[] = [];

beforeAll(async () => {
  home = mkdtempSync(join(tmpdir(), 'engiai-mcp-eng-'));
  transport = new StdioClientTransport({ command: process.execPath, args: [BIN, 'mcp', 'engineering'], env: { ...getDefaultEnvironment(), ENGIAI_HOME: home }, stderr: 'pipe' });
  transport.stderr?.on('data', (b: Buffer) => stderr.push(b.toString()));
  client = new Client({ name: 'engiai-test', version: '1.0.0' });
  await client.connect(transport);
  const deliver = transport.onmessage!;
  transport.onmessage = (m) => {
    wire.push(m as (typeof wire)[number]);
    deliver(m);
  };
});
afterAll(async () => {
  await client?.close();
  rmSync(home, { recursive: true, force: true });
});

type Link = { type: string; uri: string; mimeType?: string; name: string; description?: string };

describe('engiai mcp engineering (stdio, SDK client)', () => {
  it('lists the engineering tools with their zod-derived JSON schemas', async () => {
    const { tools } = await client.listTools();
    const names = tools.map((t) => t.name);
    expect(names).toEqual(['describe_problem', 'create_problem', 'optimize_design', 'simulate_design', 'render_design', 'convert_design_to_stl', 'list_designs', 'compare_designs']);
    const stl = tools.find((t) => t.name === 'convert_design_to_stl')!;
    expect(stl.inputSchema).toMatchObject({ type: 'object', required: ['design_id'], properties: { threshold: { type: 'number', exclusiveMinimum: 0 } } });
    expect(stl.inputSchema.additionalProperties).toBe(false);
    expect(stderr.join('')).toContain('MCP server ready on stdio');
  });

  it('optimizes with a progress notification per iteration and returns the design files as resource links', async () => {
    const progress: { progress: number; total?: number; message?: string }[] = [];
    const r = await client.callTool(
      { name: 'optimize_design', arguments: { problem: 'beams2d', conditions: { volfrac: 0.4, rmin: 2, forcedist: 0.5 }, config: { nelx: 30, nely: 15, max_iter: 10 } } },
      undefined,
      { onprogress: (p) => progress.push(p) },
    );
    expect(r.isError).toBeFalsy();
    const result = r.structuredContent as { design_id: string; iterations: number; path: string };
    expect(result.iterations).toBe(10);
    // the server writes one progress notification per iteration, all before the result. The SDK's client drops
    // those it reads in the same chunk as the result (it handles a notification a microtask after a response), so
    // on a loaded machine `onprogress` may see fewer: what it sees is a prefix, in order.
    const answer = wire.findIndex((m) => (m.result as { structuredContent?: { design_id?: string } } | undefined)?.structuredContent?.design_id === result.design_id);
    expect(answer).toBeGreaterThan(0);
    const sent = wire.slice(0, answer).filter((m) => m.method === 'notifications/progress');
    expect(sent.map((m) => m.params!.progress)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(sent[9].params).toMatchObject({ total: 10 });
    expect(wire.slice(answer).some((m) => m.method === 'notifications/progress')).toBe(false);
    expect(progress.length).toBeGreaterThan(0);
    expect(progress.map((p) => p.progress)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10].slice(0, progress.length));
    expect(progress[0].message).toMatch(/^c \d/);
    const links = (r.content as Link[]).filter((c) => c.type === 'resource_link');
    expect(links.length).toBeGreaterThan(0);
    const npy = links.find((l) => l.name === 'design.npy')!;
    expect(npy.uri).toBe(`file://${join(result.path, 'design.npy')}`);

    // the link reads back as a resource, byte for byte
    const res = await client.readResource({ uri: npy.uri });
    const blob = (res.contents[0] as { blob: string }).blob;
    expect(Buffer.from(blob, 'base64').equals(readFileSync(join(result.path, 'design.npy')))).toBe(true);
    const listed = await client.listResources();
    expect(listed.resources.map((x) => x.uri)).toContain(npy.uri);

    // an STL export: a model/stl resource link
    const stl = await client.callTool({ name: 'convert_design_to_stl', arguments: { design_id: result.design_id } });
    const link = (stl.content as Link[]).find((c) => c.type === 'resource_link')!;
    expect(link).toMatchObject({ mimeType: 'model/stl' });
    const path = decodeURI(link.uri.slice('file://'.length));
    expect(Buffer.from(((await client.readResource({ uri: link.uri })).contents[0] as { blob: string }).blob, 'base64').length).toBe(statSync(path).size);
  });

  it('a Beams3D design exports over MCP to a watertight surface STL with its volume-fraction check', async () => {
    const r = await client.callTool({ name: 'optimize_design', arguments: { problem: 'beams3d', conditions: { volfrac: 0.3 }, config: { nelx: 6, nely: 4, nelz: 4, max_iter: 5 } } });
    expect(r.isError).toBeFalsy();
    const id = (r.structuredContent as { design_id: string }).design_id;
    const stl = await client.callTool({ name: 'convert_design_to_stl', arguments: { design_id: id, threshold: 0.3, scale_xy: 2 } });
    expect(stl.isError, JSON.stringify(stl.content)).toBeFalsy();
    const out = stl.structuredContent as { scale_z: number; watertight: boolean; triangles: number; volume_fraction: { mesh: number; tolerance: number } };
    expect(out).toMatchObject({ scale_z: 2, watertight: true, volume_fraction: { tolerance: 0.05 } });
    expect(out.volume_fraction.mesh).toBeGreaterThan(0);
    const link = (stl.content as Link[]).find((c) => c.type === 'resource_link')!;
    const bytes = Buffer.from(((await client.readResource({ uri: link.uri })).contents[0] as { blob: string }).blob, 'base64');
    expect(bytes.length).toBe(84 + 50 * out.triangles);
  });

  it('refuses resources outside the artifact folder and reports bad arguments as tool errors', async () => {
    await expect(client.readResource({ uri: 'file:///etc/passwd' })).rejects.toThrow(/no artifact at file:\/\/\/etc\/passwd/);
    await expect(client.readResource({ uri: `file://${home}/artifacts/../threads.sqlite` })).rejects.toThrow(/no artifact/);
    const bad = await client.callTool({ name: 'simulate_design', arguments: { design_id: 'beams2d-ffffffffffffffff' } });
    expect(bad.isError).toBe(true);
    expect(JSON.parse((bad.content as { text: string }[])[0].text)).toMatchObject({ error: { type: 'NotFoundError' } });
    const invalid = await client.callTool({ name: 'optimize_design', arguments: { problem: 'beams2d', conditions: { volfrac: 7 } } });
    expect(invalid.isError).toBe(true);
    expect((invalid.content as { text: string }[])[0].text).toMatch(/volfrac/);
  });
});
