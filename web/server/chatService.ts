/**
 * Runs chat turns for the web server: the runtime's session per (model spec, approvals), at most
 * one turn per thread and at most `maxTurns` on the whole server at a time, every event fanned
 * out to the clients attached to it and (tokens excluded) recorded in the thread index for reopened
 * threads. A turn belongs to the server: it runs on when its client goes (bounded by the turn's
 * budget and the unattended limit, liveTurn.ts), and it can be stopped (Stop, a budget, the server
 * stopping): its graph run, model call and optimizer stop, and the partial answer closes the turn.
 */
import { Tracer, type AgentEvent, type ChatSession, type Runtime, type TurnResult } from '../../agents/index.ts';
import { DEFAULTS } from '../../config/defaults.ts';
import { LiveTurn, type LiveTurnBounds, type TurnFrame } from './liveTurn.ts';
import { TokenWords, type TokenChunk } from './tokenWords.ts';
import type { ThreadIndex } from './threadIndex.ts';
import type { Sketch } from '../../agents/index.ts';

export class ThreadBusyError extends Error {
  constructor(threadId: string) {
    super(`a turn is already running on thread ${threadId}`);
  }
}

/** The server runs as many turns as it may: try again after `retryAfterS` seconds. */
export class ServerBusyError extends Error {
  constructor(
    readonly maxTurns: number,
    readonly retryAfterS: number,
  ) {
    super(`the server is running its limit of ${maxTurns} turns; try again in a few seconds`);
  }
}

export interface ChatServiceOptions {
  runtime: Runtime;
  index: ThreadIndex;
  /** Turns running at once on the whole server (default DEFAULT_MAX_TURNS). */
  maxTurns?: number;
  /** Wall time one turn may run, ms (default config server.turnBudgetS). */
  turnBudgetMs?: number;
  /** How long a turn may run with no client attached, ms (default config server.unattendedS). */
  unattendedMs?: number;
  /** An agent event as clients see it (e.g. with links to its artifacts, no server paths). */
  present?: (event: AgentEvent) => unknown;
  /** An answer as clients see it (no server paths). */
  presentText?: (text: string) => string;
  /** A pending question as clients see it (no server paths). */
  presentInterrupt?: (payload: TurnResult['interrupt']) => TurnResult['interrupt'];
  /** A failed turn's error as clients see it (no stack, no server path). */
  describeError?: (err: unknown) => unknown;
  /** A turn failed (the server logs what clients do not see). */
  onError?: (threadId: string, err: unknown) => void;
}

export const DEFAULT_MAX_TURNS = DEFAULTS.server.maxTurns;
const RETRY_AFTER_S = 5;

export interface TurnRequest {
  model: string;
  approvals: string[];
  message?: string;
  resume?: unknown;
  sketch?: Sketch;
}

/** What `turn_end` carries. */
export interface TurnEndFrame {
  threadId: string;
  status: TurnResult['status'];
  answer: string | null;
  interrupt: TurnResult['interrupt'];
  /** Why the turn was cancelled, when it was. */
  stopReason: string | null;
}

/** A claimed turn: attach watchers to `live`, start it once; release it if it never starts (idempotent). */
export interface ClaimedTurn {
  readonly threadId: string;
  readonly live: LiveTurn;
  start(req: TurnRequest): LiveTurn;
  release(): void;
}

export class ChatService {
  private readonly running = new Map<string, LiveTurn>();
  readonly maxTurns: number;
  private readonly bounds: LiveTurnBounds;

  constructor(private readonly opts: ChatServiceOptions) {
    this.maxTurns = opts.maxTurns ?? DEFAULT_MAX_TURNS;
    this.bounds = { budgetMs: opts.turnBudgetMs ?? DEFAULTS.server.turnBudgetS * 1000, unattendedMs: opts.unattendedMs ?? DEFAULTS.server.unattendedS * 1000 };
  }

  isRunning(threadId: string): boolean {
    return this.running.has(threadId);
  }

  /** The thread's running turn, if any. */
  live(threadId: string): LiveTurn | undefined {
    return this.running.get(threadId);
  }

  /** Turns running now. */
  get active(): number {
    return this.running.size;
  }

  /** The session for a model spec and approval list (built once by the runtime, then reused). */
  session(model: string, approvals: readonly string[]): Promise<ChatSession> {
    return this.opts.runtime.session({ model, approvals });
  }

  /** Claims the thread and a server slot, or throws ThreadBusyError / ServerBusyError at once. */
  claim(threadId: string): ClaimedTurn {
    if (this.running.has(threadId)) throw new ThreadBusyError(threadId);
    if (this.running.size >= this.maxTurns) throw new ServerBusyError(this.maxTurns, RETRY_AFTER_S);
    const live = new LiveTurn(threadId, new AbortController(), this.bounds);
    this.running.set(threadId, live);
    let started = false;
    const release = () => {
      if (this.running.get(threadId) === live) this.running.delete(threadId);
    };
    return {
      threadId,
      live,
      start: (req) => {
        if (started) throw new Error(`the turn on thread ${threadId} was started already`);
        started = true;
        void this.runLive(live, req, release);
        return live;
      },
      release: () => {
        if (!started) release();
      },
    };
  }

  /** Cancels every running turn (the server is stopping). */
  cancelAll(reason: string): void {
    for (const live of this.running.values()) live.cancel(reason);
  }

  /** Runs the turn to its end whoever watches; the slot is free before the end frame goes out. */
  private async runLive(live: LiveTurn, req: TurnRequest, release: () => void): Promise<void> {
    let end: TurnFrame;
    try {
      const result = await this.runClaimed(live, req);
      const answer = result.answer === null ? null : (this.opts.presentText?.(result.answer) ?? result.answer);
      const interrupt = this.opts.presentInterrupt?.(result.interrupt) ?? result.interrupt;
      const data: TurnEndFrame = { threadId: live.threadId, status: result.status, answer, interrupt, stopReason: result.status === 'stopped' ? live.stopReason : null };
      end = { event: 'turn_end', data };
    } catch (err) {
      this.opts.onError?.(live.threadId, err);
      end = { event: 'error', data: this.opts.describeError?.(err) ?? { error: err instanceof Error ? err.message : String(err) } };
    }
    release();
    live.push(end);
  }

  private async runClaimed(live: LiveTurn, req: TurnRequest): Promise<TurnResult> {
    const { threadId } = live;
    const session = await this.session(req.model, req.approvals);
    const index = this.opts.index;
    index.touch(threadId, req.model);
    const turn = index.nextTurn(threadId);
    const present = this.opts.present ?? ((e: AgentEvent) => e);
    // tokens go out as whole words, so a path split over tokens is presented (hidden) whole
    const words = new TokenWords();
    const sendTokens = (chunks: (TokenChunk | null)[]) => {
      for (const c of chunks) if (c) live.push({ event: 'token', data: present({ type: 'token', ...c }) });
    };
    const tracer = new Tracer([
      {
        onEvent: (e) => {
          if (e.type === 'token') return sendTokens([words.push(e.agent, e.text, e.t)]);
          sendTokens(words.flush());
          // stored first, then sent: a client attaching in between reads it from the index
          const seq = index.addEvent(threadId, turn, e);
          live.push({ event: e.type, data: present(e), seq });
        },
      },
    ]);
    try {
      const result = await session.runTurn({ threadId, message: req.message, resume: req.resume, sketch: req.sketch, tracer, signal: live.signal });
      index.touch(threadId);
      return result;
    } finally {
      sendTokens(words.flush());
    }
  }
}
