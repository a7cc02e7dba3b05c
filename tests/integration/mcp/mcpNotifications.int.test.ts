/**
 * What the MCP servers declare, they do (SDK client, `engiai mcp engineering` over stdio and
 * Streamable HTTP): the logging capability sends notifications/message for each tool's start, end
 * and failure, at the level the client set with logging/setLevel (per session over HTTP); the
 * resources listChanged capability sends notifications/resources/list_changed when a call stores
 * new artifacts (and not when it stores none); a resource outside the artifact folder is
 * -32002 (resource not found), not an internal error.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport, getDefaultEnvironment } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { LoggingMessageNotificationSchema, McpError, ResourceListChangedNotificationSchema, type LoggingMessageNotification } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BIN } from '../cli/helpers.ts';
import { jsonHeaders, openSession, raw, startMcpHttp, type McpHttpChild } from './mcpHttpKit.ts';

const SHORT = { problem: 'beams2d', conditions: { volfrac: 0.4, rmin: 2, forcedist: 0.5 }, config: { nelx: 30, nely: 15, max_iter: 3 } };

interface Watched {
  client: Client;
  logs: LoggingMessageNotification['params'][];
  listChanged: number;
}

async function watched(transport: StdioClientTransport | StreamableHTTPClientTransport): Promise<Watched> {
  const w: Watched = { client: new Client({ name: 'engiai-test', version: '1.0.0' }), logs: [], listChanged: 0 };
  w.client.setNotificationHandler(LoggingMessageNotificationSchema, (n) => void w.logs.push(n.params));
  w.client.setNotificationHandler(ResourceListChangedNotificationSchema, () => void w.listChanged++);
  await w.client.connect(transport);
  return w;
}

/** Notifications come before the response on both transports; a short pause covers any reordering. */
const settle = () => new Promise((r) => setTimeout(r, 100));
const events = (w: Watched) => w.logs.map((l) => `${l.level} ${(l.data as { event: string; tool: string }).event} ${(l.data as { tool: string }).tool}`);

let home: string;
let server: McpHttpChild;
const clients: Client[] = [];
beforeAll(async () => {
  home = mkdtempSync(join(tmpdir(), 'engiai-mcp-notify-'));
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

describe.each(Object.entries(transports))('declared capabilities are honoured (%s)', (_kind, make) => {
  let w: Watched;
  beforeAll(async () => {
    w = await watched(make());
    clients.push(w.client);
  });

  it('declares logging and resources.listChanged', () => {
    expect(w.client.getServerCapabilities()).toMatchObject({ logging: {}, resources: { listChanged: true } });
  });

  it('logs tool start and finish, and announces new artifacts', async () => {
    const r = await w.client.callTool({ name: 'optimize_design', arguments: SHORT });
    expect(r.isError).toBeFalsy();
    await settle();
    expect(events(w)).toEqual(['info tool started optimize_design', 'info tool finished optimize_design']);
    expect(w.logs[1]).toMatchObject({ logger: 'engiai-engineering', data: { artifacts: 1 } });
    expect((w.logs[1].data as { ms: number }).ms).toBeGreaterThanOrEqual(0);
    expect(w.listChanged).toBe(1);
    // the announced list has the new design
    const { resources } = await w.client.listResources();
    expect(resources.some((x) => x.uri.endsWith('/design.npy'))).toBe(true);
    // a call that stores nothing announces nothing
    await w.client.callTool({ name: 'list_designs', arguments: {} });
    await settle();
    expect(w.listChanged).toBe(1);
  });

  it('at level error only failures are logged, with their type and message', async () => {
    w.logs.length = 0;
    await w.client.setLoggingLevel('error');
    await w.client.callTool({ name: 'list_designs', arguments: {} });
    const bad = await w.client.callTool({ name: 'simulate_design', arguments: { design_id: 'beams2d-ffffffffffffffff' } });
    expect(bad.isError).toBe(true);
    await settle();
    expect(events(w)).toEqual(['error tool failed simulate_design']);
    expect(w.logs[0].data).toMatchObject({ type: 'NotFoundError' });
    await w.client.setLoggingLevel('debug');
  });

  it('a resource outside the artifact folder is -32002 (resource not found) with its uri', async () => {
    for (const uri of ['file:///etc/passwd', `file://${home}/artifacts/../threads.sqlite`, 'file://otherhost/etc/passwd', `file://${home}/artifacts/nothing-here.npy`]) {
      const err = await w.client.readResource({ uri }).then(
        () => null,
        (e: unknown) => e,
      );
      expect(err, uri).toBeInstanceOf(McpError);
      expect((err as McpError).code, uri).toBe(-32002);
      expect((err as McpError).message).toContain('no artifact at');
      expect((err as McpError).data).toEqual({ uri: new URL(uri).href });
    }
  });
});

it('over HTTP the level is per session: one client at error does not silence another', async () => {
  const quiet = await watched(transports.http());
  const chatty = await watched(transports.http());
  clients.push(quiet.client, chatty.client);
  await quiet.client.setLoggingLevel('error');
  await quiet.client.callTool({ name: 'list_designs', arguments: {} });
  await chatty.client.callTool({ name: 'list_designs', arguments: {} });
  await settle();
  expect(events(quiet)).toEqual([]);
  expect(events(chatty)).toEqual(['info tool started list_designs', 'info tool finished list_designs']);
});

it('over HTTP a call\'s log messages and list_changed travel on the call\'s own stream, before its result: a client without the standalone GET stream gets them', async () => {
  const id = await openSession(server.url);
  const call = JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'optimize_design', arguments: SHORT } });
  const r = await raw(server.url, { headers: jsonHeaders({ 'mcp-session-id': id, 'mcp-protocol-version': '2025-06-18' }), body: call, timeoutMs: 60_000 });
  expect(r.status).toBe(200);
  const messages = r.text.split('\n').filter((l) => l.startsWith('data: ')).map((l) => JSON.parse(l.slice(6)) as { method?: string; id?: number; params?: { data?: { event?: string } } });
  const order = messages.map((m) => (m.method === 'notifications/message' ? m.params?.data?.event : m.method ?? `result ${m.id}`));
  expect(order).toEqual(['tool started', 'tool finished', 'notifications/resources/list_changed', 'result 2']);
});
