/**
 * Threads: list, create, rename, delete (from the index; checkpoints stay), reopen (index events +
 * checkpoint messages + pending question), run a turn streamed as server-sent events, re-attach to
 * a running turn (`/events?after=`), and stop it.
 */
import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { Router, json, type Request } from 'express';
import { serializeMessage, type InterruptPayload, type ThreadView } from '../../../agents/index.ts';
import { linksOf } from '../artifactFiles.ts';
import { presentEvent, presentInterrupt, presentMessage, presentValue } from '../presentEvent.ts';
import { ServerBusyError, ThreadBusyError, type ClaimedTurn } from '../chatService.ts';
import { HttpError } from '../httpErrors.ts';
import { checkResumeBody } from '../resumeBody.ts';
import type { LiveTurn } from '../liveTurn.ts';
import { openSse, type SseChannel } from '../sse.ts';
import { threadTitle } from '../threadIndex.ts';
import type { WebState } from '../webState.ts';
import { checkSketchMarks, pngFromDataUrl, type Sketch } from '../../../agents/index.ts';
import { InputError } from '../../../tools/errors.ts';

const THREAD_ID = /^[A-Za-z0-9_-]{1,64}$/;
const MAX_MESSAGE = 20_000;

function threadId(req: Request): string {
  const id = String(req.params.id);
  if (!THREAD_ID.test(id)) throw new HttpError(400, 'thread id must be 1-64 letters, digits, "-" or "_"');
  return id;
}

function titleOf(body: unknown, fallback: string): string {
  const t = (body as { title?: unknown })?.title;
  if (t === undefined) return fallback;
  if (typeof t !== 'string' || !t.trim() || t.length > 200) throw new HttpError(400, 'title must be 1-200 characters');
  return t.trim();
}

/** A turn's sketch `{marks, png?}` checked (marks by their schema, the PNG by its signature and size), or a 400 naming what is wrong. */
function sketchOf(v: unknown): Sketch | undefined {
  if (v === undefined || v === null) return undefined;
  if (!isObject(v)) throw new HttpError(400, '"sketch" must be an object {marks, png?}');
  try {
    return { marks: checkSketchMarks(v.marks), ...(v.png !== undefined ? { png: pngFromDataUrl(v.png) } : {}) };
  } catch (err) {
    if (err instanceof InputError) throw new HttpError(400, err.message);
    throw err;
  }
}

/** How long Stop waits for the turn to end before it answers 202 (still stopping). */
const STOP_WAIT_MS = 15_000;

/** `?after=` a stored event's seq (default 0: from the start). */
function cursorOf(v: unknown): number {
  if (v === undefined || v === '') return 0;
  if (typeof v !== 'string' || !/^\d{1,15}$/.test(v)) throw new HttpError(400, '"after" must be the id of an event (a whole number)');
  return Number(v);
}

