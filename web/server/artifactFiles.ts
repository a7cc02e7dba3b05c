/**
 * Artifact files for the browser: absolute paths in tool results become `/artifacts/<id>/<file>`
 * links, and a request path is resolved back to a file only if it stays inside the artifact
 * folder — no `..` or encoded dots, no absolute paths, no NUL, no hidden names, no symlink that
 * points out of the folder (checked on the real path).
 */
import { realpath, stat } from 'node:fs/promises';
import { extname, isAbsolute, relative, resolve, sep } from 'node:path';
import type { AgentEvent } from '../../agents/trace/agentEvent.ts';

export type LinkKind = 'image' | 'stl' | 'design' | 'file';

export interface ArtifactLink {
  key: string;
  kind: LinkKind;
  url: string;
  name: string;
}

const SEGMENT = /^[A-Za-z0-9_][A-Za-z0-9_.-]*$/;

function kindOf(path: string): LinkKind {
  const ext = extname(path).toLowerCase();
  if (ext === '.png' || ext === '.svg' || ext === '.jpg') return 'image';
  if (ext === '.stl') return 'stl';
  if (!ext) return 'design';
  return 'file';
}

/** The URL of an absolute path under `root`, or null when it is outside. */
export function artifactUrl(root: string, path: string): string | null {
  const rel = relative(resolve(root), resolve(path));
  if (!rel || rel.startsWith('..') || isAbsolute(rel)) return null;
  const parts = rel.split(sep);
  if (!parts.every((p) => SEGMENT.test(p))) return null;
  return `/artifacts/${parts.map(encodeURIComponent).join('/')}`;
}

/** Links for every artifact path named in a tool result (keys ending in path/render/convergence/stl). */
export function linksOf(root: string, result: unknown): ArtifactLink[] {
  const out: ArtifactLink[] = [];
  const seen = new Set<string>();
  const visit = (v: unknown, key: string) => {
    if (typeof v === 'string') {
      if (!/(path|render|convergence|stl|field)/i.test(key) || !/[\\/]/.test(v)) return;
      const url = artifactUrl(root, v);
      if (url && !seen.has(url)) {
        seen.add(url);
        out.push({ key, kind: kindOf(v), url, name: v.split(/[\\/]/).pop() ?? v });
      }
    } else if (Array.isArray(v)) v.forEach((x) => visit(x, key));
    else if (v && typeof v === 'object') for (const [k, x] of Object.entries(v)) visit(x, k);
  };
  visit(result, '');
  return out;
}

/** The event as sent to the browser: tool results carry `links` to their artifacts. */
export function withLinks(root: string, event: AgentEvent): AgentEvent & { links?: ArtifactLink[] } {
  if (event.type !== 'tool_result' || !event.ok) return event;
  const links = linksOf(root, event.result);
  return links.length ? { ...event, links } : event;
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
  if (!rel || rel.startsWith('..') || isAbsolute(rel)) throw new ArtifactPathError('outside the artifact folder');
  const info = await stat(real);
  if (!info.isFile()) throw new ArtifactPathError('not a file');
  return real;
}
