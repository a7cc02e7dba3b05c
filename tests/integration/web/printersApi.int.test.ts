/** GET /api/printers: each configured printer's state and temperatures over PrusaLink; an unreachable one says why; keys stay on the server. */
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
