/**
 * The MCP HTTP server's sessions, bounded: at most `maxSessions` at once (a new one closes the
 * least recently used idle session, or is refused when every session has a request open), and a
 * session idle for `idleMs` is closed. A session is busy while one of its requests (a call, the
 * client's event stream) is open; a busy session neither expires nor is pushed out. Closing a
 * session closes its transport and server, so nothing of it stays in memory.
 */

export interface Closable {
  close(): Promise<void>;
}

interface Entry<T> {
  value: T;
  lastSeen: number;
  open: number;
}

export interface SessionTableOptions {
  maxSessions: number;
  idleMs: number;
  log?: (line: string) => void;
  now?: () => number;
}

export class SessionTable<T extends Closable> {
  private readonly entries = new Map<string, Entry<T>>();
  /** Sessions being initialized: they count against the cap before they have an id. */
  private pending = 0;
  private readonly timer: NodeJS.Timeout;
  private readonly now: () => number;

  constructor(private readonly o: SessionTableOptions) {
    this.now = o.now ?? (() => performance.now());
    this.timer = setInterval(() => this.sweep(), Math.max(250, Math.min(30_000, Math.floor(o.idleMs / 4))));
    this.timer.unref();
  }

  get size(): number {
    return this.entries.size;
  }

  get(id: string): T | undefined {
    const e = this.entries.get(id);
    if (!e) return undefined;
    e.lastSeen = this.now();
    return e.value;
  }

  /**
   * Makes room for one more session and reserves it (release with `settle`): false when the
   * table is full of busy sessions.
   */
  reserve(): boolean {
    if (this.entries.size + this.pending >= this.o.maxSessions) {
      let oldest: [string, Entry<T>] | undefined;
      for (const kv of this.entries) if (kv[1].open === 0 && (!oldest || kv[1].lastSeen < oldest[1].lastSeen)) oldest = kv;
      if (!oldest) return false;
      this.o.log?.(`session cap (${this.o.maxSessions}) reached: closing the least recently used idle session`);
      this.drop(oldest[0]);
    }
    this.pending++;
    return true;
  }

  /** Ends a reservation: with an id the session is in the table, without one it never started. */
  settle(id: string | undefined, value: T): void {
    this.pending--;
    if (id !== undefined) this.entries.set(id, { value, lastSeen: this.now(), open: 0 });
  }

  /** Marks a request of session `id` open until the returned function is called. */
  begin(id: string): () => void {
    const e = this.entries.get(id);
    if (!e) return () => {};
    e.open++;
    let ended = false;
    return () => {
      if (ended) return;
      ended = true;
      e.open--;
      e.lastSeen = this.now();
    };
  }

  /** Forgets a session (its transport closed). */
  delete(id: string): void {
    this.entries.delete(id);
  }

  private drop(id: string): void {
    const e = this.entries.get(id);
    if (!e) return;
    this.entries.delete(id);
    void e.value.close().catch(() => undefined);
  }

  /** Closes every session idle for longer than idleMs. */
  sweep(): void {
    const cutoff = this.now() - this.o.idleMs;
    let closed = 0;
    for (const [id, e] of this.entries) {
      if (e.open === 0 && e.lastSeen < cutoff) {
        this.drop(id);
        closed++;
      }
    }
    if (closed) this.o.log?.(`closed ${closed} idle MCP session${closed === 1 ? '' : 's'}`);
  }

  async closeAll(): Promise<void> {
    clearInterval(this.timer);
    const values = [...this.entries.values()].map((e) => e.value);
    this.entries.clear();
    await Promise.all(values.map((v) => v.close().catch(() => undefined)));
  }
}
