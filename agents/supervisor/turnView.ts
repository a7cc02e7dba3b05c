/**
 * What happened in the current turn (everything after the last human message): the request, the
 * hand-offs made, the specialists' summaries. Budgets, loop detection and partial answers read this.
 */
import type { AIMessage, BaseMessage, ToolMessage } from '@langchain/core/messages';
import { handoffTarget } from '../specialists/specialist.ts';
import { textOf, type VisitSummary } from './summarizeVisit.ts';

export interface Handoff {
  agent: string;
  task: string;
  callId: string;
}

export interface TurnView {
  request: string;
  handoffs: Handoff[];
  supervisorCalls: number;
  summaries: VisitSummary[];
  /** Earlier turns: human requests and final answers, oldest first. */
  earlier: { role: 'human' | 'assistant'; text: string }[];
}

const normal = (s: string) => s.toLowerCase().replace(/\s+/g, ' ').trim();
export const sameTask = (a: Handoff, agent: string, task: string) => a.agent === agent && normal(a.task) === normal(task);

function parseSummary(t: ToolMessage): VisitSummary | null {
  try {
    const v = JSON.parse(textOf(t));
    return v && typeof v === 'object' && typeof v.agent === 'string' && Array.isArray(v.tools) ? (v as VisitSummary) : null;
  } catch {
    return null;
  }
}

export function currentTurn(messages: BaseMessage[]): TurnView {
  let start = messages.length;
  for (let i = messages.length - 1; i >= 0; i--) {
    if (messages[i].getType() === 'human') {
      start = i;
      break;
    }
  }
  const view: TurnView = { request: start < messages.length ? textOf(messages[start]) : '', handoffs: [], supervisorCalls: 0, summaries: [], earlier: [] };
  for (const m of messages.slice(0, start)) {
    if (m.getType() === 'human') view.earlier.push({ role: 'human', text: textOf(m) });
    else if (m.getType() === 'ai' && !(m as AIMessage).tool_calls?.length && textOf(m).trim()) view.earlier.push({ role: 'assistant', text: textOf(m) });
  }
  for (const m of messages.slice(start + 1)) {
    if (m.getType() === 'ai') {
      view.supervisorCalls++;
      for (const c of (m as AIMessage).tool_calls ?? []) {
        const agent = handoffTarget(c.name);
        if (agent !== null) view.handoffs.push({ agent, task: String((c.args as { task?: unknown })?.task ?? ''), callId: c.id ?? '' });
      }
    } else if (m.getType() === 'tool') {
      const s = parseSummary(m as ToolMessage);
      if (s) view.summaries.push(s);
    }
  }
  return view;
}

/** The answer a turn ends with when a budget or loop guard stops it: what was done, with artifacts. */
export function partialAnswer(view: TurnView, reason: string): string {
  const lines = [`I stopped here: ${reason}.`];
  if (!view.summaries.length) {
    lines.push('No specialist finished any work in this turn.');
    return lines.join('\n');
  }
  lines.push('What was done in this turn:');
  for (const s of view.summaries) {
    lines.push(`- ${s.agent} (${s.status}): ${s.answer || `${s.tools.length} tool call(s)`}`);
    if (s.artifacts.length) lines.push(`  artifacts: ${s.artifacts.join(', ')}`);
  }
  return lines.join('\n');
}
