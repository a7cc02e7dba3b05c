/** Turns the agent event stream into display rows: messages, hand-offs, tool cards with progress, questions. */
import type { AgentEvent, ArtifactLink, InterruptPayload } from '../types.ts';

export interface ToolRow {
  kind: 'tool';
  id: string;
  /** Unique among the rows (ids can repeat across turns). */
  key: string;
  agent: string;
  name: string;
  args: unknown;
  progress?: { step: number; total: number; value?: number; label?: string };
  /** Paused on a question to the person. */
  waiting?: boolean;
  result?: { ok: boolean; value: unknown; durationMs: number; links: ArtifactLink[] };
}

export type Row =
  | { kind: 'user'; text: string }
  | { kind: 'handoff'; from: string; to: string; task: string }
  | { kind: 'note'; text: string }
  | { kind: 'model'; agent: string; model: string; latencyMs: number; toolCalls: string[]; tokens: number }
  | ToolRow
  | { kind: 'answer'; agent: string; text: string }
  | { kind: 'question'; payload: InterruptPayload }
  | { kind: 'warn'; text: string };

export function buildRows(events: AgentEvent[]): Row[] {
  const rows: Row[] = [];
  const tools = new Map<string, ToolRow>();
  for (const e of events) {
    switch (e.type) {
      case 'run_start':
        if (e.input && !e.resume) rows.push({ kind: 'user', text: e.input });
        break;
      case 'handoff':
        rows.push({ kind: 'handoff', from: e.from, to: e.to, task: e.task });
        break;
      case 'handback':
        rows.push({ kind: 'note', text: `${e.from} handed back to the supervisor` });
        break;
      case 'model_call':
        rows.push({ kind: 'model', agent: e.agent, model: e.model, latencyMs: e.latencyMs, toolCalls: e.toolCalls, tokens: e.inputTokens + e.outputTokens });
        break;
      case 'tool_call': {
        // a call paused by a question runs again on resume with the same id: one card
        const open = tools.get(e.id);
        if (open && !open.result) {
          open.waiting = false;
          break;
        }
        const row: ToolRow = { kind: 'tool', id: e.id, key: open ? `${e.id}#${rows.length}` : e.id, agent: e.agent, name: e.name, args: e.args };
        tools.set(e.id, row);
        rows.push(row);
        break;
      }
      case 'progress': {
        const row = [...tools.values()].reverse().find((r) => r.name === e.tool && !r.result);
        if (row) row.progress = { step: e.step, total: e.total, value: e.value, label: e.label };
        break;
      }
      case 'tool_result': {
        const row = tools.get(e.id);
        const result = { ok: e.ok, value: e.result, durationMs: e.durationMs, links: e.links ?? [] };
        if (row) {
          row.result = result;
          row.waiting = false;
        } else rows.push({ kind: 'tool', id: e.id, key: `${e.id}#${rows.length}`, agent: e.agent, name: e.name, args: undefined, result });
        break;
      }
      case 'reply':
        // the person's answer, as the waiting tool received it
        // (declined: a deny, e.g. the runtime's when a new message came instead of an answer)
        rows.push(e.kind === 'clarification' && !e.declined ? { kind: 'user', text: e.text } : { kind: 'note', text: `${e.kind === 'approval' ? 'approval' : 'question'}: ${e.text}` });
        break;
      case 'answer':
        rows.push({ kind: 'answer', agent: e.agent, text: e.content });
        break;
      case 'interrupt': {
        const open = [...tools.values()].reverse().find((r) => !r.result);
        if (open) open.waiting = true;
        rows.push({ kind: 'question', payload: e.payload });
        break;
      }
      case 'stopped':
        rows.push({ kind: 'warn', text: `Stopped: ${e.reason}` });
        break;
      case 'run_end':
        if (e.status === 'error') rows.push({ kind: 'warn', text: 'The run failed (see the server log).' });
        break;
      default:
        break;
    }
  }
  return rows;
}

/** The agent working right now: the last node that started and has not ended. */
export function workingAgent(events: AgentEvent[]): string | null {
  const open: string[] = [];
  for (const e of events) {
    if (e.type === 'run_start') open.length = 0;
    if (e.type === 'node_start') open.push(e.agent);
    if (e.type === 'node_end') {
      const i = open.lastIndexOf(e.agent);
      if (i >= 0) open.splice(i, 1);
    }
  }
  return open.at(-1) ?? null;
}
