/**
 * Runs chat turns for the web server: one ChatSession per (model spec, approvals) over the shared
 * SQLite checkpointer, at most one turn per thread at a time, every event fanned out to the
 * caller's listener and (tokens excluded) recorded in the thread index for reopened threads.
 */
import type { BaseChatModel } from '@langchain/core/language_models/chat_models';
import type { BaseCheckpointSaver } from '@langchain/langgraph';
import type { ChatSession, TurnResult } from '../../agents/runtime/chatSession.ts';
import { Tracer, type AgentEvent } from '../../agents/trace/agentEvent.ts';
import type { BaseToolContext } from '../../agents/supervisor/nodeKit.ts';
import type { Limits } from '../../agents/supervisor/state.ts';
import type { ThreadIndex } from './threadIndex.ts';

export class ThreadBusyError extends Error {
  constructor(threadId: string) {
    super(`a turn is already running on thread ${threadId}`);
  }
}

export interface ChatServiceOptions {
  checkpointer: BaseCheckpointSaver;
  toolContext: BaseToolContext;
  index: ThreadIndex;
  /** Builds the chat model of a spec (resolveModel in production; a fake in tests). */
  openModel: (spec: string) => Promise<BaseChatModel>;
  limits?: Partial<Limits>;
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
  private readonly sessions = new Map<string, Promise<ChatSession>>();
  private readonly running = new Set<string>();

  constructor(private readonly opts: ChatServiceOptions) {}

  isRunning(threadId: string): boolean {
    return this.running.has(threadId);
  }

  /** The session for a model spec and approval list (built once, then reused). */
  session(model: string, approvals: string[] = []): Promise<ChatSession> {
    const key = JSON.stringify([model, [...approvals].sort()]);
    let s = this.sessions.get(key);
    if (!s) {
      s = this.build(model, approvals);
      this.sessions.set(key, s);
      s.catch(() => this.sessions.delete(key));
    }
    return s;
  }

  private async build(model: string, approvals: string[]): Promise<ChatSession> {
    const { ChatSession } = await import('../../agents/runtime/chatSession.ts');
    const chatModel = await this.opts.openModel(model);
    return new ChatSession({
      model: chatModel,
      modelName: model,
      checkpointer: this.opts.checkpointer,
      toolContext: this.opts.toolContext,
      limits: this.opts.limits,
      approvals,
    });
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
