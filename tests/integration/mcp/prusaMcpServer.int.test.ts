/**
 * `engiai mcp prusa` on both transports: on stdio every stdout line is a JSON-RPC message (logs go
 * to stderr), the tools carry their MCP annotations (start_print destructive, status read-only);
 * on Streamable HTTP the SDK client slices an STL and reads the G-code back as a resource, and the
 * prusa agent, pointed at that server by `prusa.server.url`, drives the printer simulator through it.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { rmSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { MemorySaver } from '@langchain/langgraph';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOfflineModel, createRuntime } from '../../../agents/index.ts';
import { loadConfig } from '../../../config/load.ts';
import { startPrinterSim, type RunningSim } from '../../../tools/prusa/printerSim/simServer.ts';
import { BIN } from '../cli/helpers.ts';
import { cubeStl, prusaHome, type PrusaHome } from '../prusa/prusaKit.ts';
import { decisionFor } from '../../../agents/supervisor/approvalDecision.ts';

const KEY = 'mcp-key-0123456789';
let h: PrusaHome;
let sim: RunningSim;
const children: ChildProcess[] = [];

function engiai(args: string[]): ChildProcess {
  const child = spawn(process.execPath, [BIN, ...args], { env: { ...process.env, ENGIAI_HOME: h.home, ENGIAI_PRINTER_URL: sim.url, ENGIAI_PRINTER_KEY: KEY }, stdio: ['pipe', 'pipe', 'pipe'] });
  children.push(child);
  return child;
}

beforeAll(async () => {
  h = prusaHome();
  h.file('cube.stl', cubeStl());
  sim = await startPrinterSim({ apiKey: KEY, speed: 1000 });
});
afterAll(async () => {
  for (const c of children) c.kill('SIGKILL');
  await sim?.close();
  rmSync(h.home, { recursive: true, force: true });
});

describe('engiai mcp prusa --transport stdio', () => {
  it('writes only JSON-RPC to stdout, logs to stderr, and exits when its client closes stdin', async () => {
    const child = engiai(['mcp', 'prusa']);
    const lines: string[] = [];
    const rl = createInterface({ input: child.stdout! });
    // the next response; notifications in between (the server logs each tool call to its client) are kept in lines
    const notes: string[] = [];
    const next = () =>
      new Promise<Record<string, unknown>>((resolve) => {
        const on = (l: string) => {
          lines.push(l);
          const m = JSON.parse(l) as Record<string, unknown>;
          if ('id' in m) return void (rl.off('line', on), resolve(m));
          notes.push(String(m.method));
        };
        rl.on('line', on);
      });
    let stderr = '';
    child.stderr!.on('data', (b: Buffer) => (stderr += b.toString()));
    const send = (m: unknown) => child.stdin!.write(`${JSON.stringify(m)}\n`);
    send({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '0' } } });
    const init = await next();
    expect(init).toMatchObject({ jsonrpc: '2.0', id: 1, result: { serverInfo: { name: 'engiai-prusa' } } });
    send({ jsonrpc: '2.0', method: 'notifications/initialized' });
    send({ jsonrpc: '2.0', id: 2, method: 'tools/list' });
    const list = (await next()) as { result: { tools: { name: string; annotations?: Record<string, boolean> }[] } };
    const tools = Object.fromEntries(list.result.tools.map((t) => [t.name, t.annotations]));
    expect(Object.keys(tools)).toEqual(['list_printers', 'printer_status', 'slice_stl', 'upload_gcode', 'start_print', 'job_status', 'pause_print', 'resume_print', 'cancel_print', 'list_printer_files', 'camera_snapshot']);
    expect(tools.start_print).toMatchObject({ destructiveHint: true });
    expect(tools.printer_status).toMatchObject({ readOnlyHint: true });
    send({ jsonrpc: '2.0', id: 3, method: 'tools/call', params: { name: 'printer_status', arguments: {} } });
    const status = (await next()) as { result: { structuredContent: { state: string } } };
    expect(status.result.structuredContent.state).toBe('IDLE');
    const exited = new Promise<number | null>((r) => child.once('exit', r));
    child.stdin!.end();
    expect(await exited).toBe(0);
    for (const l of lines) expect(JSON.parse(l)).toHaveProperty('jsonrpc', '2.0');
    expect(notes).toEqual(['notifications/message', 'notifications/message']);
    expect(stderr).toContain('[engiai-prusa] MCP server ready on stdio');
  });
});

describe('engiai mcp prusa --transport http', () => {
  let url: string;
  beforeAll(async () => {
    const child = engiai(['mcp', 'prusa', '--transport', 'http', '--port', '0']);
    url = await new Promise<string>((resolve, reject) => {
      createInterface({ input: child.stdout! }).once('line', resolve);
      child.once('exit', (code) => reject(new Error(`server exited ${code}`)));
    });
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/mcp$/);
  });

  it('the SDK client slices an STL and reads the G-code back as a resource', async () => {
    const client = new Client({ name: 'engiai-test', version: '1.0.0' });
    await client.connect(new StreamableHTTPClientTransport(new URL(url)));
    try {
      const r = await client.callTool({ name: 'slice_stl', arguments: { stl_path: `${h.parts}/cube.stl`, layer_height_mm: 0.2, infill_percent: 15 } });
      expect(r.isError).toBeFalsy();
      const s = r.structuredContent as { gcode_path: string; layer_height_mm: number; fill_density: string; print_seconds: number };
      expect(s).toMatchObject({ layer_height_mm: 0.2, fill_density: '15%' });
      expect(s.print_seconds).toBeGreaterThan(60);
      const link = (r.content as { type: string; uri: string; mimeType: string }[]).find((c) => c.type === 'resource_link')!;
      expect(link.mimeType).toBe('text/x.gcode');
      const text = ((await client.readResource({ uri: link.uri })).contents[0] as { text: string }).text;
      expect(text).toMatch(/^; generated by PrusaSlicer/);
      expect(text).toContain('; layer_height = 0.2');
    } finally {
      await client.close();
    }
  });

  it('the prusa agent reaches that server over HTTP (prusa.server.url) and prints through it', async () => {
    const config = loadConfig({ env: { ENGIAI_HOME: h.home }, cwd: h.home, flags: { prusa: { server: { url, callTimeoutMs: 600_000 } } } });
    const runtime = await createRuntime({ config, saver: new MemorySaver() });
    try {
      expect(runtime.specialists.find((s) => s.name === 'prusa')!.availability).toEqual({ available: true });
      const session = await runtime.session({ model: createOfflineModel() });
      let r = await session.runTurn({ threadId: 'http', message: `slice ${h.parts}/cube.stl with 0.3 mm layers in PETG and print it` });
      expect(r.interrupt).toMatchObject({ kind: 'approval', tool: 'start_print' });
      r = await session.runTurn({ threadId: 'http', resume: decisionFor(r.interrupt!, 'approve') });
      expect(r.answer).toMatch(/Sliced .*cube\.stl → .*\.gcode: print time \d+m \d+s, filament [\d.]+ m · [\d.]+ cm³ · [\d.]+ g \(layer height 0\.3 mm, infill 20%, PETG\)/);
      expect(r.answer).toMatch(/state PRINTING/);
      expect(sim.printer.jobInfo()).toMatchObject({ id: 1, file: { meta: { filament_type: 'PETG', temperature: 240 } } });
    } finally {
      await runtime.close();
    }
  });
});