/** Sends the live turn's frames on the stream until the turn ends; returns the detach. */
function watch(live: LiveTurn, sse: SseChannel): () => void {
  let detach = () => {};
  detach = live.attach((f) => {
    sse.send(f.event, f.data, f.seq);
    if (f.event === 'turn_end' || f.event === 'error') {
      detach();
      sse.end();
    }
  });
  return detach;
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The thread and a server slot, or 409 (thread busy) / 503 with Retry-After (server busy). */
function claim(state: WebState, id: string): ClaimedTurn {
  try {
    return state.chat.claim(id);
  } catch (err) {
    if (err instanceof ThreadBusyError) throw new HttpError(409, err.message);
    if (err instanceof ServerBusyError) throw new HttpError(503, err.message, { 'Retry-After': String(err.retryAfterS) });
    throw err;
  }
}

/** An answer needs a question: 404 for a thread that does not exist, 409 when nothing is pending. */
async function pendingQuestion(state: WebState, id: string): Promise<InterruptPayload> {
  const session = await state.chat.session(state.settings.model, state.settings.approvals);
  const pending = await session.pendingInterrupt(id);
  if (pending) return pending;
  if (!state.index.get(id) && !(await session.messages(id)).length) throw new HttpError(404, `no thread ${id}: "resume" answers a question on an existing thread`);
  throw new HttpError(409, `thread ${id} has no pending question to answer; send "message" instead`);
}

export function threadsRoutes(state: WebState): Router {
  const r = Router();
  // only its own paths: a parser mounted for every path would read other routes' bodies under this limit first
  // a turn may carry a sketch's PNG (at most 512 KiB, base64 in JSON)
  const turnBody = json({ limit: '800kb' });
  r.use('/api/threads/:id/turn', (req, res, next) =>
    turnBody(req, res, (err?: unknown) => next((err as { status?: number } | undefined)?.status === 413 ? new HttpError(413, 'a turn body is at most 800 kB (a message, and a sketch with a PNG of at most 512 KiB)') : err)),
  );
  r.use('/api/threads', json({ limit: '100kb' }));

  r.get('/api/threads', (_req, res) => {
    res.json({ threads: state.index.list().map((t) => ({ ...t, running: state.chat.isRunning(t.id) })) });
  });

  r.post('/api/threads', (req, res) => {
    const row = state.index.create(randomUUID(), titleOf(req.body, 'New chat'), state.settings.model);
    res.status(201).json(row);
  });

  r.get('/api/threads/:id', async (req, res) => {
    const id = threadId(req);
    const row = state.index.get(id);
    const session = await state.chat.session(state.settings.model, state.settings.approvals);
    const messages = await session.messages(id);
    if (!row && !messages.length) throw new HttpError(404, `no thread ${id}`);
    res.json({
      thread: row ?? { id, title: id, model: state.settings.model, created: null, updated: null, voice: false },
      events: state.index.events(id).map((e) => ({ seq: e.seq, turn: e.turn, event: presentEvent(state, e.event) })),
      messages: messages.map(serializeMessage).map((m) => presentMessage(state, m)),
      interrupt: presentInterrupt(state, await session.pendingInterrupt(id)),
      running: state.chat.isRunning(id),
    });
  });

  // what specialists show about the thread outside the chat (e.g. the HPC agent's jobs), with links to their files
  r.get('/api/threads/:id/views', async (req, res) => {
    const id = threadId(req);
    const views = await Promise.all(
      state.runtime.specialists
        .filter((s) => s.threadView)
        .map((s) => s.threadView!(id).catch((err: Error): ThreadView => ({ agent: s.name, kind: 'error', title: s.name, data: { error: err.message } }))),
    );
    res.json({
      views: views.filter((v) => v !== null).map(({ artifacts, ...v }) => ({ ...v, data: presentValue(state, v.data), links: linksOf(state.artifactsRoot, artifacts ?? []) })),
    });
  });

  // {title} renames, {voice: true|false} turns spoken answers on or off (a JSON boolean only)
  r.patch('/api/threads/:id', (req, res) => {
    const id = threadId(req);
    if (!state.index.get(id)) throw new HttpError(404, `no thread ${id}`);
    const body = isObject(req.body) ? req.body : {};
    if (body.voice !== undefined && typeof body.voice !== 'boolean') throw new HttpError(400, '"voice" must be true or false');
    if (body.title === undefined && body.voice === undefined) throw new HttpError(400, 'give "title" (1-200 characters) or "voice" (true or false)');
    const title = body.title !== undefined ? titleOf(body, '') : undefined;
    if (title !== undefined) state.index.rename(id, title);
    if (typeof body.voice === 'boolean') state.index.setVoice(id, body.voice);
    res.json(state.index.get(id));
  });

  r.delete('/api/threads/:id', (req, res) => {
    const id = threadId(req);
    if (!state.index.delete(id)) throw new HttpError(404, `no thread ${id}`);
    res.status(204).end();
  });

  r.post('/api/threads/:id/turn', async (req, res) => {
    const id = threadId(req);
    const body = (isObject(req.body) ? req.body : {}) as { message?: unknown; resume?: unknown; model?: unknown; sketch?: unknown };
    const message = typeof body.message === 'string' && body.message.trim() ? body.message.trim() : undefined;
    if (message && message.length > MAX_MESSAGE) throw new HttpError(413, `message longer than ${MAX_MESSAGE} characters`);
    if (message === undefined && body.resume === undefined) throw new HttpError(400, 'give "message" (text) or "resume" (the answer to a pending question)');
    const sketch = sketchOf(body.sketch);
    if (sketch && message === undefined) throw new HttpError(400, 'a sketch goes with a message: say what to do with it');
    if (state.chat.isRunning(id)) throw new HttpError(409, `a turn is already running on thread ${id}`);
    // the model is the thread's own (chosen in its chat, else the server's default when it was created): one chat's choice never changes another's
    if (body.model !== undefined && (typeof body.model !== 'string' || !body.model.trim() || body.model.length > 500)) throw new HttpError(400, 'model must be a model spec such as "offline" or "ollama:llama3.1"');
    const chosen = typeof body.model === 'string' ? body.model.trim() : undefined;
    if (chosen) await state.checkModel(chosen);
    const model = chosen ?? state.index.get(id)?.model ?? state.settings.model;
    let resume: unknown;
    if (body.resume !== undefined) {
      // an answer is checked against the question it answers before anything runs
      const pending = await pendingQuestion(state, id);
      if (message !== undefined && !pending.interrupted) throw new HttpError(400, 'give "message" (a new request) or "resume" (the answer to the pending question), not both');
      resume = checkResumeBody(body.resume, pending);
    }
    const turn = claim(state, id);
    try {
      if (!state.index.get(id)) state.index.create(id, threadTitle(message ?? 'Chat'), model);
      else if (message && state.index.get(id)!.title === 'New chat') state.index.rename(id, threadTitle(message));
    } catch (err) {
      turn.release();
      throw err;
    }
    // the turn belongs to the server: a client that goes away only stops watching (re-attach with GET …/events)
    const sse = openSse(req, res, { onClose: () => detach() });
    sse.send('accepted', { threadId: id, t: Date.now() });
    const detach = watch(turn.live, sse);
    turn.start({ model, approvals: state.settings.approvals, message, resume, sketch });
  });

  // re-attach to a thread: its stored events after the cursor, then the running turn live to its end
  r.get('/api/threads/:id/events', (req, res) => {
    const id = threadId(req);
    const after = cursorOf(req.query.after);
    const live = state.chat.live(id);
    if (!live && !state.index.get(id)) throw new HttpError(404, `no thread ${id}`);
    const sse = openSse(req, res, { onClose: () => detach() });
    // synchronous from here to attach: no event is stored between the read and the attach
    for (const e of state.index.events(id, after)) sse.send(e.event.type, presentEvent(state, e.event), e.seq);
    if (!live) {
      sse.send('idle', { threadId: id, running: false });
      sse.end();
      return;
    }
    const detach = watch(live, sse);
  });

  // Stop: cancels the running turn and answers once it has ended, with the partial answer it kept
  r.post('/api/threads/:id/stop', async (req, res) => {
    const id = threadId(req);
    const live = state.chat.live(id);
    if (!live) throw new HttpError(409, `no turn is running on thread ${id}`);
    live.cancel('you pressed Stop');
    const end = await Promise.race([live.finished, sleep(STOP_WAIT_MS, null, { ref: false })]);
    if (!end) return void res.status(202).json({ stopping: true, threadId: id });
    res.json({ stopping: false, threadId: id, event: end.event, ...(end.data as object) });
  });

  return r;
}
