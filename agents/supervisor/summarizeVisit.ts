/**
 * A specialist hands back a compact summary, not its transcript (agent-stack.md §2.5): its final
 * text, one line per tool call with the fields its tool declares worth showing, and the paths of
 * the artifacts its tools declared.
 */
import type { AIMessage, BaseMessage, ToolMessage } from '@langchain/core/messages';
import type { ToolMessageExtras } from './runToolCall.ts';

export interface VisitSummary {
  agent: string;
  status: 'done' | 'stopped';
  answer: string;
  tools: Record<string, unknown>[];
  artifacts: string[];
}

const MAX_TEXT = 1500;
const MAX_FIELD = 300;

function compactValue(v: unknown, depth = 0): unknown {
  if (typeof v === 'string') return v.length > MAX_FIELD ? `${v.slice(0, MAX_FIELD)}…` : v;
  if (Array.isArray(v)) return v.length > 8 ? [...v.slice(0, 8).map((x) => compactValue(x, depth + 1)), `… ${v.length - 8} more`] : v.map((x) => compactValue(x, depth + 1));
  if (v && typeof v === 'object') {
    if (depth > 2) return '{…}';
    return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, compactValue(x, depth + 1)]));
  }
  return v;
}

function parseContent(m: ToolMessage): unknown {
  const text = typeof m.content === 'string' ? m.content : JSON.stringify(m.content);
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** What the tool declared about its call (runToolCall stores it on the message); a bare result for older messages. */
function extrasOf(m: ToolMessage): ToolMessageExtras {
  const a = m.artifact as Partial<ToolMessageExtras> | undefined;
  if (a && Array.isArray(a.artifacts) && a.highlights && typeof a.highlights === 'object') return { artifacts: a.artifacts, highlights: a.highlights };
  const result = parseContent(m);
  return { artifacts: [], highlights: result && typeof result === 'object' && !Array.isArray(result) ? (result as Record<string, unknown>) : { value: result } };
}

export function textOf(m: BaseMessage): string {
  if (typeof m.content === 'string') return m.content;
  return m.content.map((p) => (typeof p === 'string' ? p : 'text' in p && typeof p.text === 'string' ? p.text : '')).join('');
}

export function summarizeVisit(agent: string, transcript: BaseMessage[], stopReason?: string): VisitSummary {
  const tools: Record<string, unknown>[] = [];
  const paths = new Set<string>();
  let answer = '';
  for (const m of transcript) {
    if (m.getType() === 'tool') {
      const t = m as ToolMessage;
      const { artifacts, highlights } = extrasOf(t);
      for (const a of artifacts) paths.add(a.path);
      tools.push({ tool: t.name, ok: t.status !== 'error', result: compactValue(highlights) });
    } else if (m.getType() === 'ai') {
      const text = textOf(m as AIMessage).trim();
      if (text) answer = text;
    }
  }
  if (answer.length > MAX_TEXT) answer = `${answer.slice(0, MAX_TEXT)}…`;
  if (stopReason) answer = `${answer ? `${answer}\n` : ''}(stopped: ${stopReason})`;
  return { agent, status: stopReason ? 'stopped' : 'done', answer, tools, artifacts: [...paths] };
}
