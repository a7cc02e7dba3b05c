/**
 * `engiai mcp prusa --transport http` locked like the web server, over the real transport with the
 * real SDK client and the printer simulator behind it: a foreign Host or Origin is refused on every
 * bind address (127.0.0.1, 127.0.0.2, 0.0.0.0) before anything reaches the printer; off loopback it
 * will not start without a token, and then every request needs it; errors are JSON-RPC objects
 * (parse error -32700, 413, unknown session 404), never HTML; sessions are capped and expire; our
 * own client starts a new session when the server restarted.
 */
import { rmSync, writeFileSync } from 'node:fs';
import { request, type ClientRequest } from 'node:http';
import { connect } from 'node:net';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { McpConnection } from '../../../tools/mcp/mcpConnection.ts';
import { startPrinterSim, type RunningSim } from '../../../tools/prusa/printerSim/simServer.ts';
import { prusaHome, type PrusaHome } from '../prusa/prusaKit.ts';
import { INITIALIZE, jsonHeaders, openSession, raw, startMcpHttp, type McpHttpChild } from './mcpHttpKit.ts';

const KEY = 'mcp-key-0123456789';
const TOKEN = 'tok-3f9a1c7e5b2d4a6f8e0c';
let h: PrusaHome;
let sim: RunningSim;
const running: McpHttpChild[] = [];

const env = (extra: Record<string, string> = {}) => ({ ENGIAI_HOME: h.home, ENGIAI_PRINTER_URL: sim.url, ENGIAI_PRINTER_KEY: KEY, ENGIAI_MCP_TOKEN: undefined, ENGIAI_CONFIG: undefined, ...extra });
async function serve(args: string[], extra: Record<string, string> = {}): Promise<McpHttpChild> {
  const s = await startMcpHttp(['prusa', '--transport', 'http', ...(args.includes('--port') ? [] : ['--port', '0']), ...args], env(extra));
  running.push(s);
  return s;
}
const startPrint = (id: number) => JSON.stringify({ jsonrpc: '2.0', id, method: 'tools/call', params: { name: 'start_print', arguments: { file: 'ok.gcode' } } });

