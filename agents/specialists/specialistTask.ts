/**
 * The specialist's task as a typed value, with its one codec: `writeTask` writes the text a real
 * model reads (the person's request verbatim, the supervisor's task, what this specialist made
 * earlier in the thread, the context), `readTask` parses that text back once into
 * `{request, supervisorTask, found, made, context, sketch}` (a sketch's marks block,
 * sketch/sketchMarks.ts, comes out of the request as `sketch`), and `taskOf` reads a visit's transcript into
 * the whole task, with the calls made so far (`done`). Each offline planner is `plan(task)`
 * (Specialist.offline.plan): no planner parses the task text or the transcript itself. The
 * planner's contract (Plan, PlannedCall, DoneCall, errorText) is re-exported here, so a specialist
 * imports nothing from the offline model.
 */
import type { BaseMessage } from '@langchain/core/messages';
import { doneCalls, textOf, type DoneCall } from '../models/offline/transcript.ts';
import { readSketchBlock, type SketchMarks } from '../sketch/sketchMarks.ts';

export { errorText, type DoneCall, type Plan, type PlannedCall } from '../models/offline/transcript.ts';

/**
 * Something a specialist made in the thread (a design, a job), kept as structured thread state
 * (the graph state's `made`, from the specialist's `remember`), not as prose read back from answers.
 */
export interface ThreadItem {
  /** The specialist that made it. */
  agent: string;
  /** What it is, in the specialist's words ("design"). */
  kind: string;
  id: string;
  /** The person's request of the turn that made it. */
  request?: string;
  /** The turn that made it (1 for the first): a task carries only items of earlier turns (state only, not written). */
  turn?: number;
  /** The specialist's own facts about it (a design's problem, conditions and config). */
  data: Record<string, unknown>;
}

export interface SpecialistTask {
  /** The person's request, verbatim. */
  request: string;
  /** What the supervisor asked of this specialist (empty when it is the request itself). */
  supervisorTask: string;
  /** What other specialists found earlier in this turn ("Found so far in this turn (use these values):"). */
  found: string;
  /** What this specialist made earlier in the thread, oldest first. */
  made: ThreadItem[];
  /** Earlier conversation and this turn's results, one line each, oldest first. */
  context: string;
  /** The marks of a sketch sent with the request (its block is not part of `request`), or null. */
  sketch: SketchMarks | null;
  /** The calls this visit made so far, with their results, oldest first (empty in a task read from text alone). */
  done: DoneCall[];
}

const REQUEST = 'Request from the person:';
const TASK = 'Task from the supervisor:';
const MADE = 'Made earlier in this conversation (oldest first):';
const CONTEXT = 'Context (earlier conversation, oldest first):';
const FOUND = /Found so far in this turn \(use these values\):\n([\s\S]*?)(?=\n\nContext \(|\n\nMade earlier in this conversation|$)/;
/** At most this many items are written (the newest). */
const MAX_MADE = 20;

const madeLine = (x: ThreadItem) => `- ${x.kind} ${x.id}: ${JSON.stringify({ ...x.data, ...(x.request !== undefined ? { request: x.request } : {}) })}`;

function readMade(section: string, agent: string): ThreadItem[] {
  const out: ThreadItem[] = [];
  for (const line of section.split('\n')) {
    const m = /^- (\S+) (\S+): (\{.*\})$/.exec(line.trim());
    if (!m) continue;
    try {
      const { request, ...data } = JSON.parse(m[3]) as Record<string, unknown>;
      out.push({ agent, kind: m[1], id: m[2], ...(typeof request === 'string' ? { request } : {}), data });
    } catch {
      // a line that is not ours is not an item
    }
  }
  return out;
}

export function writeTask(t: Pick<SpecialistTask, 'request' | 'supervisorTask' | 'context'> & { made?: readonly ThreadItem[] }): string {
  const parts = [`${REQUEST}\n${t.request}`];
  if (t.supervisorTask && t.supervisorTask.trim() !== t.request.trim()) parts.push(`${TASK}\n${t.supervisorTask}`);
  if (t.made?.length) parts.push(`${MADE}\n${t.made.slice(-MAX_MADE).map(madeLine).join('\n')}`);
  if (t.context) parts.push(`${CONTEXT}\n${t.context}`);
  return parts.join('\n\n');
}

/** The task from its text; a text not written by `writeTask` is the request itself. */
export function readTask(text: string, agent = ''): SpecialistTask {
  const found = FOUND.exec(text)?.[1] ?? '';
  if (!text.startsWith(REQUEST)) {
    const plain = readSketchBlock(text.trim());
    return { request: plain.text.trim(), supervisorTask: '', found, made: [], context: '', sketch: plain.sketch, done: [] };
  }
  const body = text.slice(REQUEST.length).replace(/^\s*\n/, '');
  // each section runs to the next one that follows it
  const at = [TASK, MADE, CONTEXT].map((label) => ({ label, i: body.indexOf(`\n\n${label}\n`) }));
  const section = (label: string) => {
    const me = at.find((x) => x.label === label)!;
    if (me.i < 0) return '';
    const next = at.filter((x) => x.i > me.i).map((x) => x.i);
    const end = label === CONTEXT ? body.length : next.length ? Math.min(...next) : body.length;
    return body.slice(me.i + label.length + 3, end);
  };
  const starts = at.filter((x) => x.i >= 0).map((x) => x.i);
  const { text: request, sketch } = readSketchBlock(body.slice(0, starts.length ? Math.min(...starts) : body.length).trim());
  return { request: request.trim(), supervisorTask: section(TASK).trim(), found, made: readMade(section(MADE), agent), context: section(CONTEXT), sketch, done: [] };
}

/** The task of a specialist's visit from its transcript: its first message (written by `writeTask`) and the calls since, with their results. */
export function taskOf(messages: readonly BaseMessage[], agent = ''): SpecialistTask {
  const first = messages.findIndex((m) => m.getType() === 'human');
  return { ...readTask(first >= 0 ? textOf(messages[first]) : '', agent), done: doneCalls([...messages], Math.max(first, 0)) };
}
