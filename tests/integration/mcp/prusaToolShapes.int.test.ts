/**
 * The printer tools as an MCP 2025-06-18 client sees them, over stdio with the SDK's client and
 * `engiai mcp prusa` in a child process, the printer simulator (Python PrusaLink profile, a camera
 * attached) behind it: every tool has a title and an object output schema, and every call's
 * structuredContent matches the schema listed (checked by the server before it answers, by the SDK
 * client on receipt, and here again with the SDK's own JSON Schema validator).
 */
import { rmSync } from 'node:fs';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport, getDefaultEnvironment } from '@modelcontextprotocol/sdk/client/stdio.js';
import { ElicitRequestSchema, type Tool } from '@modelcontextprotocol/sdk/types.js';
import { AjvJsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/ajv';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRINTER_TOOL_SPECS } from '../../../tools/prusa/toolSpecs.ts';
import { startPrinterSim, type RunningSim } from '../../../tools/prusa/printerSim/simServer.ts';
import { BIN } from '../cli/helpers.ts';
import { cubeStl, prusaHome, type PrusaHome } from '../prusa/prusaKit.ts';

const KEY = 'shape-key-0123456789';
let h: PrusaHome;
let sim: RunningSim;
let client: Client;
let listed: Tool[];
const validator = new AjvJsonSchemaValidator();

beforeAll(async () => {
  h = prusaHome();
  h.file('cube.stl', cubeStl());
  sim = await startPrinterSim({ apiKey: KEY, profile: 'prusalink', camera: true, speed: 1, commandDelayMs: 100 });
  client = new Client({ name: 'shape-client', version: '1.0.0' }, { capabilities: { elicitation: { form: {} } } });
  client.setRequestHandler(ElicitRequestSchema, () => ({ action: 'accept', content: { confirm: true } }));
  await client.connect(new StdioClientTransport({ command: process.execPath, args: [BIN, 'mcp', 'prusa'], env: { ...getDefaultEnvironment(), ENGIAI_HOME: h.home, ENGIAI_PRINTER_URL: sim.url, ENGIAI_PRINTER_KEY: KEY }, stderr: 'pipe' }));
  listed = (await client.listTools()).tools;
}, 60_000);
afterAll(async () => {
  await client?.close().catch(() => undefined);
  await sim?.close();
  rmSync(h.home, { recursive: true, force: true });
});

describe('printer tools over MCP: titles, output schemas, structured content', () => {
  it('lists every printer tool with its title and an object output schema', () => {
    expect(listed.map((t) => t.name)).toEqual(PRINTER_TOOL_SPECS.map((s) => s.name));
    for (const t of listed) {
      const spec = PRINTER_TOOL_SPECS.find((s) => s.name === t.name)!;
      expect(t.title, t.name).toBe(spec.title);
      expect(t.title, t.name).toMatch(/^[A-Z][a-z]/);
      expect(t.outputSchema, t.name).toMatchObject({ type: 'object' });
    }
    expect(listed.find((t) => t.name === 'job_status')!.outputSchema).toMatchObject({ required: expect.arrayContaining(['printer', 'job']) });
    expect(listed.find((t) => t.name === 'start_print')!.outputSchema).toMatchObject({ required: expect.arrayContaining(['printer', 'file', 'job_id', 'state']) });
    // the schemas say something: a result without its fields, or with a wrong type, does not pass
    const jobStatus = validator.getValidator(listed.find((t) => t.name === 'job_status')!.outputSchema as never);
    expect(jobStatus({ printer: 'printer' }).valid).toBe(false);
    expect(jobStatus({ printer: 'printer', job: { id: 'one' } }).valid).toBe(false);
    expect(jobStatus({ printer: 'printer', job: null }).valid).toBe(true);
  });

  it("every tool's structuredContent validates against the output schema it listed, through a whole print", async () => {
    const seen = new Set<string>();
    const call = async (name: string, args: Record<string, unknown> = {}) => {
      const r = await client.callTool({ name, arguments: args });
      expect(r.isError, `${name}: ${JSON.stringify(r.content)}`).toBeFalsy();
      const schema = listed.find((t) => t.name === name)!.outputSchema!;
      const check = validator.getValidator(schema as never)(r.structuredContent);
      expect(check.valid, `${name}: ${check.errorMessage}`).toBe(true);
      // the text block carries the same JSON for clients that read only content
      expect(JSON.parse((r.content as { text: string }[])[0].text)).toEqual(r.structuredContent);
      seen.add(name);
      return r.structuredContent as Record<string, unknown>;
    };
    expect(await call('list_printers')).toMatchObject({ printers: [{ name: 'printer', auth: 'api-key' }] });
    expect(await call('printer_status')).toMatchObject({ state: 'IDLE' });
    expect(await call('job_status')).toEqual({ printer: 'printer', job: null });
    const sliced = await call('slice_stl', { stl_path: `${h.parts}/cube.stl`, layer_height_mm: 0.3 });
    const up = await call('upload_gcode', { gcode_path: sliced.gcode_path, folder: 'jobs' });
    expect(up).toMatchObject({ file: expect.stringMatching(/^jobs\/.+\.gcode$/), storage: 'local' });
    expect(await call('list_printer_files')).toMatchObject({ folder: '', entries: [{ name: 'jobs', type: 'FOLDER', path: 'jobs' }] });
    expect(await call('list_printer_files', { folder: 'jobs' })).toMatchObject({ entries: [{ type: 'PRINT_FILE', path: up.file }] });
    expect(await call('start_print', { file: up.file })).toMatchObject({ file: up.file, job_id: 1, state: 'PRINTING' });
    expect(await call('job_status')).toMatchObject({ job: { id: 1, state: 'PRINTING' } });
    expect(await call('pause_print')).toMatchObject({ job_id: 1, state: 'PAUSED' });
    expect(await call('resume_print')).toMatchObject({ job_id: 1, state: 'PRINTING' });
    const shot = await call('camera_snapshot');
    expect(shot).toMatchObject({ media_type: 'image/png', image_path: expect.stringContaining(`${h.home}/artifacts/camera/`) });
    expect(await call('cancel_print')).toMatchObject({ job_id: 1, state: 'STOPPED' });
    expect([...seen].sort()).toEqual(PRINTER_TOOL_SPECS.map((s) => s.name).sort());
  }, 120_000);
});
