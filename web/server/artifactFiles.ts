/**
 * Artifact files for the browser: the artifacts a tool declared (tools/tool.ts) become
 * `/artifacts/<id>/<file>` links, and a request path is resolved back to a file only if it stays
 * inside the artifact folder — no `..` or encoded dots, no absolute paths, no NUL, no hidden names,
 * no symlink that points out of the folder (checked on the real path). A file outside is "not
 * found", the same as a missing one, so the answer never tells what exists outside.
 */
import { realpath, stat } from 'node:fs/promises';
import { isAbsolute, relative, resolve, sep } from 'node:path';
import type { AgentEvent } from '../../agents/index.ts';
import type { Artifact } from '../../tools/tool.ts';

export interface ArtifactLink {
  /** The artifact's label (render, convergence, stl, …) or kind. */
  key: string;
  kind: Artifact['kind'];
  mediaType: string;
  url: string;
  name: string;
}

const SEGMENT = /^[A-Za-z0-9_][A-Za-z0-9_.-]*$/;

/** The URL of an absolute path under `root`, or null when it is outside. */
export function artifactUrl(root: string, path: string): string | null {
  const rel = relative(resolve(root), resolve(path));
  if (!rel || rel.startsWith('..') || isAbsolute(rel)) return null;
  const parts = rel.split(sep);
  if (!parts.every((p) => SEGMENT.test(p))) return null;
  return `/artifacts/${parts.map(encodeURIComponent).join('/')}`;
}

/** Links for the artifacts that lie under `root` (others are not served), each once. */
export function linksOf(root: string, artifacts: readonly Artifact[]): ArtifactLink[] {
  const out: ArtifactLink[] = [];
  const seen = new Set<string>();
  for (const a of artifacts) {
    const url = artifactUrl(root, a.path);
    if (!url || seen.has(url)) continue;
    seen.add(url);
    out.push({ key: a.label ?? a.kind, kind: a.kind, mediaType: a.mediaType, url, name: a.path.split(/[\\/]/).pop() ?? a.path });
  }
  return out;
}

/** The event as sent to the browser: tool results carry `links` to their artifacts. */
export function withLinks(root: string, event: AgentEvent): AgentEvent & { links?: ArtifactLink[] } {
  if (event.type !== 'tool_result' || !event.ok) return event;
  const links = linksOf(root, event.artifacts ?? []);
  return links.length ? { ...event, links } : event;
}

/** Whether `path` lies inside `dir` (both absolute; real paths when symlinks matter). */
export function isInsideFolder(dir: string, path: string): boolean {
  const rel = relative(dir, path);
  return !!rel && !rel.startsWith('..') && !isAbsolute(rel);
}

export class ArtifactPathError extends Error {}

/**
 * The real path of a file inside `root` named by URL segments (already percent-decoded once by
 * the router). Throws ArtifactPathError for anything that is not a plain file inside the folder.
 */
export async function resolveArtifactFile(root: string, segments: string[]): Promise<string> {
  if (!segments.length) throw new ArtifactPathError('empty path');
  for (const s of segments) {
    if (!SEGMENT.test(s) || s.includes('..')) throw new ArtifactPathError(`bad path segment "${s}"`);
  }
  const realRoot = await realpath(root).catch(() => {
    throw new ArtifactPathError('no artifacts yet');
  });
  const candidate = resolve(realRoot, ...segments);
  const real = await realpath(candidate).catch(() => {
    throw new ArtifactPathError('not found');
  });
  const rel = relative(realRoot, real);
  // the same words as a missing file: whether something exists outside the folder is not told
  if (!rel || rel.startsWith('..') || isAbsolute(rel)) throw new ArtifactPathError('not found');
  const info = await stat(real);
  if (!info.isFile()) throw new ArtifactPathError('not a file');
  return real;
}
