/**
 * Each fault of the hand-off gives a clear error and changes nothing, through the same path the
 * agent uses (MCP client → the Prusa MCP server as a child process → PrusaLink over HTTP): an STL
 * PrusaSlicer cannot slice (empty, not manifold), an unreachable printer, a wrong API key or digest
 * password, full storage, a print started while another runs, and the server dying mid-call (the
 * call is reported, not repeated; the next call starts a new server).
 */
import { readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { prusaEndpoint } from '../../../agents/specialists/prusa/index.ts';
import type { EngiConfig } from '../../../config/schema.ts';
import { ConfigError, InfraError, InputError } from '../../../tools/errors.ts';
import { McpConnection } from '../../../tools/mcp/mcpConnection.ts';
import { remoteTools } from '../../../tools/mcp/remoteTools.ts';
import { startPrinterSim, type RunningSim, type SimServerOptions } from '../../../tools/prusa/printerSim/simServer.ts';
import { PRINTER_TOOL_SPECS } from '../../../tools/prusa/toolSpecs.ts';
import type { BoundTool, ToolOutput } from '../../../tools/tool.ts';
import { failure } from '../../support/failure.ts';
import { closedPort, cubeStl, printerConfig, prusaHome, type PrusaHome } from './prusaKit.ts';

const KEY = 'right-key-0123456789';
const rt = { askHuman: async () => '' };

let h: PrusaHome;
let cube: string;
let gcode: string;
const open: { close(): Promise<void> }[] = [];

/** The agent's wiring: an MCP connection to a fresh server process, and the tools over it. */
function agentTools(config: EngiConfig) {
  const connection = new McpConnection('prusa', prusaEndpoint(config), { callTimeoutMs: 60_000 });
  open.push(connection);
  const tools = remoteTools(PRINTER_TOOL_SPECS, connection);
  const call = (name: string, args: Record<string, unknown> = {}): Promise<ToolOutput> => tools.find((t: BoundTool) => t.name === name)!.run(args, rt);
  return { connection, call };
}

async function simWith(o: Partial<SimServerOptions> = {}): Promise<RunningSim> {
  const sim = await startPrinterSim({ apiKey: KEY, ...o });
  open.push(sim);
  return sim;
}

const gcodeFiles = () => readdirSync(join(h.home, 'artifacts', 'gcode'), { withFileTypes: true }).filter((d) => d.isFile()).map((d) => d.name);

beforeAll(async () => {
  h = prusaHome();
  cube = h.file('cube.stl', cubeStl());
  // one good slice to upload in the printer faults
  const sim = await simWith();
  const { call } = agentTools(printerConfig(h.home, { ENGIAI_PRINTER_URL: sim.url, ENGIAI_PRINTER_KEY: KEY }));
  gcode = String((await call('slice_stl', { stl_path: cube, layer_height_mm: 0.3, filament: 'PLA' })).result.gcode_path);
});
afterAll(async () => {
  for (const o of open.reverse()) await o.close().catch(() => undefined);
  rmSync(h.home, { recursive: true, force: true });
});

describe('slicer failures', () => {
  it('an empty STL and a non-manifold STL are refused with the reason; no G-code is written', async () => {
    const { call } = agentTools(printerConfig(h.home, {}));
    const before = gcodeFiles();
    const empty = await failure(call('slice_stl', { stl_path: h.file('empty.stl', '') }));
    expect(empty).toBeInstanceOf(InputError);
    expect(empty.message).toMatch(/empty\.stl is empty \(0 bytes\)/);
    const garbage = await failure(call('slice_stl', { stl_path: h.file('garbage.stl', 'this is not an STL\n') }));
    expect(garbage.message).toMatch(/PrusaSlicer cannot read garbage\.stl/);
    const open3 = await failure(call('slice_stl', { stl_path: h.file('open.stl', cubeStl(3)) }));
    expect(open3).toBeInstanceOf(InputError);
    expect(open3.message).toMatch(/open\.stl is not manifold \(\d+ open edges\)/);
    const outside = await failure(call('slice_stl', { stl_path: '/etc/hostname.stl' }));
    expect(outside.message).toMatch(/no file at \/etc\/hostname\.stl/);
    expect(gcodeFiles()).toEqual(before);
  });
});

describe('printer faults', () => {
  it('an unreachable printer: a clear error, nothing else happens', async () => {
    const port = await closedPort();
    const { call } = agentTools(printerConfig(h.home, { ENGIAI_PRINTER_URL: `http://127.0.0.1:${port}`, ENGIAI_PRINTER_KEY: KEY }));
    const e = await failure(call('printer_status'));
    expect(e).toBeInstanceOf(InfraError);
    expect(e.message).toMatch(new RegExp(`printer printer at http://127.0.0.1:${port} is unreachable \\(ECONNREFUSED\\)`));
    expect((e as InfraError).hint).toMatch(/check that the printer is on/);
    expect((await failure(call('upload_gcode', { gcode_path: gcode }))).message).toMatch(/unreachable/);
  });

  it('a wrong API key: refused before anything is stored', async () => {
    const sim = await simWith();
    const { call } = agentTools(printerConfig(h.home, { ENGIAI_PRINTER_URL: sim.url, ENGIAI_PRINTER_KEY: 'wrong-key' }));
    const e = await failure(call('upload_gcode', { gcode_path: gcode }));
    expect(e).toBeInstanceOf(ConfigError);
    expect(e.message).toMatch(/printer printer refused the API key \(HTTP 401\); nothing was sent to it/);
    expect(e.message).not.toContain('wrong-key');
    expect(sim.printer.fileNames()).toEqual([]);
    expect(sim.log.every((l) => l.startsWith('GET /api/v1/status') || l.startsWith('GET /api/v1/storage'))).toBe(true);
  });

  it('digest auth (user maker): the right password works, a wrong one is refused', async () => {
    const sim = await simWith({ apiKey: undefined, password: 'digest-pass-42' });
    const good = agentTools(printerConfig(h.home, { ENGIAI_PRINTER_URL: sim.url, ENGIAI_PRINTER_PASSWORD: 'digest-pass-42' }));
    expect((await good.call('printer_status')).result).toMatchObject({ state: 'IDLE' });
    expect((await good.call('upload_gcode', { gcode_path: gcode })).result).toMatchObject({ file: gcode.split('/').pop() });
    const bad = agentTools(printerConfig(h.home, { ENGIAI_PRINTER_URL: sim.url, ENGIAI_PRINTER_PASSWORD: 'nope' }));
    const e = await failure(bad.call('printer_status'));
    expect(e).toBeInstanceOf(ConfigError);
    expect(e.message).toMatch(/refused the digest password of user maker/);
  });

  it('full storage: refused with the sizes, nothing uploaded', async () => {
    const sim = await simWith({ storageBytes: 10_000 });
    const { call } = agentTools(printerConfig(h.home, { ENGIAI_PRINTER_URL: sim.url, ENGIAI_PRINTER_KEY: KEY }));
    const e = await failure(call('upload_gcode', { gcode_path: gcode }));
    expect(e).toBeInstanceOf(InfraError);
    expect(e.message).toMatch(/has 10000 bytes free on its storage, the G-code needs \d+; nothing was uploaded/);
    expect((await failure(call('start_print', { gcode_path: gcode }))).message).toMatch(/nothing was uploaded/);
    expect(sim.printer.fileNames()).toEqual([]);
    expect(sim.log.some((l) => l.startsWith('PUT'))).toBe(false);
  });

  it('a print started while another runs is refused; the running job is untouched', async () => {
    const sim = await simWith({ speed: 1 });
    const { call } = agentTools(printerConfig(h.home, { ENGIAI_PRINTER_URL: sim.url, ENGIAI_PRINTER_KEY: KEY }));
    const started = await call('start_print', { gcode_path: gcode });
    expect(started.result).toMatchObject({ job_id: 1, state: 'PRINTING' });
    const file = String(started.result.file);
    const e = await failure(call('start_print', { file }));
    expect(e).toBeInstanceOf(InfraError);
    expect(e.message).toMatch(/printer printer is PRINTING \(job 1 at [\d.]+ %\): it cannot start another print; nothing was changed/);
    expect(sim.printer.jobInfo()).toMatchObject({ id: 1, state: 'PRINTING' });
    // and the controls work on that job
    expect((await call('pause_print')).result).toMatchObject({ job_id: 1, state: 'PAUSED' });
    expect((await call('resume_print')).result).toMatchObject({ job_id: 1, state: 'PRINTING' });
    expect((await call('cancel_print')).result).toMatchObject({ job_id: 1, state: 'STOPPED' });
    expect((await failure(call('pause_print'))).message).toMatch(/Job 1 is STOPPED: only a printing job can be paused/);
  });

  it('the MCP server dying mid-upload: the call is reported, nothing is stored, the next call starts a new server', async () => {
    let connection: McpConnection | null = null;
    let killed = 0;
    const sim = await simWith({
      onRequest: (method) => {
        if (method === 'PUT' && connection?.pid) {
          process.kill(connection.pid, 'SIGKILL');
          killed++;
        }
      },
    });
    const agent = agentTools(printerConfig(h.home, { ENGIAI_PRINTER_URL: sim.url, ENGIAI_PRINTER_KEY: KEY }));
    connection = agent.connection;
    // big enough (24 MB) that the transfer cannot complete before the server process is gone
    const big = h.file('big.gcode', `; generated by PrusaSlicer 2.5.0\n${'G1 X10 Y10 E0.1\n'.repeat(1_500_000)}`);
    expect((await agent.call('printer_status')).result).toMatchObject({ state: 'IDLE' });
    const firstPid = connection.pid;
    const e = await failure(agent.call('upload_gcode', { gcode_path: big }));
    expect(killed).toBe(1);
    expect(e).toBeInstanceOf(InfraError);
    expect(e.message).toMatch(/the prusa MCP server stopped during upload_gcode; the call did not finish and was not repeated/);
    expect((e as InfraError).retryable).toBe(false);
    await new Promise((r) => setTimeout(r, 200));
    expect(sim.printer.fileNames()).toEqual([]);
    // reconnects: a new server process answers the next call
    connection = null;
    expect((await agent.call('printer_status')).result).toMatchObject({ state: 'IDLE' });
    expect(agent.connection.starts).toBe(2);
    expect(agent.connection.pid).not.toBe(firstPid);
  });
});
