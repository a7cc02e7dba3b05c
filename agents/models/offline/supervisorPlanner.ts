/**
 * The offline supervisor: finds which specialists a request asks for, clause by clause (intents.ts:
 * each specialist says where a clause asks it to act), in the order the request asks them. Specialists that cannot run are
 * reported first, then the next available one not yet visited in this turn gets the task; when all
 * have answered, the final answer is written from their summaries. A specialist's task carries what
 * the ones before it found in the same turn. It never hands the same specialist the same turn twice,
 * so it cannot loop. A follow-up that names no specialist ("now make it 0.4") goes to the one that
 * worked last.
 */
import type { AIMessage, BaseMessage } from '@langchain/core/messages';
import type { OfflineRole, OfflineRoute } from './role.ts';
import { classifyIntents, noAgentNotes } from './intents.ts';
import { DECLINE, isKnowledgeQuestion } from './question.ts';
import { doneCalls, errorText, lastIndexOfType, textOf, type Plan } from './transcript.ts';
import { readSketchBlock } from '../../sketch/sketchMarks.ts';

export { classifyIntents } from './intents.ts';

/** Words of a follow-up ("now make it 0.4", "and with rmin 3?"): it goes to the agent that worked last. */
const FOLLOW_UP = /\d|\b(?:lighter|heavier|it|its|them|that|this|those|same|again|instead|previous|last|both|another|also|too|now|what about|how about|what if|try|make)\b/i;

/** The available specialist handed the last task before the current request. */
function lastWorker(messages: BaseMessage[], before: number, routes: readonly OfflineRoute[]): OfflineRoute | undefined {
  const byHandoff = new Map(routes.map((r) => [r.handoff, r]));
  for (let i = before - 1; i >= 0; i--) {
    const m = messages[i];
    if (m.getType() !== 'ai') continue;
    for (const c of [...((m as AIMessage).tool_calls ?? [])].reverse()) {
      const r = byHandoff.get(c.name);
      if (r?.available) return r;
    }
  }
  return undefined;
}

interface Visit {
  agent: string;
  ok: boolean;
  result: Record<string, unknown>;
}

function answerFrom(visits: Visit[]): string[] {
  const lines: string[] = [];
  for (const v of visits) {
    if (!v.ok) {
      lines.push(`${v.agent}: ${errorText(v.result)}`);
      continue;
    }
    const answer = String(v.result.answer ?? '').trim();
    lines.push(answer || `${v.agent} finished.`);
    const artifacts = (v.result.artifacts as string[] | undefined) ?? [];
    if (artifacts.length) lines.push(`Artifacts:\n${artifacts.map((a) => `  ${a}`).join('\n')}`);
  }
  return lines;
}

/**
 * The task for the next specialist: the request, plus what the specialists before it found in this
 * turn (so values one found — "volume fraction = 0.37" — reach the next one in its task).
 */
export function taskFor(request: string, visits: Visit[]): string {
  const found = visits.filter((v) => v.ok && String(v.result.answer ?? '').trim()).map((v) => `${v.agent}: ${String(v.result.answer).trim()}`);
  return found.length ? `${request}\n\nFound so far in this turn (use these values):\n${found.join('\n')}` : request;
}

const unavailableNote = (r: OfflineRoute) => `The ${r.name} agent is unavailable (${r.reason ?? 'not configured'}), so I cannot do that part.`;

export function notUnderstood(request: string, routes: readonly OfflineRoute[]): string {
  const example = routes.find((r) => r.available)?.name ?? 'a specialist';
  return (
    `I could not understand "${request.slice(0, 200)}" with the built-in offline planner, which only handles clear requests for ${example} and the other available agents. ` +
    'For free-form requests configure an LLM: engiai chat --model openai:gpt-5-mini (needs OPENAI_API_KEY), --model google:gemini-2.5-flash ' +
    '(GOOGLE_API_KEY) or --model ollama:qwen3:4b (a local Ollama server).'
  );
}

function capabilities(routes: readonly OfflineRoute[]): string {
  const lines = ['I am EngiAI. With the offline planner these agents can work for you:'];
  for (const r of routes) lines.push(`- ${r.name}${r.available ? '' : ` (unavailable: ${r.reason})`}: ${r.description}`);
  lines.push('Try: "Optimize a Beams2D beam with volfrac 0.4, forcedist 0.65 and rmin 4, simulate it and render it".');
  return lines.join('\n');
}

function decline(request: string, routes: readonly OfflineRoute[]): string {
  const search = routes.filter((r) => r.available && r.queryAfter).map((r) => r.name);
  return (
    DECLINE +
    (search.length ? `I can search for it (${search.join(', ')}): e.g. "search ${search.includes('arxiv') ? 'arXiv' : 'my documents'} for ${request.replace(/[?!.]+\s*$/, '').slice(0, 60)}". ` : '') +
    'With an LLM (engiai chat --model openai:gpt-5-mini, google:gemini-2.5-flash or ollama:qwen3:4b) I can answer it.\n' +
    capabilities(routes)
  );
}

const GREETING = /^\s*(?:hi|hello|hey|help|what can you do|who are you)\b/i;

export function supervisorRole(routes: readonly OfflineRoute[]): OfflineRole {
  return {
    plan(messages: BaseMessage[]): Plan {
      const h = lastIndexOfType(messages, 'human');
      const said = h >= 0 ? textOf(messages[h]) : '';
      // a sketch's marks (a JSON line of "load", "support" …) are not words of the request: routed by the words alone
      const request = readSketchBlock(said).text;
      const byHandoff = new Map(routes.map((r) => [r.handoff, r.name]));
      const visits: Visit[] = doneCalls(messages, Math.max(h, 0))
        .filter((d) => byHandoff.has(d.name))
        .map((d) => ({ agent: byHandoff.get(d.name)!, ok: d.ok, result: d.result }));
      const question = !GREETING.test(request) && isKnowledgeQuestion(request);
      let asked = classifyIntents(request, routes);
      // a question goes only to agents that answer it without acting; never a design flow, a job or a device call
      if (question) asked = asked.filter((r) => (r.answers ? r.answers(request) : Boolean(r.queryAfter)));
      if (question && !asked.length && !visits.length) return { text: decline(request, routes), calls: [] };
      if (!asked.length && !GREETING.test(request) && FOLLOW_UP.test(request)) {
        const worker = lastWorker(messages, h, routes);
        if (worker) asked = [worker];
      }
      const unavailable = [...asked.filter((r) => !r.available).map(unavailableNote), ...noAgentNotes(request)];
      const next = asked.find((r) => r.available && !visits.some((v) => v.agent === r.name));
      if (next) return { text: visits.length ? '' : unavailable.join('\n'), calls: [{ name: next.handoff, args: { task: taskFor(said, visits) } }] };
      if (visits.length || unavailable.length) return { text: [...unavailable, ...answerFrom(visits)].join('\n'), calls: [] };
      if (GREETING.test(request)) return { text: capabilities(routes), calls: [] };
      return { text: notUnderstood(request, routes), calls: [] };
    },
  };
}
