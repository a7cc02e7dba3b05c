/**
 * Slicing is local: with no printer configured the prusa agent is still available, slices an STL
 * through its MCP server (PrusaSlicer), and its printer tools say that no printer is configured and
 * how to add one. Through the real runtime and the registered specialist.
 */
import { existsSync, rmSync } from 'node:fs';
import { MemorySaver } from '@langchain/langgraph';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOfflineModel, createRuntime, type ChatSession, type Runtime } from '../../../agents/index.ts';
import { cubeStl, printerConfig, prusaHome, type PrusaHome } from './prusaKit.ts';

let h: PrusaHome;
let runtime: Runtime;
let session: ChatSession;
let stl: string;

beforeAll(async () => {
  h = prusaHome();
  stl = h.file('cube.stl', cubeStl());
  const config = printerConfig(h.home, {});
  expect(config.prusa.printers).toEqual([]);
  runtime = await createRuntime({ config, saver: new MemorySaver() });
  session = await runtime.session({ model: createOfflineModel() });
});
afterAll(async () => {
  await runtime?.close();
  rmSync(h.home, { recursive: true, force: true });
});

describe('the prusa agent with no printer configured', () => {
  it('is available, and slices an STL', async () => {
    const prusa = runtime.specialists.find((s) => s.name === 'prusa')!;
    expect(prusa.availability).toEqual({ available: true });
    expect(prusa.prompt).toMatch(/Configured printers: none\. Slicing works/);
    const r = await session.runTurn({ threadId: 'slice', message: `Slice ${stl} with 0.3 mm layers` });
    expect(r.status).toBe('done');
    const gcode = /Sliced \S+ → (\S+\.gcode)/.exec(r.answer ?? '')?.[1];
    expect(gcode, r.answer ?? '').toBeDefined();
    expect(existsSync(gcode!)).toBe(true);
    expect(r.answer).not.toMatch(/unavailable/);
  }, 120_000);

  it('asked to print with no STL in sight, it says no printer is configured instead of asking for an STL', async () => {
    const r = await session.runTurn({ threadId: 'print', message: 'slice it and print it' });
    expect(r.status).toBe('done');
    expect(r.answer).toMatch(/No printer is configured, so nothing can be uploaded or printed/);
  }, 60_000);

  it('asked to print an STL, it slices it and the upload says no printer is configured', async () => {
    const r = await session.runTurn({ threadId: 'print-stl', message: `Slice ${stl} and print it` });
    expect(r.status).toBe('done');
    expect(r.answer).toMatch(/Sliced \S+ → \S+\.gcode/);
    expect(r.answer).toMatch(/upload_gcode failed: no printer is configured/);
  }, 120_000);

  it('a printer tool says that no printer is configured and how to add one', async () => {
    const r = await session.runTurn({ threadId: 'status', message: 'print status' });
    expect(r.status).toBe('done');
    expect(r.answer).toMatch(/printer_status failed: no printer is configured/);
  }, 60_000);
});
