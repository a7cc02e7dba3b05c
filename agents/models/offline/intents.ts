/**
 * Which specialists a request asks for, clause by clause ("search the web for X, then optimize Y").
 * A clause that asks an agent that cannot run ("run the beam optimization on the cluster", "open the
 * STL in MeshLab") belongs to that agent: the other agents it names are its objects, not work to hand
 * out. When no clause asks anyone to act, the agents whose subject the request names are asked
 * ("beams2d volfrac=0.4"). When the clause's first agent takes a query ("search the web for…",
 * "find papers on…"), the rest of the clause is that query. Work no agent can do (e-mail, buying
 * parts) is named back. A stated purpose ("since we'll 3D print it", agents/models/offline/purpose.ts)
 * asks nobody to act.
 */
import { withoutPurposes } from './purpose.ts';
import type { OfflineRoute } from './role.ts';

/** Clause boundaries: sentence ends, commas, "then", and "and" before a new verb phrase ("and print it"). */
const CLAUSE = /\.(?!\d)|[;!?\n]+|,|\b(?:and then|then|after that|afterwards|finally)\b|\band\b(?=\s+(?:also\s+)?[a-z]+\s+(?:it|them|me|us|the|a|an|my|this|that|those)\b)/i;

export const clausesOf = (request: string): string[] => request.split(CLAUSE).map((c) => c.trim()).filter(Boolean);

function inOrder(routes: readonly OfflineRoute[], at: (r: OfflineRoute) => number): OfflineRoute[] {
  return routes
    .map((r) => ({ r, at: at(r) }))
    .filter((x) => x.at >= 0)
    .sort((a, b) => a.at - b.at)
    .map((x) => x.r);
}

/** The specialists a request asks for, in the order it asks them. */
export function classifyIntents(request: string, routes: readonly OfflineRoute[]): OfflineRoute[] {
  const asked: OfflineRoute[] = [];
  // "…, since we'll 3D print it": a purpose asks no agent to act
  for (const clause of clausesOf(withoutPurposes(request))) {
    let acting = inOrder(routes, (r) => r.mentionedAt(clause));
    // "search the web for the Prusa MK4 …": the rest of the clause is the query, not work for the printer agent
    if (acting[0]?.queryAfter) acting = [acting[0]];
    const blocked = acting.some((r) => !r.available);
    for (const r of acting) if ((!blocked || !r.available) && !asked.includes(r)) asked.push(r);
  }
  return asked.length ? asked : inOrder(routes, (r) => r.topicAt?.(request) ?? -1);
}

const NO_AGENT: { what: string; asks: RegExp }[] = [
  { what: 'send e-mail', asks: /\be-?mail|\bmail (?:it|them|me)\b/i },
  { what: 'send messages (SMS, Slack, Teams)', asks: /\b(?:sms|text me|slack|whatsapp|teams message)\b/i },
  { what: 'upload or share files online', asks: /\b(?:upload|dropbox|google drive|onedrive|share (?:it|them|the \w+) (?:on|via|with))\b/i },
  { what: 'buy or order parts', asks: /\b(?:buy|purchase|order (?:it|them|a|an|the|some))\b/i },
  { what: 'schedule meetings', asks: /\b(?:schedule a|calendar|book a meeting)\b/i },
  { what: 'translate text', asks: /\btranslate\b/i },
];

/** Notes on work the request asks for that no agent can do. */
export function noAgentNotes(request: string): string[] {
  return NO_AGENT.filter((n) => n.asks.test(request)).map((n) => `No agent here can ${n.what}, so that part was not done.`);
}
