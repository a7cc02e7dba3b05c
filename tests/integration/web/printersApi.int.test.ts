/**
 * GET /api/printers: each configured printer's state and temperatures over PrusaLink; an unreachable
 * one says why; keys stay on the server. POST …/:name/pause|resume|cancel act on the job shown:
 * cancel needs a confirmation (428 without), another job is a 409, and nothing changes on refusals.
 */
import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../../config/load.ts';
import { startPrinterSim, type RunningSim } from '../../../tools/prusa/printerSim/simServer.ts';
import { startWebServer, type RunningWebServer } from '../../../web/server/webServer.ts';
import { closedPort, prusaHome, type PrusaHome } from '../prusa/prusaKit.ts';

let h: PrusaHome;
let sim: RunningSim;
let server: RunningWebServer;

beforeAll(async () => {
  h = prusaHome();
  sim = await startPrinterSim({ apiKey: 'panel-key-0123456789' });
  const dead = await closedPort();
  const config = loadConfig({
    env: { ENGIAI_HOME: h.home, SIM_KEY: 'panel-key-0123456789', DEAD_KEY: 'dead-key-0123456789' },
    cwd: h.home,
    flags: {
      prusa: {
        printers: [
          { name: 'sim', url: sim.url, apiKeyEnv: 'SIM_KEY' },
          { name: 'dead', url: `http://127.0.0.1:${dead}`, apiKeyEnv: 'DEAD_KEY' },
        ],
      } as never,
    },
  });
  server = await startWebServer({ config, host: '127.0.0.1', port: 0, client: false });
});
afterAll(async () => {
  await server?.close();
  await sim?.close();
  rmSync(h.home, { recursive: true, force: true });
});

describe('GET /api/printers', () => {
  it('lists state and temperatures, and why a printer cannot be reached', async () => {
    const res = await fetch(`${server.url}/api/printers`);
    expect(res.status).toBe(200);
    const text = await res.text();
    expect(text).not.toContain('panel-key');
    expect(text).not.toContain('dead-key');
    const { printers } = JSON.parse(text) as { printers: Record<string, unknown>[] };
    expect(printers[0]).toMatchObject({ name: 'sim', url: sim.url, state: 'IDLE', temperatures: { nozzle: 24, nozzleTarget: 0 } });
    expect(printers[1]).toMatchObject({ name: 'dead' });
    expect(String(printers[1].error)).toMatch(/printer dead at http:\/\/127\.0\.0\.1:\d+ is unreachable \(ECONNREFUSED\)/);
  });
});

describe('POST /api/printers/:name/:control', () => {
  const post = (path: string, body: unknown) => fetch(`${server.url}/api/printers/${path}`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-engiai-csrf': '1', origin: server.url }, body: JSON.stringify(body) });
  it('pauses, resumes and (confirmed) cancels the job shown; refuses without a yes, for another job, or a bad request', async () => {
    sim.printer.store('part.gcode', new TextEncoder().encode('; estimated printing time (normal mode) = 1h 0m 0s\nG28\n'), { printAfter: true, overwrite: true });
    const waitFor = async (state: string) => {
      for (let i = 0; i < 100 && sim.printer.state !== state; i++) await new Promise((r) => setTimeout(r, 50));
      expect(sim.printer.state).toBe(state);
    };
    await waitFor('PRINTING');
    const id = sim.printer.jobInfo()!.id;
    const listed = (await (await fetch(`${server.url}/api/printers`)).json()) as { printers: { jobId?: number }[]; confirm: Record<string, boolean> };
    expect(listed.printers[0].jobId).toBe(id);
    expect(listed.confirm).toEqual({ pause: false, resume: false, cancel: true });

    expect((await post('sim/pause', { job_id: id + 1 })).status).toBe(409);
    expect((await post('sim/pause', { job_id: 'x' })).status).toBe(400);
    expect((await post('sim/explode', { job_id: id })).status).toBe(404);
    expect((await post('nobody/pause', { job_id: id })).status).toBe(404);
    expect(sim.printer.state).toBe('PRINTING');

    const paused = await post('sim/pause', { job_id: id });
    expect(paused.status).toBe(200);
    await expect(paused.json()).resolves.toMatchObject({ done: `pausing job ${id} on sim` });
    await waitFor('PAUSED');
    expect((await post('sim/resume', { job_id: id })).status).toBe(200);
    await waitFor('PRINTING');

    // cancel ends the print for good: no yes, no cancel
    const unconfirmed = await post('sim/cancel', { job_id: id });
    expect(unconfirmed.status).toBe(428);
    await expect(unconfirmed.json()).resolves.toMatchObject({ error: expect.stringMatching(/confirm/) });
    expect(sim.printer.state).toBe('PRINTING');
    expect((await post('sim/cancel', { job_id: id, confirm: true })).status).toBe(200);
    await waitFor('STOPPED');
  });
});
