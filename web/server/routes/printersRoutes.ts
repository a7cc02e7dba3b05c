/**
 * The printers panel's data: each configured printer's state, job progress and temperatures, read
 * over PrusaLink (tools/prusa/prusaLink.ts) at each request. A printer that cannot be reached is
 * listed with the reason; keys never leave the server. Pause, resume and cancel act on the job the
 * page showed (its id: a job that changed since is a 409, nothing done); cancel ends a print for
 * good and always needs `confirm: true`, and pause or resume need it too when their tool asks
 * before running in the settings (the same rule the agents follow), else 428.
 */
import { Router, json, type Request } from 'express';
import { HttpError } from '../httpErrors.ts';
import { PrusaLink } from '../../../tools/prusa/prusaLink.ts';
import type { WebState } from '../webState.ts';

export interface PrinterPanel {
  name: string;
  url: string;
  state?: string;
  /** The current job's id: what pause, resume and cancel act on. */
  jobId?: number;
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
      ...(s.job ? { jobId: s.job.id, progress: s.job.progress, timeRemainingS: s.job.time_remaining } : {}),
      ...(job?.file ? { file: job.file.display_name ?? job.file.name } : {}),
      temperatures: { nozzle: p.temp_nozzle, nozzleTarget: p.target_nozzle, bed: p.temp_bed, bedTarget: p.target_bed },
      ...(p.status_printer && !p.status_printer.ok ? { message: p.status_printer.message } : {}),
    };
  } catch (err) {
    return { ...base, error: err instanceof Error ? err.message : String(err) };
  }
}

/** The controls, with the printer tool that does the same (its approval setting applies here too). */
const CONTROLS = {
  pause: { tool: 'pause_print', verb: 'pausing', act: (l: PrusaLink, id: number) => l.pause(id) },
  resume: { tool: 'resume_print', verb: 'resuming', act: (l: PrusaLink, id: number) => l.resume(id) },
  cancel: { tool: 'cancel_print', verb: 'cancelling', act: (l: PrusaLink, id: number) => l.stop(id) },
} as const;
type Control = keyof typeof CONTROLS;

export function printersRoutes(state: WebState): Router {
  const r = Router();
  const links = state.config.prusa.printers.map((p) => new PrusaLink({ ...p, timeoutMs: Math.min(p.timeoutMs, 5000) }));
  /** Which controls need a confirmation now: cancel always, the others when their tool asks. */
  const asks = (): Record<Control, boolean> => ({ pause: state.settings.approvals.includes('pause_print'), resume: state.settings.approvals.includes('resume_print'), cancel: true });
  r.get('/api/printers', async (_req, res) => {
    res.json({ printers: await Promise.all(links.map(panel)), confirm: asks() });
  });

  r.use('/api/printers', json({ limit: '1kb' }));
  r.post('/api/printers/:name/:control', async (req: Request, res) => {
    const link = links.find((l) => l.name === req.params.name);
    if (!link) throw new HttpError(404, `no printer named "${String(req.params.name).slice(0, 40)}"`);
    const control = String(req.params.control);
    if (!Object.hasOwn(CONTROLS, control)) throw new HttpError(404, 'printer controls: pause, resume, cancel');
    const c = CONTROLS[control as Control];
    const body = (req.body ?? {}) as { job_id?: unknown; confirm?: unknown };
    if (!Number.isSafeInteger(body.job_id) || (body.job_id as number) <= 0) throw new HttpError(400, 'give "job_id": the id of the job shown (a positive whole number)');
    if (asks()[control as Control] && body.confirm !== true) {
      throw new HttpError(428, control === 'cancel' ? `cancelling ends job ${body.job_id} on ${link.name} for good: send "confirm": true once the person said yes` : `${c.tool} asks before running (settings): send "confirm": true once the person said yes`);
    }
    const job = await link.job();
    if (!job || job.id !== body.job_id) throw new HttpError(409, `printer ${link.name} ${job ? `runs job ${job.id} now` : 'has no job now'}, not job ${body.job_id}: nothing was done`);
    await c.act(link, job.id);
    res.json({ printer: await panel(link), done: `${c.verb} job ${job.id} on ${link.name}` });
  });
  return r;
}
