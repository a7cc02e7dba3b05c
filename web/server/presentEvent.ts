/**
 * An agent event as the browser shows it: tool results carry links to their artifacts, and text
 * written for the person (answers, hand-offs, hand-backs, a call's arguments) names no server folder: a path into the artifact
 * folder becomes a `[name](/artifacts/…)` link (a folder: its name), any other server path
 * (ENGIAI_HOME, the install, temp and home folders) is replaced by a name.
 */
import type { AgentEvent, InterruptPayload } from '../../agents/index.ts';
import { artifactUrl, withLinks, type ArtifactLink } from './artifactFiles.ts';
import { hidePaths } from './httpErrors.ts';

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

export interface PresentContext {
  artifactsRoot: string;
  home: string;
}

/** Text for the person: artifact paths as links, other server paths hidden. */
export function presentText(ctx: PresentContext, text: string): string {
  const root = ctx.artifactsRoot.replace(/\/+$/, '');
  const paths = new RegExp(`${escapeRegExp(root)}((?:/[A-Za-z0-9_][A-Za-z0-9_.-]*)+)`, 'g');
  const linked = text.replace(paths, (whole: string, rest: string) => {
    const path = whole.replace(/[.,;:]+$/, '');
    const trail = whole.slice(path.length);
    const parts = rest.slice(0, rest.length - trail.length).split('/').filter(Boolean);
    const name = parts.join('/');
    // a file (it has an extension) is a link; a design's folder is its id
    const url = /\.[A-Za-z0-9]{1,8}$/.test(name) ? artifactUrl(root, path) : null;
    return `${url ? `[${name}](${url})` : name}${trail}`;
  });
  return hidePaths(linked, ctx.home);
}

/** A value shown as data (a tool's result): artifact paths relative to the artifact folder, other server paths hidden. */
export function presentValue(ctx: PresentContext, v: unknown, depth = 0): unknown {
  if (typeof v === 'string') return hidePaths(v.split(`${ctx.artifactsRoot.replace(/\/+$/, '')}/`).join(''), ctx.home);
  if (depth > 20 || v === null || typeof v !== 'object') return v;
  if (Array.isArray(v)) return v.map((x) => presentValue(ctx, x, depth + 1));
  return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, presentValue(ctx, x, depth + 1)]));
}

/** A checkpoint message as the browser shows it: its text and its tool calls' arguments name no server folder. */
export function presentMessage<M extends { content: unknown; tool_calls?: { args?: unknown }[] }>(ctx: PresentContext, m: M): M {
  const content = typeof m.content === 'string' ? presentText(ctx, m.content) : m.content;
  return { ...m, content, ...(m.tool_calls ? { tool_calls: m.tool_calls.map((c) => ({ ...c, args: presentValue(ctx, c.args) })) } : {}) };
}

/** A question or approval as the browser shows it: what it asks about names no server folder (the decision is bound by call id and digest, not by this text). */
export function presentInterrupt<T extends InterruptPayload | null>(ctx: PresentContext, payload: T): T {
  if (!payload) return payload;
  return { ...payload, question: presentText(ctx, payload.question), ...(payload.args !== undefined ? { args: presentValue(ctx, payload.args) } : {}), ...(payload.subject !== undefined ? { subject: presentValue(ctx, payload.subject) } : {}) };
}

export function presentEvent(ctx: PresentContext, event: AgentEvent): AgentEvent & { links?: ArtifactLink[] } {
  if (event.type === 'answer') return { ...event, content: presentText(ctx, event.content) };
  if (event.type === 'handback') return { ...event, summary: presentText(ctx, event.summary) };
  if (event.type === 'handoff') return { ...event, task: presentText(ctx, event.task) };
  if (event.type === 'token') return { ...event, text: presentText(ctx, event.text) };
  if (event.type === 'tool_call') return { ...event, args: presentValue(ctx, event.args) };
  if (event.type === 'interrupt') return { ...event, payload: presentInterrupt(ctx, event.payload) };
  if (event.type === 'run_end' && event.error !== undefined) return { ...event, error: hidePaths(event.error, ctx.home), ...(event.hint ? { hint: hidePaths(event.hint, ctx.home) } : {}) };
  if (event.type !== 'tool_result') return event;
  const linked = withLinks(ctx.artifactsRoot, event) as typeof event & { links?: ArtifactLink[] };
  // the artifacts travel as links (their server paths stay on the server)
  return { ...linked, artifacts: [], result: presentValue(ctx, event.result), ...(event.highlights ? { highlights: presentValue(ctx, event.highlights) as Record<string, unknown> } : {}) };
}
