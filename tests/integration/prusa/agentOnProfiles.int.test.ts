/**
 * The prusa agent's own print chain (offline model: slice → upload → the person approves →
 * start_print) against each real printer profile of the simulator: the answer says the job is
 * PRINTING only once the printer prints (the start acts after a delay on these printers), and the
 * file went to the storage that printer has (`usb` on MK4, MINI and XL).
 */
import { rmSync } from 'node:fs';
import { MemorySaver } from '@langchain/langgraph';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOfflineModel, createRuntime } from '../../../agents/index.ts';
import { decisionFor } from '../../../agents/supervisor/approvalDecision.ts';
import { startPrinterSim } from '../../../tools/prusa/printerSim/simServer.ts';
import { cubeStl, printerConfig, prusaHome, type PrusaHome } from './prusaKit.ts';

const KEY = 'agent-key-0123456789';
let h: PrusaHome;
let stl: string;

beforeAll(() => {
  h = prusaHome();
  stl = h.file('cube.stl', cubeStl());
});
afterAll(() => rmSync(h.home, { recursive: true, force: true }));

describe.each([
  { profile: 'prusalink', storage: 'local' },
  { profile: 'mk4', storage: 'usb' },
  { profile: 'mini', storage: 'usb' },
  { profile: 'xl', storage: 'usb' },
] as const)('the prusa agent on a $profile', ({ profile, storage }) => {
  it('slices, uploads, asks, and reports PRINTING once the printer prints', async () => {
    const sim = await startPrinterSim({ apiKey: KEY, profile });
    const runtime = await createRuntime({ config: printerConfig(h.home, { ENGIAI_PRINTER_URL: sim.url, ENGIAI_PRINTER_KEY: KEY }), saver: new MemorySaver() });
    try {
      const session = await runtime.session({ model: createOfflineModel() });
      let r = await session.runTurn({ threadId: profile, message: `Slice ${stl} and print it` });
      expect(r.interrupt).toMatchObject({ kind: 'approval', tool: 'start_print', agent: 'prusa' });
      const file = (r.interrupt!.args as { file: string }).file;
      expect(sim.log).toContain(`PUT /api/v1/files/${storage}/${file}`);
      r = await session.runTurn({ threadId: profile, resume: decisionFor(r.interrupt!, 'approve') });
      expect(r.status).toBe('done');
      expect(r.answer).toMatch(new RegExp(`Printing ${file.replace(/[.]/g, '\\.')} on printer: job 1, state PRINTING`));
      expect(sim.printer.state).toBe('PRINTING');
    } finally {
      await runtime.close();
      await sim.close();
    }
  }, 120_000);
});
