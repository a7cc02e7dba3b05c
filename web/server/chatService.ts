/**
 * Runs chat turns for the web server: the runtime's session per (model spec, approvals), at most
 * one turn per thread and at most `maxTurns` on the whole server at a time, every event fanned
 * out to the caller's listener and (tokens excluded) recorded in the thread index for reopened
 * threads. A turn can be cancelled (its client went away, the server stops): its graph run, model
 * call and optimizer stop, and the partial answer closes the turn.
 */
import { Tracer, type AgentEvent, type ChatSession, type Runtime, type TurnResult } from '../../agents/index.ts';
import type { ThreadIndex } from './threadIndex.ts';

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
}

export const DEFAULT_MAX_TURNS = 64; // config/defaults.ts server.maxTurns
const RETRY_AFTER_S = 5;

export interface TurnRequest {
  model: string;
  approvals: string[];
  message?: string;
  resume?: unknown;
  onEvent: (event: AgentEvent) => void;
}

/** A claimed turn: run it once; cancel it from anywhere; release it when done (idempotent). */
export interface ClaimedTurn {
  readonly threadId: string;
  readonly signal: AbortSignal;
  run(req: TurnRequest): Promise<TurnResult>;
  cancel(reason: string): void;
  release(): void;
}

export class ChatService {
  private readonly running = new Map<string, AbortController>();
  readonly maxTurns: number;

  constructor(private readonly opts: ChatServiceOptions) {
    this.maxTurns = opts.maxTurns ?? DEFAULT_MAX_TURNS;
  }

  isRunning(threadId: string): boolean {
    return this.running.has(threadId);
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
    const controller = new AbortController();
    this.running.set(threadId, controller);
    const release = () => {
      if (this.running.get(threadId) === controller) this.running.delete(threadId);
    };
    return {
      threadId,
      signal: controller.signal,
      run: async (req) => {
        try {
          return await this.runClaimed(threadId, req, controller.signal);
        } finally {
          release();
        }
      },
      cancel: (reason) => {
        if (!controller.signal.aborted) controller.abort(new Error(reason));
      },
      release,
    };
  }

  /** Cancels every running turn (the server is stopping). */
  cancelAll(reason: string): void {
    for (const c of this.running.values()) if (!c.signal.aborted) c.abort(new Error(reason));
  }

  private async runClaimed(threadId: string, req: TurnRequest, signal: AbortSignal): Promise<TurnResult> {
    const session = await this.session(req.model, req.approvals);
    const index = this.opts.index;
    index.touch(threadId, req.model);
    const turn = index.nextTurn(threadId);
    const tracer = new Tracer([
      {
        onEvent: (e) => {
          if (e.type !== 'token') index.addEvent(threadId, turn, e);
          req.onEvent(e);
        },
      },
    ]);
    const result = await session.runTurn({ threadId, message: req.message, resume: req.resume, tracer, signal });
    index.touch(threadId);
    return result;
  }
}
