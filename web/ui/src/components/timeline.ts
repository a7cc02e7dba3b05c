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
  progress?: { step: number; total: number; value?: number; label?: string; t: number };
  /** When the call started (ms since the epoch): elapsed time and the estimate count from it. */
  startedAt?: number;
  /** Paused on a question to the person. */
  waiting?: boolean;
  /** The turn stopped (Stop, a budget, an error) before the call returned. */
  stopped?: boolean;
  result?: { ok: boolean; value: unknown; durationMs: number; links: ArtifactLink[] };
}

export type Row =
  | { kind: 'user'; text: string; sketch?: string }
  | { kind: 'handoff'; from: string; to: string; task: string }
  | { kind: 'note'; text: string }
  | { kind: 'model'; agent: string; model: string; latencyMs: number; toolCalls: string[]; tokens: number }
  | ToolRow
  | { kind: 'answer'; agent: string; text: string }
  | { kind: 'question'; payload: InterruptPayload }
  | { kind: 'warn'; text: string }
  /** A run that failed: why, and what to do (start a service, switch the model); the chat offers Retry. */
  | { kind: 'failed'; error: string; hint?: string; message: string | null };

export function buildRows(events: AgentEvent[]): Row[] {
  const rows: Row[] = [];
  const tools = new Map<string, ToolRow>();
  /** The request of the run now shown (what Retry sends again). */
  let request: string | null = null;
  for (const e of events) {
    switch (e.type) {
      case 'run_start':
        if (e.input && !e.resume) {
          rows.push({ kind: 'user', text: e.input, ...(e.sketch ? { sketch: e.sketch } : {}) });
          request = e.input;
        }
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
        const row: ToolRow = { kind: 'tool', id: e.id, key: open ? `${e.id}#${rows.length}` : e.id, agent: e.agent, name: e.name, args: e.args, startedAt: e.t };
        tools.set(e.id, row);
        rows.push(row);
        break;
      }
      case 'progress': {
        const row = [...tools.values()].reverse().find((r) => r.name === e.tool && !r.result);
        if (row) row.progress = { step: e.step, total: e.total, value: e.value, label: e.label, t: e.t };
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
        markStopped(tools);
        rows.push({ kind: 'warn', text: e.reason === 'cancelled' ? 'Stopped: the run was cancelled; what finished before is kept.' : `Stopped: ${e.reason}` });
        break;
      case 'run_end':
        if (e.status === 'error') {
          markStopped(tools);
          rows.push({ kind: 'failed', error: e.error ?? 'the run failed', hint: e.hint, message: request });
        }
        break;
      default:
        break;
    }
  }
  return rows;
}

/** "failed · exit 3" / "timed out" for a result that reports a program's non-zero exit, else null. */
function exitOf(value: unknown): string | null {
  if (!value || typeof value !== 'object') return null;
  const v = value as { exit_code?: unknown; timed_out?: unknown };
  if (v.timed_out === true) return 'timed out';
  return typeof v.exit_code === 'number' && v.exit_code !== 0 ? `failed · exit ${v.exit_code}` : null;
}

/** A card's state; a program that ran and exited non-zero (or timed out) failed, whatever the call returned. */
export function toolState(row: ToolRow): { state: 'ok' | 'failed' | 'waiting' | 'stopped' | 'running'; exit: string | null } {
  const exit = exitOf(row.result?.value);
  const state = row.result ? (row.result.ok && !exit ? 'ok' : 'failed') : row.waiting ? 'waiting' : row.stopped ? 'stopped' : 'running';
  return { state, exit };
}

/** Calls still open when the turn stopped never return: they show as stopped, not running. */
function markStopped(tools: Map<string, ToolRow>): void {
  for (const row of tools.values()) if (!row.result && !row.waiting) row.stopped = true;
}

/** What a progress bar shows: never past its total, full once the call returned, with elapsed time and an estimate. */
export interface ProgressView {
  done: number;
  total: number;
  /** The bar's fill (= total once the call returned ok: an early convergence is a finished run). */
  fill: number;
  text: string;
}

const secs = (ms: number) => (ms < 60_000 ? `${Math.max(0, Math.round(ms / 1000))} s` : `${Math.floor(ms / 60_000)} min ${Math.round((ms % 60_000) / 1000)} s`);

export function progressView(row: ToolRow, now = Date.now()): ProgressView | null {
  const p = row.progress;
  if (!p) return null;
  const total = p.total;
  if (!(total > 0)) {
    // no known end (e.g. waiting for a job): what the tool says, and for how long it has run
    const elapsed = row.startedAt !== undefined && !row.result ? ` · ${secs((row.stopped ? p.t : now) - row.startedAt)}` : '';
    return { done: 0, total: 0, fill: 0, text: `${p.label ?? 'working'}${elapsed}` };
  }
  const done = Math.min(Math.max(p.step + 1, 0), total);
  const value = p.value !== undefined && Number.isFinite(p.value) ? ` · ${p.label ?? 'value'} ${p.value.toPrecision(6)}` : '';
  if (row.result) {
    const finished = row.result.ok && done < total ? `finished at step ${done} (limit ${total})` : `step ${done}/${total}`;
    return { done, total, fill: row.result.ok ? total : done, text: `${finished}${value}` };
  }
  let timing = '';
  if (row.startedAt !== undefined) {
    const elapsed = (row.stopped ? p.t : now) - row.startedAt;
    timing = ` · ${secs(elapsed)}`;
    const perStep = (p.t - row.startedAt) / done;
    if (!row.stopped && !row.waiting && done >= 2 && done < total && Number.isFinite(perStep)) timing += ` · ~${secs(perStep * (total - done))} left`;
  }
  return { done, total, fill: done, text: `${row.stopped ? 'stopped at ' : ''}step ${done}/${total}${value}${timing}` };
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
