/**
 * The print pipeline tests' shared set-up: a Prusa home (tests/integration/prusa/prusaKit.ts), the
 * printer simulator at 300 simulated seconds per second (PrusaSlicer's minutes-long estimates print
 * in seconds), a runtime whose settings point at it (in-memory checkpoints) and a chat session with
 * the offline model. Registers the file's vitest hooks: before all it starts them; after all it
 * closes the runtime and the simulator and removes the home. The fields are set once the hooks ran.
 */
import { rmSync } from 'node:fs';
import { MemorySaver } from '@langchain/langgraph';
import { afterAll, beforeAll } from 'vitest';
import { createOfflineModel, createRuntime, type ChatSession, type Runtime } from '../../agents/index.ts';
import { startPrinterSim, type RunningSim } from '../../tools/prusa/printerSim/simServer.ts';
import { printerConfig, prusaHome, type PrusaHome } from '../integration/prusa/prusaKit.ts';

export interface PrinterChat {
  h: PrusaHome;
  sim: RunningSim;
  runtime: Runtime;
  session: ChatSession;
}

/** `key`: the simulator's API key, given to the runtime's settings. */
export function printerChat(key: string): PrinterChat {
  const pc = {} as PrinterChat;
  beforeAll(async () => {
    pc.h = prusaHome();
    pc.sim = await startPrinterSim({ apiKey: key, speed: 300 });
    pc.runtime = await createRuntime({ config: printerConfig(pc.h.home, { ENGIAI_PRINTER_URL: pc.sim.url, ENGIAI_PRINTER_KEY: key }), saver: new MemorySaver() });
    pc.session = await pc.runtime.session({ model: createOfflineModel() });
  });
  afterAll(async () => {
    await pc.runtime?.close();
    await pc.sim?.close();
    if (pc.h) rmSync(pc.h.home, { recursive: true, force: true });
  });
  return pc;
}
