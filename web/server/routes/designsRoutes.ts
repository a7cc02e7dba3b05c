/**
 * The stored designs (the artifact folder's design store) with links to their files, and a render
 * of one that has none (a follow-up that re-optimized without a picture, a design from the CLI): the
 * same render and convergence chart the agents' render_design writes, stored beside the design.
 */
import { join } from 'node:path';
import { Router, type Request } from 'express';
import { exporters } from '../../../tools/engineering/context.ts';
import { maskField } from '../../../tools/engineering/tools/maskField.ts';
import { loadStored, renderStoredDesign } from '../../../tools/engineering/workflow.ts';
import { artifactUrl } from '../artifactFiles.ts';
import { HttpError } from '../httpErrors.ts';
import type { WebState } from '../webState.ts';

const DESIGN_ID = /^[a-z][a-z0-9_]{0,40}-[0-9a-f]{16}$/;

function designId(req: Request): string {
  const id = String(req.params.id);
  if (!DESIGN_ID.test(id)) throw new HttpError(400, 'a design id is its problem and 16 hex digits, e.g. beams2d-0123456789abcdef');
  return id;
}

export function designsRoutes(state: WebState): Router {
  const r = Router();
  const filesOf = (path: string, files: Record<string, string | null | undefined>) =>
    Object.fromEntries(Object.entries(files).flatMap(([role, name]) => (name ? [[role, artifactUrl(state.artifactsRoot, join(path, name))]] : [])));
  /** Renders running now, by design: a second click waits for the first instead of rendering twice. */
  const rendering = new Map<string, Promise<void>>();

  r.get('/api/designs', async (_req, res) => {
    const records = await state.store.list();
    res.json({
      designs: records.slice(0, 200).map((d) => ({
        id: d.id,
        problem: d.meta.problem,
        createdAt: d.meta.createdAt,
        conditions: d.meta.conditions,
        // the node masks it was made with, compact (count, hash, the nodes when few); absent when all are defaults
        ...maskField(d.meta.config ?? {}),
        objectives: d.meta.objectives,
        iterations: d.meta.iterations,
        files: filesOf(d.path, d.meta.files),
      })),
    });
  });

  r.post('/api/designs/:id/render', async (req, res) => {
    const id = designId(req);
    let job = rendering.get(id);
    if (!job) {
      job = (async () => void (await renderStoredDesign({ store: state.store, exporters }, await loadStored({ store: state.store, exporters }, id))))();
      rendering.set(id, job);
      void job.finally(() => rendering.delete(id)).catch(() => {});
    }
    await job;
    const d = (await state.store.list()).find((x) => x.id === id);
    if (!d) throw new HttpError(404, `no stored design ${id}`);
    res.json({ id, files: filesOf(d.path, d.meta.files) });
  });

  return r;
}
