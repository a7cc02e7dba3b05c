/**
 * The jobs of every conversation: what specialists show about each thread of the index
 * (`Specialist.threadView`) where that is a list of jobs, newest thread first, with the thread's
 * title and links to the files. At most 200 threads are read; data names no server path.
 */
import { Router } from 'express';
import type { ThreadView } from '../../../agents/index.ts';
import { linksOf } from '../artifactFiles.ts';
import { presentValue } from '../presentEvent.ts';
import type { WebState } from '../webState.ts';

const MAX_THREADS = 200;

export function jobsRoutes(state: WebState): Router {
  const r = Router();
  r.get('/api/jobs', async (_req, res) => {
    const viewers = state.runtime.specialists.filter((s) => s.threadView);
    const out = [];
    for (const t of state.index.list(MAX_THREADS)) {
      for (const s of viewers) {
        const v: ThreadView | null = await s.threadView!(t.id).catch(() => null);
        if (!v || v.kind !== 'jobs') continue;
        const { artifacts, ...view } = v;
        out.push({ thread: { id: t.id, title: t.title }, view: { ...view, data: presentValue(state, view.data), links: linksOf(state.artifactsRoot, artifacts ?? []) } });
      }
    }
    res.json({ threads: out });
  });
  return r;
}
