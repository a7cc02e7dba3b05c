/**
 * A thread's design report: GET /api/threads/:id/report.pdf or .html, built on the server from the
 * stored thread (agents/report), sent as a download. Links to design files point back at this
 * server's /artifacts/ (never carrying the token); no path of the server's home appears.
 */
import { Router, type Request } from 'express';
import { threadReport, type ReportFormat } from '../../../agents/index.ts';
import { HttpError } from '../httpErrors.ts';
import type { WebState } from '../webState.ts';

const THREAD_ID = /^[A-Za-z0-9_-]{1,64}$/;

/** The server's own origin as the client named it (the Host guard has checked it on a loopback bind). */
function originOf(req: Request): string {
  return `${req.protocol}://${req.headers.host ?? '127.0.0.1'}`;
}

export function reportRoutes(state: WebState): Router {
  const r = Router();
  r.get('/api/threads/:id/report.:format', async (req, res) => {
    const id = String(req.params.id);
    const format = String(req.params.format);
    if (!THREAD_ID.test(id)) throw new HttpError(400, 'thread id must be 1-64 letters, digits, "-" or "_"');
    if (format !== 'pdf' && format !== 'html') throw new HttpError(404, 'a report is report.pdf or report.html');
    const row = state.index.get(id);
    const session = await state.chat.session(state.settings.model, state.settings.approvals);
    const origin = originOf(req);
    const report = await threadReport(
      {
        threadId: id,
        session,
        events: state.index.events(id),
        store: state.store,
        home: state.home,
        title: row?.title,
        model: row?.model ?? null,
        // the download is opened elsewhere: full URLs back to this server
        linkOf: (rel) => `${origin}/artifacts/${rel.split('/').map(encodeURIComponent).join('/')}`,
      },
      format as ReportFormat,
    );
    res.setHeader('Content-Type', report.mediaType);
    res.setHeader('Content-Disposition', `attachment; filename="engiai-report-${id}.${format}"`);
    res.setHeader('Cache-Control', 'no-store');
    // the page is ours, its texts escaped; still, it runs nothing
    if (format === 'html') res.setHeader('Content-Security-Policy', "sandbox; default-src 'none'; img-src data:; style-src 'unsafe-inline'");
    res.send(report.bytes);
  });
  return r;
}
