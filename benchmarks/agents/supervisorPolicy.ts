/**
 * The supervisor's part of a scripted policy: hand the request to the specialists a plan names, in
 * order, each once; then answer with what they handed back. A policy's specialist parts decide the
 * rest (see the suites' policies).
 */
import { doneCalls, lastUserIndex, requestOf, type Decision, type DoneCall, type WireMessage } from './transcript.ts';

export const HANDOFF_PREFIX = 'transfer_to_';

/** The next specialist and its task, from the request and the hand-offs done so far; null when done. */
export type Route = (request: string, visits: readonly DoneCall[]) => { agent: string; task: string } | null;

export function isSupervisor(tools: readonly string[]): boolean {
  return tools.some((t) => t.startsWith(HANDOFF_PREFIX));
}

export function supervisorDecision(messages: readonly WireMessage[], tools: readonly string[], route: Route): Decision {
  const from = Math.max(0, lastUserIndex(messages));
  const visits = doneCalls(messages, from).filter((d) => d.name.startsWith(HANDOFF_PREFIX));
  const next = route(requestOf(messages), visits);
  if (next && tools.includes(`${HANDOFF_PREFIX}${next.agent}`)) return { text: '', calls: [{ name: `${HANDOFF_PREFIX}${next.agent}`, args: { task: next.task } }] };
  const answers = visits.map((v) => String(v.result.answer ?? '').trim()).filter(Boolean);
  return { text: answers.join('\n') || (next ? `The ${next.agent} agent is not available.` : 'Nothing to do.'), calls: [] };
}

/** A route through one specialist with the request as its task. */
export const singleRoute =
  (agent: string): Route =>
  (request, visits) =>
    visits.some((v) => v.name === `${HANDOFF_PREFIX}${agent}`) ? null : { agent, task: request };
