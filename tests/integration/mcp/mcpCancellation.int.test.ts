/**
 * Cancelling a long tool call from an MCP client (notifications/cancelled, what the SDK client sends
 * when the call's AbortSignal fires) reaches the tool: the optimizer thread stops at once, the tool
 * reports a CancelledError (seen as the server's notifications/message), and no design is stored.
 * Over stdio and Streamable HTTP, with the SDK's own client and `engiai mcp engineering` in a
 * child process.
 */
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport, getDefaultEnvironment } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { LoggingMessageNotificationSchema, type LoggingMessageNotification } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, describe, expect, it } from 'vitest';
import { CancelledError } from '../../../tools/errors.ts';
import { McpConnection } from '../../../tools/mcp/mcpConnection.ts';
import { BIN } from '../cli/helpers.ts';
import { startMcpHttp, type McpHttpChild } from './mcpHttpKit.ts';

const homes: string[] = [];
const cleanups: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  for (const c of cleanups.reverse()) await c().catch(() => undefined);
  for (const h of homes) rmSync(h, { recursive: true, force: true });
});

function newHome(): string {
  const h = mkdtempSync(join(tmpdir(), 'engiai-mcp-cancel-'));
  homes.push(h);
  return h;
}

/** A Beams2D run far longer than the test waits: 400 SIMP iterations on 160×80. */
const LONG = { problem: 'beams2d', conditions: { volfrac: 0.4, rmin: 2, forcedist: 0.5 }, config: { nelx: 160, nely: 80, max_iter: 400 } };

function storedDesigns(home: string): string[] {
  try {
    return readdirSync(join(home, 'artifacts')).filter((n) => /^beams2d-[0-9a-f]{16}$/.test(n));
  } catch {
    return [];
  }
}

async function cancelMidway(client: Client, home: string) {
  const logs: LoggingMessageNotification['params'][] = [];
  client.setNotificationHandler(LoggingMessageNotificationSchema, (n) => void logs.push(n.params));
  const ac = new AbortController();
  const steps: number[] = [];
  const call = client.callTool({ name: 'optimize_design', arguments: LONG }, undefined, {
    signal: ac.signal,
    timeout: 120_000,
    onprogress: (p) => {
      steps.push(p.progress);
      if (p.progress === 3) ac.abort('the person pressed stop');
    },
  });
  await expect(call).rejects.toThrow(/stop/);
  const abortedAt = performance.now();
  // the tool itself ends with a CancelledError, long before 400 iterations could have run
  const failed = async () => {
    for (;;) {
      const l = logs.find((x) => (x.data as { event?: string }).event === 'tool failed');
      if (l) return l;
      if (performance.now() - abortedAt > 15_000) throw new Error(`no "tool failed" log after cancelling; logs: ${JSON.stringify(logs)}`);
      await new Promise((r) => setTimeout(r, 50));
    }
  };
  const end = await failed();
  expect(end).toMatchObject({ level: 'notice', logger: 'engiai-engineering', data: { tool: 'optimize_design', type: 'CancelledError' } });
  expect((end.data as { message: string }).message).toMatch(/optimization cancelled: the person pressed stop/);
  expect(performance.now() - abortedAt).toBeLessThan(10_000);
  expect(logs.some((l) => (l.data as { event?: string }).event === 'tool finished')).toBe(false);
  // nothing stored: on disk and in the tool's own listing
  expect(storedDesigns(home)).toEqual([]);
  const listed = await client.callTool({ name: 'list_designs', arguments: {} });
  expect(listed.structuredContent).toMatchObject({ count: 0 });
  expect(steps[0]).toBe(1);
}

describe('a cancelled optimize_design stops and stores nothing', () => {
  it('over stdio', async () => {
    const home = newHome();
    const transport = new StdioClientTransport({ command: process.execPath, args: [BIN, 'mcp', 'engineering'], env: { ...getDefaultEnvironment(), ENGIAI_HOME: home }, stderr: 'pipe' });
    const stderr: string[] = [];
    transport.stderr?.on('data', (b: Buffer) => stderr.push(b.toString()));
    const client = new Client({ name: 'engiai-test', version: '1.0.0' });
    await client.connect(transport);
    cleanups.push(() => client.close());
    await cancelMidway(client, home);
    expect(stderr.join('')).toMatch(/optimize_design failed: optimization cancelled/);
    // the server is still serving: a short run afterwards completes and is stored
    const ok = await client.callTool({ name: 'optimize_design', arguments: { ...LONG, config: { nelx: 30, nely: 15, max_iter: 3 } } });
    expect(ok.isError).toBeFalsy();
    expect(storedDesigns(home)).toHaveLength(1);
  }, 90_000);

  it('over Streamable HTTP', async () => {
    const home = newHome();
    const server: McpHttpChild = await startMcpHttp(['engineering', '--transport', 'http', '--port', '0'], { ENGIAI_HOME: home });
    cleanups.push(() => server.stop());
    const client = new Client({ name: 'engiai-test', version: '1.0.0' });
    await client.connect(new StreamableHTTPClientTransport(new URL(server.url)));
    cleanups.push(() => client.close());
    await cancelMidway(client, home);
    expect(server.stderr()).toMatch(/optimize_design failed: optimization cancelled/);
  }, 90_000);

  it("through our own McpConnection: a cancelled turn's signal cancels the call on the server", async () => {
    const home = newHome();
    const server: McpHttpChild = await startMcpHttp(['engineering', '--transport', 'http', '--port', '0'], { ENGIAI_HOME: home });
    cleanups.push(() => server.stop());
    const connection = new McpConnection('engineering', { kind: 'http', url: server.url }, { callTimeoutMs: 120_000 });
    cleanups.push(() => connection.close());
    const ac = new AbortController();
    const steps: number[] = [];
    const call = connection.callTool('optimize_design', LONG, (p) => {
      steps.push(p.progress);
      if (p.progress === 2) ac.abort('the turn was cancelled');
    }, ac.signal);
    const err = await call.catch((e: unknown) => e);
    expect(err).toBeInstanceOf(CancelledError);
    expect((err as Error).message).toMatch(/optimize_design on the engineering MCP server was cancelled: the turn was cancelled/);
    const t0 = performance.now();
    while (!/optimize_design failed: optimization cancelled/.test(server.stderr())) {
      if (performance.now() - t0 > 10_000) throw new Error(`the server did not stop the optimization: ${server.stderr()}`);
      await new Promise((r) => setTimeout(r, 50));
    }
    expect(storedDesigns(home)).toEqual([]);
    // an already cancelled signal sends nothing
    await expect(connection.callTool('list_designs', {}, undefined, ac.signal)).rejects.toBeInstanceOf(CancelledError);
  }, 90_000);
});
