/**
 * Runs chat turns for the web server: the runtime's session per (model spec, approvals), at most
 * one turn per thread at a time, every event fanned out to the caller's listener and (tokens
 * excluded) recorded in the thread index for reopened threads.
 */
import { Tracer, type AgentEvent, type ChatSession, type Runtime, type TurnResult } from '../../agents/index.ts';
import type { ThreadIndex } from './threadIndex.ts';

export class ThreadBusyError extends Error {
  constructor(threadId: string) {
    super(`a turn is already running on thread ${threadId}`);
  }
}

export interface ChatServiceOptions {
  runtime: Runtime;
  index: ThreadIndex;
}

export interface TurnRequest {
  threadId: string;
  model: string;
  approvals: string[];
  message?: string;
  resume?: unknown;
  onEvent: (event: AgentEvent) => void;
}

export class ChatService {
  private readonly running = new Set<string>();

  constructor(private readonly opts: ChatServiceOptions) {}

  isRunning(threadId: string): boolean {
    return this.running.has(threadId);
  }

  /** The session for a model spec and approval list (built once by the runtime, then reused). */
  session(model: string, approvals: readonly string[]): Promise<ChatSession> {
    return this.opts.runtime.session({ model, approvals });
  }

  async runTurn(req: TurnRequest): Promise<TurnResult> {
    if (this.running.has(req.threadId)) throw new ThreadBusyError(req.threadId);
    this.running.add(req.threadId);
    try {
      const session = await this.session(req.model, req.approvals);
      const index = this.opts.index;
      index.touch(req.threadId, req.model);
      const turn = index.nextTurn(req.threadId);
      const tracer = new Tracer([
        {
          onEvent: (e) => {
            if (e.type !== 'token') index.addEvent(req.threadId, turn, e);
            req.onEvent(e);
          },
        },
      ]);
      const result = await session.runTurn({ threadId: req.threadId, message: req.message, resume: req.resume, tracer });
      index.touch(req.threadId);
      return result;
    } finally {
      this.running.delete(req.threadId);
    }
  }
}