/** A JSON-RPC error object and nothing of Express's HTML page. */
function expectRpcError(r: { status: number; headers: Record<string, unknown>; text: string }, status: number, code?: number) {
  expect(r.status, r.text).toBe(status);
  expect(String(r.headers['content-type'])).toMatch(/^application\/json/);
  expect(r.text).not.toMatch(/<html|<pre>|\n\s+at |node_modules|\/work\//i);
  const body = JSON.parse(r.text) as { jsonrpc: string; error: { code: number; message: string }; id: null };
  expect(body).toMatchObject({ jsonrpc: '2.0', id: null, error: { message: expect.any(String) } });
  if (code !== undefined) expect(body.error.code).toBe(code);
  return body.error;
}

beforeAll(async () => {
  h = prusaHome();
  sim = await startPrinterSim({ apiKey: KEY, speed: 1000 });
});
afterAll(async () => {
  for (const s of running) await s.stop();
  await sim?.close();
  rmSync(h.home, { recursive: true, force: true });
});

describe('Host and Origin allow-lists on every bind address', () => {
  for (const [bind, args, extra] of [
    ['127.0.0.1', [], {}],
    ['127.0.0.2', ['--host', '127.0.0.2'], {}],
    ['0.0.0.0', ['--host', '0.0.0.0'], { ENGIAI_MCP_TOKEN: TOKEN }],
  ] as const) {
    it(`bound to ${bind}: a foreign Host or Origin never reaches a tool; its own names do`, async () => {
      const s = await serve([...args], extra);
      const auth: Record<string, string> = 'ENGIAI_MCP_TOKEN' in extra ? { authorization: `Bearer ${TOKEN}` } : {};
      const port = new URL(s.url).port;
      const url = s.url.replace('0.0.0.0', '127.0.0.1');
      for (const host of ['attacker.example', `attacker.example:${port}`, 'localhost.attacker.example', '127.0.0.1.nip.io']) {
        expectRpcError(await raw(url, { headers: jsonHeaders({ ...auth, host }), body: INITIALIZE }), 421);
        expectRpcError(await raw(url, { headers: jsonHeaders({ ...auth, host, 'mcp-session-id': 'x' }), body: startPrint(2) }), 421);
      }
      // a session opened honestly is still refused when the request comes with a foreign Host or Origin
      const id = await openSession(url, auth);
      expectRpcError(await raw(url, { headers: jsonHeaders({ ...auth, host: 'attacker.example', 'mcp-session-id': id }), body: startPrint(3) }), 421);
      for (const origin of ['http://attacker.example', `http://localhost:${port}.attacker.example`, 'null', 'garbage']) {
        expectRpcError(await raw(url, { headers: jsonHeaders({ ...auth, origin, 'mcp-session-id': id }), body: startPrint(4) }), 403);
        expectRpcError(await raw(url, { headers: jsonHeaders({ ...auth, origin }), body: INITIALIZE }), 403);
      }
      expect(sim.printer.jobInfo()).toBeNull();
      // the bind address and loopback names are the server's own, and so are their origins on its port (a page
      // there could only come from this server); the same names on another port are another site
      const own = bind === '0.0.0.0' ? '127.0.0.1' : bind;
      for (const host of [`${own}:${port}`, `localhost:${port}`]) {
        expect((await raw(url, { headers: jsonHeaders({ ...auth, host }), body: INITIALIZE })).status).toBe(200);
        expect((await raw(url, { headers: jsonHeaders({ ...auth, host, origin: `http://${host}` }), body: INITIALIZE })).status).toBe(200);
      }
      for (const origin of [`http://${own}:${Number(port) + 1}`, `http://localhost:${Number(port) + 1}`, `https://localhost:${port}`]) {
        expectRpcError(await raw(url, { headers: jsonHeaders({ ...auth, origin }), body: INITIALIZE }), 403);
      }
      await s.stop();
    });
  }

  it('--allow-host and --allow-origin add names and browser origins, nothing more', async () => {
    const s = await serve(['--host', '127.0.0.2', '--allow-host', 'printer-pc.lan', '--allow-origin', 'http://localhost:6274']);
    const url = s.url;
    expect((await raw(url, { headers: jsonHeaders({ host: 'printer-pc.lan:8000', origin: 'http://localhost:6274' }), body: INITIALIZE })).status).toBe(200);
    expectRpcError(await raw(url, { headers: jsonHeaders({ host: 'printer-pc.lan.attacker.example' }), body: INITIALIZE }), 421);
    expectRpcError(await raw(url, { headers: jsonHeaders({ origin: 'http://localhost:6275' }), body: INITIALIZE }), 403);
    await s.stop();
  });
});

describe('a token off loopback', () => {
  it('refuses to start on 0.0.0.0 (or any non-loopback host) without one, saying how to set one', async () => {
    for (const host of ['0.0.0.0', '::', '192.0.2.1']) {
      const err = (await serve(['--host', host]).catch((e: unknown) => e)) as { code: number; stderr: string };
      expect(err.code).toBe(2);
      expect(err.stderr).toMatch(/refusing to serve MCP on .* without a token/);
      expect(err.stderr).toMatch(/ENGIAI_MCP_TOKEN/);
    }
    const weak = (await serve(['--host', '0.0.0.0'], { ENGIAI_MCP_TOKEN: 'short' }).catch((e: unknown) => e)) as { code: number; stderr: string };
    expect(weak.code).toBe(2);
    expect(weak.stderr).toMatch(/at least 16 characters/);
  });

  it('is checked on every request (Bearer, wrong or missing refused 401) and never logged; the prusa agent sends ENGIAI_MCP_TOKEN', async () => {
    const s = await serve(['--host', '0.0.0.0'], { ENGIAI_MCP_TOKEN: TOKEN });
    const url = s.url.replace('0.0.0.0', '127.0.0.1');
    for (const authorization of [undefined, `Bearer ${TOKEN}x`, `Bearer ${TOKEN.slice(0, -1)}`, TOKEN, `Basic ${TOKEN}`, 'Bearer ']) {
      const r = await raw(url, { headers: jsonHeaders(authorization ? { authorization } : {}), body: INITIALIZE });
      expectRpcError(r, 401);
      expect(r.headers['www-authenticate']).toBe('Bearer');
    }
    const id = await openSession(url, { authorization: `Bearer ${TOKEN}` });
    expectRpcError(await raw(url, { headers: jsonHeaders({ 'mcp-session-id': id }), body: startPrint(5) }), 401);
    expectRpcError(await raw(url, { method: 'GET', headers: { accept: 'text/event-stream', 'mcp-session-id': id } }), 401);
    expectRpcError(await raw(url, { method: 'DELETE', headers: { 'mcp-session-id': id } }), 401);

    // the real SDK client: without the token it cannot connect, with it it can
    const bare = new Client({ name: 'no-token', version: '0' });
    await expect(bare.connect(new StreamableHTTPClientTransport(new URL(url)))).rejects.toThrow(/401|token/);
    const mcp = new McpConnection('prusa', { kind: 'http', url, token: TOKEN }, { callTimeoutMs: 30_000 });
    try {
      const r = await mcp.callTool('list_printers', {});
      expect(r.isError).toBeFalsy();
      expect(JSON.stringify(r.structuredContent)).toContain('printer');
    } finally {
      await mcp.close();
    }
    const noToken = new McpConnection('prusa', { kind: 'http', url }, { callTimeoutMs: 30_000 });
    await expect(noToken.callTool('list_printers', {})).rejects.toMatchObject({ hint: expect.stringMatching(/ENGIAI_MCP_TOKEN/) });
    await s.stop();
    expect(s.stderr()).toContain('(token required)');
    expect(s.stderr()).not.toContain(TOKEN);
    expect(s.stderr()).not.toContain(TOKEN.slice(4, 16));
  });
});

describe('JSON-RPC errors only', () => {
  let s: McpHttpChild;
  beforeAll(async () => void (s = await serve([])));

  it('malformed JSON is a parse error (-32700), a huge body 413, neither with HTML, a stack or a server path', async () => {
    for (const body of ['{bad', '{"jsonrpc":"2.0",', '\u0000\u0001', '[1,2', '"just a string"', 'nul']) {
      expectRpcError(await raw(s.url, { headers: jsonHeaders(), body }), 400, -32700);
    }
    const huge = Buffer.alloc(5 * 1024 * 1024, 0x20);
    const big = expectRpcError(await raw(s.url, { headers: jsonHeaders(), body: huge }), 413);
    expect(big.message).toMatch(/over \d+ bytes/);
    expectRpcError(await raw(s.url, { headers: jsonHeaders({ 'content-encoding': 'x-bogus' }), body: '{}' }), 415);
    // what Node's HTTP parser refuses (a bad Content-Length, huge headers) is a JSON-RPC error too
    const { port } = new URL(s.url);
    for (const [request, status] of [
      ['POST /mcp HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: abc\r\n\r\n', 400],
      [`GET /mcp HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Big: ${'x'.repeat(20_000)}\r\n\r\n`, 431],
    ] as const) {
      const reply = await new Promise<string>((resolve, reject) => {
        let text = '';
        const socket = connect(Number(port), '127.0.0.1', () => socket.end(request));
        socket.on('data', (b: Buffer) => (text += b.toString()));
        socket.on('end', () => resolve(text));
        socket.on('error', reject);
      });
      const [head, body] = reply.split('\r\n\r\n');
      expect(head).toMatch(new RegExp(`^HTTP/1.1 ${status} `));
      expect(JSON.parse(body)).toMatchObject({ jsonrpc: '2.0', error: { code: -32600 }, id: null });
    }
  });

  it('an unknown session is 404 (the client re-initializes); other paths and methods are JSON too', async () => {
    expectRpcError(await raw(s.url, { headers: jsonHeaders({ 'mcp-session-id': 'no-such-session' }), body: startPrint(6) }), 404, -32001);
    expectRpcError(await raw(s.url, { method: 'GET', headers: { accept: 'text/event-stream', 'mcp-session-id': 'gone' } }), 404, -32001);
    expectRpcError(await raw(s.url, { method: 'DELETE', headers: { 'mcp-session-id': 'gone' } }), 404, -32001);
    expectRpcError(await raw(s.url, { method: 'GET', headers: { accept: 'text/event-stream' } }), 400);
    expectRpcError(await raw(s.url, { headers: jsonHeaders(), body: startPrint(7) }), 400);
    expectRpcError(await raw(s.url, { method: 'PUT', headers: jsonHeaders(), body: '{}' }), 405);
    expectRpcError(await raw(s.url.replace('/mcp', '/'), { method: 'GET' }), 404);
    expectRpcError(await raw(s.url.replace('/mcp', '/%E0%A4%A'), { method: 'GET' }), 404);
    expect(sim.printer.jobInfo()).toBeNull();
  });
});

describe('sessions', () => {
  it('are capped (the least recently used idle one goes), expire when idle, and DELETE frees one', async () => {
    const cfg = join(h.home, 'mcp-sessions.yaml');
    writeFileSync(cfg, 'mcp:\n  maxSessions: 3\n  sessionIdleMs: 1500\n');
    const s = await serve([], { ENGIAI_CONFIG: cfg });
    const alive = async (id: string) => (await raw(s.url, { headers: jsonHeaders({ 'mcp-session-id': id }), body: JSON.stringify({ jsonrpc: '2.0', id: 9, method: 'tools/list' }) })).status;
    const ids = [];
    for (let i = 0; i < 5; i++) ids.push(await openSession(s.url));
    // three kept: the two oldest were closed to make room
    expect(await Promise.all(ids.map(alive))).toEqual([404, 404, 200, 200, 200]);
    expect((await raw(s.url, { method: 'DELETE', headers: { 'mcp-session-id': ids[4] } })).status).toBe(200);
    expect(await alive(ids[4])).toBe(404);
    // idle past sessionIdleMs: closed
    await new Promise((r) => setTimeout(r, 2600));
    expect(await alive(ids[2])).toBe(404);
    expect(await alive(ids[3])).toBe(404);
    expect(s.stderr()).toMatch(/closed \d+ idle MCP sessions?/);
    await s.stop();
  });

  it('a session with its event stream open is neither pushed out nor expired; when all are busy a new one gets 503', async () => {
    const cfg = join(h.home, 'mcp-busy.yaml');
    writeFileSync(cfg, 'mcp:\n  maxSessions: 2\n  sessionIdleMs: 1000\n');
    const s = await serve([], { ENGIAI_CONFIG: cfg });
    const ids = [await openSession(s.url), await openSession(s.url)];
    const streams = await Promise.all(
      ids.map(
        (id) =>
          new Promise<ClientRequest>((resolve, reject) => {
            const u = new URL(s.url);
            const req = request({ host: u.hostname, port: u.port, path: u.pathname, method: 'GET', headers: { accept: 'text/event-stream', 'mcp-session-id': id }, agent: false }, (res) => {
              expect(res.statusCode).toBe(200);
              resolve(req);
            });
            req.on('error', reject);
            req.end();
          }),
      ),
    );
    await new Promise((r) => setTimeout(r, 2000)); // past sessionIdleMs, but busy
    const full = await raw(s.url, { headers: jsonHeaders(), body: INITIALIZE });
    expectRpcError(full, 503);
    expect(full.headers['retry-after']).toBe('5');
    for (const id of ids) expect((await raw(s.url, { headers: jsonHeaders({ 'mcp-session-id': id }), body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'ping' }) })).status).toBe(200);
    // the streams end: the sessions become idle and room is made again
    for (const r of streams) r.destroy();
    await new Promise((r) => setTimeout(r, 300));
    expect(typeof (await openSession(s.url))).toBe('string');
    await s.stop();
  });

  it('abandoned sessions are freed: 2,000 of them fit in a server held to a 64 MB heap', async () => {
    const cfg = join(h.home, 'mcp-cap.yaml');
    writeFileSync(cfg, 'mcp:\n  maxSessions: 20\n');
    // kept forever (main), each session held 40-70 kB of heap: 2,000 of them do not fit in 64 MB
    const s = await serve([], { ENGIAI_CONFIG: cfg, NODE_OPTIONS: '--max-old-space-size=64' });
    const start = s.rssMb();
    for (let i = 0; i < 2000; i += 20) await Promise.all(Array.from({ length: 20 }, () => openSession(s.url)));
    console.log(`mcp sessions: RSS ${start.toFixed(0)} MB → ${s.rssMb().toFixed(0)} MB after 2000 abandoned sessions (64 MB heap limit)`);
    expect(s.child.exitCode, s.stderr().slice(-500)).toBeNull();
    expect(await openSession(s.url)).toMatch(/^[0-9a-f-]{36}$/);
    await s.stop();
  }, 120_000);
});

describe('our client after a server restart', () => {
  it('McpConnection gets 404 for its old session, starts a new one and the call goes through', async () => {
    const first = await serve([]);
    const port = new URL(first.url).port;
    const mcp = new McpConnection('prusa', { kind: 'http', url: first.url }, { callTimeoutMs: 30_000 });
    try {
      expect((await mcp.callTool('list_printers', {})).isError).toBeFalsy();
      await first.stop();
      const second = await serve(['--port', port]);
      expect(new URL(second.url).port).toBe(port);
      const r = await mcp.callTool('printer_status', {});
      expect(r.isError, JSON.stringify(r)).toBeFalsy();
      expect((r.structuredContent as { state: string }).state).toBe('IDLE');
      expect(mcp.starts).toBe(2);
    } finally {
      await mcp.close();
    }
  });
});
