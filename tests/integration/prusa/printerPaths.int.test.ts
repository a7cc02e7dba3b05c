/**
 * Names and paths the Prusa tools are given, through the path the agent uses (MCP client → the
 * Prusa MCP server as a child process → the PrusaLink simulator): `start_print {"file": ".."}` (or
 * ".") never leaves the storage folder — refused before any request changes the printer — and a
 * local path outside the artifact folder gets the same answer whether or not a file is there.
 */
import { mkdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { prusaEndpoint } from '../../../agents/specialists/prusa/index.ts';
import { InputError } from '../../../tools/errors.ts';
import { McpConnection } from '../../../tools/mcp/mcpConnection.ts';
import { remoteTools } from '../../../tools/mcp/remoteTools.ts';
import { startPrinterSim, type RunningSim } from '../../../tools/prusa/printerSim/simServer.ts';
import { PrusaLink } from '../../../tools/prusa/prusaLink.ts';
import { PRINTER_TOOL_SPECS } from '../../../tools/prusa/toolSpecs.ts';
import type { ToolOutput } from '../../../tools/tool.ts';
import { failure } from '../../support/failure.ts';
import { printerConfig, prusaHome, type PrusaHome } from './prusaKit.ts';

const KEY = 'right-key-0123456789';
let h: PrusaHome;
let sim: RunningSim;
let connection: McpConnection;
let call: (name: string, args?: Record<string, unknown>) => Promise<ToolOutput>;

beforeAll(async () => {
  h = prusaHome();
  sim = await startPrinterSim({ apiKey: KEY });
  const config = printerConfig(h.home, { ENGIAI_PRINTER_URL: sim.url, ENGIAI_PRINTER_KEY: KEY });
  connection = new McpConnection('prusa', prusaEndpoint(config), { callTimeoutMs: 60_000 });
  const tools = remoteTools(PRINTER_TOOL_SPECS, connection);
  call = (name, args = {}) => tools.find((t) => t.name === name)!.run(args, { askHuman: async () => '' });
});
afterAll(async () => {
  await connection?.close();
  await sim?.close();
  rmSync(h.home, { recursive: true, force: true });
});

describe('start_print names a file on the storage (in a folder or not), never a path out of it', () => {
  it.each(['..', '.', '../..', 'a/../../b', 'x\u0007.gcode'])('refuses file %j before the printer is asked to print', async (file) => {
    const before = sim.log.length;
    const e = await failure(call('start_print', { file }));
    expect(e.message).toMatch(/plain names joined by "\/"/);
    // at most the status was read: nothing was posted, uploaded or deleted
    expect(sim.log.slice(before).filter((l) => !l.startsWith('GET'))).toEqual([]);
    expect(sim.printer.jobInfo()).toBeNull();
  });

  it('the PrusaLink client refuses such names itself, with no request sent', async () => {
    const link = new PrusaLink(printerConfig(h.home, { ENGIAI_PRINTER_URL: sim.url, ENGIAI_PRINTER_KEY: KEY }).prusa.printers[0]);
    const before = sim.log.length;
    for (const name of ['..', '.', '']) {
      const e = await failure(link.printFile(name));
      expect(e).toBeInstanceOf(InputError);
      expect(e.message).toMatch(/is not a path on the printer's storage \(plain names joined by "\/", no empty, "\." or "\.\." part\)/);
    }
    expect(sim.log.length).toBe(before);
  });
});

describe('paths outside the artifact folder', () => {
  it('get the same answer whether a file is there or not (directly or through a link)', async () => {
    const outside = join(h.home, 'private');
    mkdirSync(outside, { recursive: true });
    writeFileSync(join(outside, 'exists.gcode'), 'G28\n');
    symlinkSync(join(outside, 'exists.gcode'), join(h.parts, 'link-exists.gcode'));
    symlinkSync(join(outside, 'missing.gcode'), join(h.parts, 'link-missing.gcode'));
    const answer = async (path: string) => {
      const e = await failure(call('upload_gcode', { gcode_path: path }));
      return { name: e.constructor.name, message: e.message.split(path).join('<path>') };
    };
    const exists = await answer(join(outside, 'exists.gcode'));
    expect(exists.message).toMatch(/^no file at <path> inside the artifact folder/);
    expect(await answer(join(outside, 'missing.gcode'))).toEqual(exists);
    expect(await answer(join(h.parts, 'link-exists.gcode'))).toEqual(exists);
    expect(await answer(join(h.parts, 'link-missing.gcode'))).toEqual(exists);
    expect(await answer(join(h.parts, 'not-there.gcode'))).toEqual(exists);
    expect(await answer('/etc/../etc/hostname.gcode')).toEqual(exists);
    expect(sim.log.some((l) => l.startsWith('PUT'))).toBe(false);
  });
});
