/**
 * A turn that belongs to the server, not to the client that started it: it runs whether or not
 * anyone watches, any number of clients attach (the stored events after their cursor, then live)
 * and leave, and it is bounded on the server: a wall-time budget, and a limit on how long it runs
 * with nobody watching. Either one cancels it with a reason the partial answer names.
 */

/** One frame for the watchers: an agent event (`seq` when the thread index stored it), `turn_end` or `error`. */
export interface TurnFrame {
  event: string;
  data: unknown;
  seq?: number;
}

export type FrameListener = (frame: TurnFrame) => void;

export interface LiveTurnBounds {
  /** Wall time the turn may run, ms. */
  budgetMs: number;
  /** How long it may run with no client attached, ms. */
  unattendedMs: number;
}

export class LiveTurn {
  private readonly listeners = new Set<FrameListener>();
  private endFrame: TurnFrame | null = null;
  private unattendedTimer: ReturnType<typeof setTimeout> | undefined;
  private readonly budgetTimer: ReturnType<typeof setTimeout>;
  /** Why the turn was cancelled, once it was (a person's Stop, a budget, the server stopping). */
  stopReason: string | null = null;
  readonly startedAt = Date.now();
  /** Settles when the turn has ended (its end frame went out). */
  readonly finished: Promise<TurnFrame>;
  private settle!: (f: TurnFrame) => void;

  constructor(
    readonly threadId: string,
    private readonly controller: AbortController,
    private readonly bounds: LiveTurnBounds,
  ) {
    this.finished = new Promise((r) => (this.settle = r));
    this.budgetTimer = setTimeout(() => this.cancel(`it ran past the server's budget of ${seconds(bounds.budgetMs)} per turn (server.turnBudgetS)`), bounds.budgetMs);
    this.budgetTimer.unref();
    this.watchUnattended();
  }

  get signal(): AbortSignal {
    return this.controller.signal;
  }

  get ended(): boolean {
    return this.endFrame !== null;
  }

  /** Clients attached now. */
  get watchers(): number {
    return this.listeners.size;
  }

  /** Stops the turn (idempotent): the graph run, model call and optimizer stop; the partial answer closes it. */
  cancel(reason: string): void {
    if (this.controller.signal.aborted || this.ended) return;
    this.stopReason = reason;
    this.controller.abort(new Error(reason));
  }

  /** Adds a watcher; returns its detach. A turn that ended already hands it the end frame at once. */
  attach(listener: FrameListener): () => void {
    if (this.endFrame) {
      listener(this.endFrame);
      return () => {};
    }
    this.listeners.add(listener);
    clearTimeout(this.unattendedTimer);
    return () => {
      if (this.listeners.delete(listener)) this.watchUnattended();
    };
  }

  /** Sends a frame to every watcher; `turn_end` or `error` ends the turn. */
  push(frame: TurnFrame): void {
    if (this.endFrame) return;
    const final = frame.event === 'turn_end' || frame.event === 'error';
    if (final) {
      this.endFrame = frame;
      clearTimeout(this.budgetTimer);
      clearTimeout(this.unattendedTimer);
    }
    for (const l of [...this.listeners]) l(frame);
    if (final) {
      this.listeners.clear();
      this.settle(frame);
    }
  }

  private watchUnattended(): void {
    clearTimeout(this.unattendedTimer);
    if (this.listeners.size || this.ended) return;
    this.unattendedTimer = setTimeout(() => this.cancel(`no one watched it for ${seconds(this.bounds.unattendedMs)} (server.unattendedS)`), this.bounds.unattendedMs);
    this.unattendedTimer.unref();
  }
}

const seconds = (ms: number) => (ms >= 60_000 && ms % 60_000 === 0 ? `${ms / 60_000} min` : `${Math.round(ms / 100) / 10} s`);
