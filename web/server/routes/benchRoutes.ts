/**
 * Benchmark runs for the Benchmarks page: the run directories under the benchmark folder
 * (ENGIAI_HOME/bench unless the server is given others), each run's summary and scored trials, one
 * trial's trace as agent events (the chat timeline reads them), and a run's report and figures.
 * Files come only from run directories inside an allowed folder, and only report, figure and corpus
 * files; every path is checked on its real path (symlinks resolved).
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { realpath, stat } from 'node:fs/promises';
import { isAbsolute, join, relative, resolve, sep } from 'node:path';
import { Router } from 'express';
import { findRunDirs } from '../../../benchmarks/reportDirs.ts';
import { readManifest } from '../../../benchmarks/runner/runConfig.ts';
import { readTrace, traceFileName, TRACES_SUBDIR } from '../../../benchmarks/trace/index.ts';
import { linksOf } from '../artifactFiles.ts';
import { HttpError } from '../httpErrors.ts';
import type { WebState } from '../webState.ts';

const SEGMENT = /^[A-Za-z0-9_][A-Za-z0-9_.-]*$/;
const RUN_FILE = /^(?:report\.(?:html|md)|summary\.json|figures\/[A-Za-z0-9_.-]+\.svg|corpus\/seed-\d+\/[A-Za-z0-9_.-]+\.(?:md|pdf))$/;
/** Events the timeline does not need (designs are large; the sample is sent on its own). */
const HIDDEN = new Set(['design', 'sample']);

interface Root {
  name: string;
  path: string;
}

/** A run's id: its root's index and its path below the root, segments joined by "~". */
function runId(roots: readonly Root[], dir: string): string | null {
  for (const [i, root] of roots.entries()) {
    const rel = relative(resolve(root.path), dir);
    if (!rel || rel.startsWith('..') || isAbsolute(rel)) continue;
    const parts = rel.split(sep);
    if (parts.every((p) => SEGMENT.test(p))) return [String(i), ...parts].join('~');
  }
  return null;
}

async function inside(root: string, candidate: string): Promise<string> {
  const realRoot = await realpath(root).catch(() => {
    throw new HttpError(404, 'no benchmark runs yet');
  });
  const real = await realpath(candidate).catch(() => {
    throw new HttpError(404, 'not found');
  });
  const rel = relative(realRoot, real);
  if (!rel || rel.startsWith('..') || isAbsolute(rel)) throw new HttpError(404, 'not found');
  return real;
}

/** The run directory an id names, if it is a run inside an allowed folder. */
async function runDir(roots: readonly Root[], id: string): Promise<string> {
  const [i, ...parts] = id.split('~');
  const root = roots[Number(i)];
  if (!root || !/^\d+$/.test(i) || !parts.length || !parts.every((p) => SEGMENT.test(p) && !p.includes('..'))) throw new HttpError(404, 'no such run');
  const dir = await inside(root.path, resolve(root.path, ...parts));
  if (!existsSync(join(dir, 'run.json'))) throw new HttpError(404, 'no such run');
  return dir;
}

function readJson(path: string): unknown {
  try {
    return JSON.parse(readFileSync(path, 'utf8'));
  } catch {
    return null;
  }
}

function readScores(dir: string): Record<string, unknown>[] {
  try {
    return readFileSync(join(dir, 'scores.jsonl'), 'utf8').split('\n').filter(Boolean).map((l) => JSON.parse(l) as Record<string, unknown>);
  } catch {
    return [];
  }
}

export function benchRoutes(state: WebState, folders?: readonly string[]): Router {
  const roots: Root[] = (folders ?? [join(state.home, 'bench')]).map((p, i) => ({ name: `root${i}`, path: resolve(p) }));
  const r = Router();

  r.get('/api/bench/runs', async (_req, res) => {
    const dirs = findRunDirs(roots.map((x) => x.path).filter(existsSync));
    const runs = dirs.flatMap((dir) => {
      const id = runId(roots, dir);
      const manifest = readManifest(dir);
      if (!id || !manifest) return [];
      const summary = readJson(join(dir, 'summary.json')) as Record<string, unknown> | null;
      return [{ id, suite: manifest.suite, createdAt: manifest.createdAt, configHash: manifest.configHash, config: manifest.config, gitSha: manifest.gitSha, gitDirty: manifest.gitDirty, summary, hasReport: existsSync(join(dir, 'report.html')) }];
    });
    res.json({ runs: runs.sort((a, b) => (a.createdAt < b.createdAt ? 1 : -1)) });
  });

  r.get('/api/bench/runs/:id', async (req, res) => {
    const dir = await runDir(roots, req.params.id);
    const figures = existsSync(join(dir, 'figures')) ? readdirSync(join(dir, 'figures')).filter((f) => SEGMENT.test(f) && f.endsWith('.svg')).sort() : [];
    res.json({ id: req.params.id, manifest: readManifest(dir), summary: readJson(join(dir, 'summary.json')), trials: readScores(dir), figures });
  });

  r.get('/api/bench/runs/:id/trials/:trial', async (req, res) => {
    const dir = await runDir(roots, req.params.id);
    if (!SEGMENT.test(req.params.trial)) throw new HttpError(404, 'no such trial');
    const file = await inside(dir, join(dir, TRACES_SUBDIR, traceFileName(req.params.trial))).catch(() => {
      throw new HttpError(404, 'no such trial');
    });
    const trace = readTrace(file);
    const sample = (trace.events.find((e) => e.type === 'sample') as { sample?: unknown } | undefined)?.sample ?? null;
    const events = trace.events
      .filter((e) => !HIDDEN.has(e.type))
      .map((e) => (e.type === 'tool_result' && e.ok === true && Array.isArray(e.artifacts) ? { ...e, links: linksOf(state.artifactsRoot, e.artifacts as never) } : e));
    const score = readScores(dir).find((s) => s.trialId === trace.header.trialId) ?? null;
    res.json({ header: trace.header, end: trace.end, sample, score, events });
  });

  r.get('/api/bench/runs/:id/files/{*rel}', async (req, res) => {
    const dir = await runDir(roots, req.params.id);
    const rel = (req.params as { rel?: string[] | string }).rel;
    const path = (Array.isArray(rel) ? rel : String(rel ?? '').split('/')).join('/');
    if (!RUN_FILE.test(path) || path.includes('..')) throw new HttpError(404, 'not a report, figure or corpus file');
    const file = await inside(dir, join(dir, ...path.split('/')));
    if (!(await stat(file)).isFile()) throw new HttpError(404, 'not found');
    res.sendFile(file, { dotfiles: 'deny' });
  });

  return r;
}
