/**
 * What the sketch pad draws on: GET /api/sketch → the 2-D problems' domains (their default grid's
 * width and height, from the catalog's config fields), whether the current model reads images (the
 * sketch's PNG goes to it) and the limits a sketch must keep.
 */
import { Router } from 'express';
import { acceptsImages, MAX_MARKS, MAX_SKETCH_PNG } from '../../../agents/index.ts';
import { problemCatalog, type ProblemInfo } from '../../../tools/engineering/tools/catalog.ts';
import type { WebState } from '../webState.ts';

export interface SketchDomain {
  problem: string;
  title: string;
  /** The default grid, in cells: the pad keeps its aspect. */
  width: number;
  height: number;
}

const X = /^(?:nelx|num_elems_x)$/;
const Y = /^(?:nely|num_elems_y)$/;
const Z = /^(?:nelz|num_elems_z)$/;

/** A problem's 2-D domain from its grid fields' defaults; null for 3-D problems and those without a grid. */
function domainOf(p: ProblemInfo): SketchDomain | null {
  const x = p.config.find((f) => X.test(f.name));
  const y = p.config.find((f) => Y.test(f.name));
  if (!x || !y || p.config.some((f) => Z.test(f.name))) return null;
  return { problem: p.id, title: p.title, width: Number(x.default), height: Number(y.default) };
}

export function sketchRoutes(state: WebState): Router {
  const r = Router();
  let domains: Promise<SketchDomain[]> | undefined;
  r.get('/api/sketch', async (_req, res) => {
    domains ??= problemCatalog().then((c) => c.map(domainOf).filter((d): d is SketchDomain => d !== null));
    res.json({ model: state.settings.model, readsImages: acceptsImages(state.settings.model), domains: await domains, maxMarks: MAX_MARKS, maxPngBytes: MAX_SKETCH_PNG });
  });
  return r;
}
