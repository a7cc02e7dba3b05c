/**
 * The printers panel's data: each configured printer's state, job progress and temperatures, read
 * over PrusaLink (tools/prusa/prusaLink.ts) at each request. A printer that cannot be reached is
 * listed with the reason; keys never leave the server.
 */
import { Router } from 'express';
import { PrusaLink } from '../../../tools/prusa/prusaLink.ts';
import type { WebState } from '../webState.ts';

export interface PrinterPanel {
  name: string;
  url: string;
  state?: string;
  progress?: number;
  timeRemainingS?: number;
  file?: string;
  temperatures?: { nozzle?: number; nozzleTarget?: number; bed?: number; bedTarget?: number };
  message?: string;
  error?: string;
}

async function panel(link: PrusaLink): Promise<PrinterPanel> {
  const base = { name: link.name, url: link.printer.url };
  try {
    const s = await link.status();
    const job = s.job ? await link.job().catch(() => null) : null;
    const p = s.printer;
    return {
      ...base,
      state: p.state,
      ...(s.job ? { progress: s.job.progress, timeRemainingS: s.job.time_remaining } : {}),
      ...(job?.file ? { file: job.file.display_name ?? job.file.name } : {}),
      temperatures: { nozzle: p.temp_nozzle, nozzleTarget: p.target_nozzle, bed: p.temp_bed, bedTarget: p.target_bed },
      ...(p.status_printer && !p.status_printer.ok ? { message: p.status_printer.message } : {}),
    };
  } catch (err) {
    return { ...base, error: err instanceof Error ? err.message : String(err) };
  }
}

export function printersRoutes(state: WebState): Router {
  const r = Router();
  const links = state.config.prusa.printers.map((p) => new PrusaLink({ ...p, timeoutMs: Math.min(p.timeoutMs, 5000) }));
  r.get('/api/printers', async (_req, res) => {
    res.json({ printers: await Promise.all(links.map(panel)) });
  });
  return r;
}
