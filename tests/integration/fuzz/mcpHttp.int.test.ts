/**
 * Fuzz: seeded hostile requests at `engiai mcp prusa --transport http` (in its own process, with a
 * token) for a bounded time (a share of ENGIAI_FUZZ_SECONDS, default 30; seed ENGIAI_FUZZ_SEED,
 * printed with every failure): random methods, paths, bodies (JSON-RPC calls with mangled
 * arguments, random JSON, garbage, oversized), headers (Host, Origin, Authorization, content types)
 * and session ids (live, closed, random). Asserted throughout: no 5xx but 503 at the session cap,
 * every error a JSON-RPC object with no HTML, stack or server path, a foreign Host or Origin or a
 * missing token never served, the token never logged, the server up and its memory bounded.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mulberry32 } from '../../../tools/engineering/random.ts';
import { INITIALIZE, jsonHeaders, openSession, raw, startMcpHttp, type McpHttpChild } from '../mcp/mcpHttpKit.ts';
import { Hostile } from './hostile.ts';

const SECONDS = Number(process.env.ENGIAI_FUZZ_SECONDS ?? 30);
const SEED = Number(process.env.ENGIAI_FUZZ_SEED ?? 20261201);
const ROOT = resolve(import.meta.dirname, '..', '..', '..');
const TOKEN = 'fuzz-token-6b1d0c9e7a2f4e38';
const STACK = /\n\s+at \S+|<html|<pre>|node_modules/i;
const note = (what: string) => `seed ${SEED}: ${what}`;

let home: string;
let server: McpHttpChild;
beforeAll(async () => {
  home = mkdtempSync(join(tmpdir(), 'engiai-fuzz-mcp-'));
  const gcode = join(home, 'artifacts', 'gcode');
  mkdirSync(gcode, { recursive: true });
  writeFileSync(join(gcode, 'real.gcode'), 'G28\n');
  execFileSync('mkfifo', [join(gcode, 'fifo.gcode')]);
  writeFileSync(join(home, 'mcp.yaml'), 'mcp:\n  maxSessions: 20\n  sessionIdleMs: 2000\n');
  server = await startMcpHttp(['prusa', '--transport', 'http', '--port', '0'], { ENGIAI_HOME: home, ENGIAI_MCP_TOKEN: TOKEN, ENGIAI_CONFIG: join(home, 'mcp.yaml'), ENGIAI_PRINTER_URL: undefined });
});
afterAll(async () => {
  await server?.stop();
  rmSync(home, { recursive: true, force: true });
});

describe('hostile input at the MCP HTTP server', () => {
  it('answers every request below 500 (503 at the session cap) with JSON-RPC errors only, and stays up and small', async () => {
    const h = new Hostile(mulberry32(SEED + 20));
    const port = new URL(server.url).port;
    const auth = `Bearer ${TOKEN}`;
    const live: string[] = [];
    const base = server.rssMb();
    let peak = base;
    const rpc = (method: string, params?: unknown) => ({ jsonrpc: '2.0', id: h.pick([1, 'x', null, -1, 1e308, {}]), method, ...(params === undefined ? {} : { params }) });
    const tools = ['list_printers', 'printer_status', 'slice_stl', 'upload_gcode', 'start_print', 'job_status', 'cancel_print', 'no_such_tool', '__proto__'];
    const uris = () => h.pick([`file://${home}/artifacts/gcode/real.gcode`, `file://${home}/artifacts/gcode/fifo.gcode`, `file://${home}/artifacts/gcode`, 'file:///dev/zero', 'file:///etc/passwd', `file://${home}/artifacts/../mcp.yaml`, h.string().slice(0, 200)]);
    const body = (): string | Buffer =>
      h.pick<() => string | Buffer>([
        () => INITIALIZE,
        () => JSON.stringify(rpc('tools/call', { name: h.pick(tools), arguments: h.json() })),
        () => JSON.stringify(rpc('tools/call', { name: h.pick(tools), arguments: { file: h.pick(['..', '.', 'ok.gcode', h.string()]), stl_path: h.string(), printer: h.string() } })),
        () => JSON.stringify(rpc('resources/read', { uri: uris() })),
        () => JSON.stringify(rpc(h.pick(['tools/list', 'resources/list', 'ping', 'initialize', 'notifications/initialized', 'logging/setLevel', h.string().slice(0, 40)]), h.chance(0.5) ? h.json() : undefined)),
        () => JSON.stringify(h.json()),
        () => JSON.stringify(Array.from({ length: h.int(0, 150) }, () => rpc('ping'))),
        () => h.string(),
        () => '{"jsonrpc": "2.0", "id": 1, "method": ',
        () => Buffer.alloc(h.pick([10, 1024 * 1024, 5 * 1024 * 1024]), h.pick([0, 0x20, 0x7b])),
      ])();
    let served = 0;
    const statuses = new Map<number, number>();
    const end = performance.now() + SECONDS * 0.15 * 1000;
    let runs = 0;
    do {
      runs++;
      if (live.length < 5 && h.chance(0.3)) live.push(await openSession(server.url, { authorization: auth }));
      const method = h.pick(['POST', 'POST', 'POST', 'GET', 'DELETE', 'PUT', 'OPTIONS', 'HEAD']);
      const foreignHost = h.chance(0.1);
      const badOrigin = h.chance(0.07);
      const badToken = h.chance(0.1);
      const headers: Record<string, string> = {
        host: foreignHost ? h.pick(['attacker.example', `attacker.example:${port}`, '127.0.0.1.attacker.example', `[::2]:${port}`, h.string().replace(/[^\x21-\x7e]/g, '').slice(0, 60) || 'x']) : h.pick([`127.0.0.1:${port}`, `localhost:${port}`, '127.0.0.1']),
        authorization: badToken ? h.pick(['', 'Bearer', `Bearer ${TOKEN}0`, TOKEN, `Bearer ${h.string().replace(/[^\x20-\x7e]/g, '').slice(0, 40)}`]) : auth,
        accept: h.chance(0.7) ? 'application/json, text/event-stream' : h.pick(['application/json', 'text/event-stream', '*/*', '']),
        'content-type': h.chance(0.7) ? 'application/json' : h.pick(['application/json; charset=latin1', 'text/plain', 'application/octet-stream']),
      };
      if (!headers.authorization) delete headers.authorization;
      // foreign origins only: the server's own (http://localhost:PORT) is no cross-origin request and is served (mcpHttpSecurity's own-origin case)
      if (badOrigin) headers.origin = h.pick(['http://evil.example', 'null', 'garbage', `http://localhost:${port + 1}`, `https://localhost:${port}`]);
      const session = h.pick<() => string | undefined>([() => undefined, () => (live.length ? h.pick(live) : undefined), () => (live.length ? h.pick(live) : undefined), () => h.string().replace(/[^\x21-\x7e]/g, '').slice(0, 80), () => '00000000-0000-0000-0000-000000000000'])();
      if (session !== undefined) headers['mcp-session-id'] = session;
      if (h.chance(0.2)) headers['mcp-protocol-version'] = h.pick(['2025-06-18', '1999-01-01', h.string().replace(/[^\x21-\x7e]/g, '').slice(0, 20) || 'x']);
      const path = h.pick(['/mcp', '/mcp', '/mcp', '/', '/mcp/', '/MCP', `/mcp?x=${encodeURIComponent(h.string().replace(/[\ud800-\udfff]/g, '').slice(0, 50))}`, '/%E0%A4%A']);
      const sent = ['GET', 'HEAD'].includes(method) ? undefined : session && live.includes(session) && h.chance(0.5) ? JSON.stringify(rpc('tools/call', { name: h.pick(tools), arguments: h.json(2) })) : body();
      const url = `http://127.0.0.1:${port}${path}`;
      const asked = note(`${method} ${path} ${JSON.stringify(headers).slice(0, 300)} ${String(sent ?? '').slice(0, 200)}`);
      const r = await raw(url, { method, headers, body: sent, timeoutMs: 30_000 }).catch((err: unknown) => {
        // a large body refused before it is read (guards, size): the server answers and closes while we still write
        if (sent && sent.length > 64 * 1024 && /EPIPE|ECONNRESET/.test(String(err))) return null;
        throw new Error(`${asked}: ${String(err)}`);
      });
      if (r === null) continue;
      const what = note(`${method} ${path} ${JSON.stringify(headers).slice(0, 300)} ${String(sent ?? '').slice(0, 200)} → ${r.status} ${r.text.slice(0, 300)}`);
      expect(r.status >= 500 && r.status !== 503, what).toBe(false);
      expect(r.text, what).not.toMatch(STACK);
      expect(r.text, what).not.toContain(ROOT);
      if ((foreignHost || badOrigin || badToken) && r.status < 300) throw new Error(`served a request it must refuse: ${what}`);
      if (r.status >= 400 && method !== 'HEAD') {
        expect(String(r.headers['content-type']), what).toMatch(/^application\/json/);
        expect(JSON.parse(r.text), what).toMatchObject({ jsonrpc: '2.0', error: { code: expect.any(Number), message: expect.any(String) } });
      }
      if (r.status < 300) served++;
      statuses.set(r.status, (statuses.get(r.status) ?? 0) + 1);
      if (method === 'DELETE' && session && r.status === 200) live.splice(live.indexOf(session), 1);
      if (r.status === 404 && session && live.includes(session)) live.splice(live.indexOf(session), 1); // expired or pushed out
      peak = Math.max(peak, server.rssMb());
    } while (performance.now() < end);
    console.log(`fuzz: ${runs} MCP HTTP requests (seed ${SEED}), by status ${JSON.stringify(Object.fromEntries([...statuses].sort((a, b) => a[0] - b[0])))}; RSS ${base.toFixed(0)} → peak ${peak.toFixed(0)} MB`);
    expect(runs).toBeGreaterThan(30);
    expect(served, note('nothing was ever served: the fuzz only hit the guards')).toBeGreaterThan(0);
    expect(server.child.exitCode, note('server exited')).toBeNull();
    expect(peak - base, note('MCP server memory')).toBeLessThan(300);
    // still answers an honest client
    expect((await raw(server.url, { headers: jsonHeaders({ authorization: auth }), body: INITIALIZE })).status).toBe(200);
    expect(server.stderr()).not.toContain(TOKEN);
  }, 120_000);
});
