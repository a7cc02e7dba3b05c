/**
 * The specialist's task as a typed value, with its one codec: `writeTask` writes the text a real
 * model reads (the person's request verbatim, the supervisor's task, the context), `readTask`
 * parses that text back once into `{request, supervisorTask, found, context, sketch}` for the offline
 * planners (a sketch's marks block, sketch/sketchMarks.ts, comes out of the request as `sketch`).
 * No planner parses the task text itself.
 */
import { readSketchBlock, type SketchMarks } from '../sketch/sketchMarks.ts';

export interface SpecialistTask {
  /** The person's request, verbatim. */
  request: string;
  /** What the supervisor asked of this specialist (empty when it is the request itself). */
  supervisorTask: string;
  /** What other specialists found earlier in this turn ("Found so far in this turn (use these values):"). */
  found: string;
  /** Earlier conversation and this turn's results, one line each, oldest first. */
  context: string;
  /** The marks of a sketch sent with the request (its block is not part of `request`), or null. */
  sketch: SketchMarks | null;
}

const REQUEST = 'Request from the person:';
const TASK = 'Task from the supervisor:';
const CONTEXT = 'Context (earlier conversation, oldest first):';
const FOUND = /Found so far in this turn \(use these values\):\n([\s\S]*?)(?=\n\nContext \(|$)/;

export function writeTask(t: Pick<SpecialistTask, 'request' | 'supervisorTask' | 'context'>): string {
  const parts = [`${REQUEST}\n${t.request}`];
  if (t.supervisorTask && t.supervisorTask.trim() !== t.request.trim()) parts.push(`${TASK}\n${t.supervisorTask}`);
  if (t.context) parts.push(`${CONTEXT}\n${t.context}`);
  return parts.join('\n\n');
}

/** The task from its text; a text not written by `writeTask` is the request itself. */
export function readTask(text: string): SpecialistTask {
  const found = FOUND.exec(text)?.[1] ?? '';
  if (!text.startsWith(REQUEST)) {
    const plain = readSketchBlock(text.trim());
    return { request: plain.text.trim(), supervisorTask: '', found, context: '', sketch: plain.sketch };
  }
  const body = text.slice(REQUEST.length).replace(/^\s*\n/, '');
  const at = (label: string) => body.indexOf(`\n\n${label}\n`);
  const taskAt = at(TASK);
  const contextAt = at(CONTEXT);
  const ends = [taskAt, contextAt].filter((i) => i >= 0);
  const { text: request, sketch } = readSketchBlock(body.slice(0, ends.length ? Math.min(...ends) : body.length).trim());
  const supervisorTask = taskAt >= 0 ? body.slice(taskAt + TASK.length + 3, contextAt > taskAt ? contextAt : body.length).trim() : '';
  const context = contextAt >= 0 ? body.slice(contextAt + CONTEXT.length + 3) : '';
  return { request, supervisorTask, found, context, sketch };
}
