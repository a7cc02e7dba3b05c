/**
 * A specialist hands back a compact summary, not its transcript (agent-stack.md §2.5): its final
 * text, one line per tool call with the key fields of the result, and the artifact paths.
 */
import type { AIMessage, BaseMessage, ToolMessage } from '@langchain/core/messages';

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

/** Fields worth handing back; anything else stays in the specialist's transcript. */
const KEY_FIELDS = ['error', 'design_id', 'problem', 'conditions', 'iterations', 'final_objective', 'objectives', 'volume_fraction', 'constraint_violations', 'files', 'path', 'stl_path', 'watertight', 'answer', 'warnings'];

function keyFields(result: unknown): unknown {
  if (!result || typeof result !== 'object' || Array.isArray(result)) return compactValue(result);
  const entries = Object.entries(result).filter(([k, v]) => KEY_FIELDS.includes(k) && !(Array.isArray(v) && v.length === 0));
  return entries.length ? compactValue(Object.fromEntries(entries)) : compactValue(result, 2);
}

function parseContent(m: ToolMessage): unknown {
  const text = typeof m.content === 'string' ? m.content : JSON.stringify(m.content);
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** Every string value under a key that names a file, anywhere in a tool result. */
function collectPaths(v: unknown, out: Set<string>, key = ''): void {
  if (typeof v === 'string') {
    if (/(path|render|convergence|stl|design)$/i.test(key) && /[\\/]/.test(v)) out.add(v);
    return;
  }
  if (Array.isArray(v)) v.forEach((x) => collectPaths(x, out, key));
  else if (v && typeof v === 'object') for (const [k, x] of Object.entries(v)) collectPaths(x, out, k);
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
      const result = parseContent(t);
      collectPaths(result, paths);
      tools.push({ tool: t.name, ok: t.status !== 'error', result: keyFields(result) });
    } else if (m.getType() === 'ai') {
      const text = textOf(m as AIMessage).trim();
      if (text) answer = text;
    }
  }
  if (answer.length > MAX_TEXT) answer = `${answer.slice(0, MAX_TEXT)}…`;
  if (stopReason) answer = `${answer ? `${answer}\n` : ''}(stopped: ${stopReason})`;
  return { agent, status: stopReason ? 'stopped' : 'done', answer, tools, artifacts: [...paths] };
}
