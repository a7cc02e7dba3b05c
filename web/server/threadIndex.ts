/**
 * The web UI's thread index beside the LangGraph checkpoints: ENGIAI_HOME/web.sqlite holds each
 * thread's title, model and timestamps, and the agent events of its turns (tokens excluded), so a
 * reopened thread shows its whole timeline — tool calls, results and artifacts — after a restart.
 * `engiai chat` records its turns here too, so CLI threads and CLI turns on web threads show in the UI.
 */
import { dirname, join } from 'node:path';
import Database from 'better-sqlite3';
import type { AgentEvent } from '../../agents/index.ts';
import { makeDirsSync, sqliteFault } from '../../tools/fileFaults.ts';

export interface ThreadRow {
  id: string;
  title: string;
  model: string;
  created: string;
  updated: string;
  /** Whether the thread's answers are spoken (the chat page's voice toggle). */
  voice: boolean;
}

export interface StoredEvent {
  seq: number;
  turn: number;
  event: AgentEvent;
}

export const webDbPath = (home: string) => join(home, 'web.sqlite');

/** A thread's title from its first message: at most 60 characters. */
export const threadTitle = (text: string) => (text.length > 60 ? `${text.slice(0, 57)}…` : text);

type StoredRow = Omit<ThreadRow, 'voice'> & { voice: number };
const SELECT = 'SELECT id, title, model, created, updated, voice FROM threads';
const rowOf = (r: StoredRow): ThreadRow => ({ ...r, voice: r.voice === 1 });

export class ThreadIndex {
  private readonly db: Database.Database;

  constructor(private readonly path: string) {
    makeDirsSync(dirname(path), 'store');
    let db: Database.Database | undefined;
    try {
      db = new Database(path);
      db.pragma('journal_mode = WAL');
      db.pragma('busy_timeout = 5000');
      db.pragma('synchronous = NORMAL'); // WAL: no fsync per event row; a crash loses at most the last rows
      db.exec(`
        CREATE TABLE IF NOT EXISTS threads (
          id TEXT PRIMARY KEY, title TEXT NOT NULL, model TEXT NOT NULL,
          created TEXT NOT NULL, updated TEXT NOT NULL);
        CREATE TABLE IF NOT EXISTS thread_events (
          seq INTEGER PRIMARY KEY AUTOINCREMENT, thread_id TEXT NOT NULL, turn INTEGER NOT NULL, json TEXT NOT NULL);
        CREATE INDEX IF NOT EXISTS thread_events_by_thread ON thread_events(thread_id, seq);`);
      // web.sqlite files from before the voice toggle get its column (off)
      const columns = db.prepare('PRAGMA table_info(threads)').all() as { name: string }[];
      if (!columns.some((c) => c.name === 'voice')) db.exec('ALTER TABLE threads ADD COLUMN voice INTEGER NOT NULL DEFAULT 0');
    } catch (err) {
      db?.close();
      throw sqliteFault(err, path, 'the web thread index');
    }
    this.db = db;
  }

  /** Runs a statement; SQLite's faults become a StorageError naming web.sqlite. */
  private sql<T>(fn: (db: Database.Database) => T): T {
    try {
      return fn(this.db);
    } catch (err) {
      throw sqliteFault(err, this.path, 'the web thread index');
    }
  }

  create(id: string, title: string, model: string): ThreadRow {
    const now = new Date().toISOString();
    this.sql((db) => db.prepare('INSERT OR IGNORE INTO threads (id, title, model, created, updated) VALUES (?, ?, ?, ?, ?)').run(id, title, model, now, now));
    return this.get(id)!;
  }

  get(id: string): ThreadRow | undefined {
    const row = this.sql((db) => db.prepare(`${SELECT} WHERE id = ?`).get(id) as StoredRow | undefined);
    return row && rowOf(row);
  }

  list(limit = 200): ThreadRow[] {
    return this.sql((db) => db.prepare(`${SELECT} ORDER BY updated DESC, id LIMIT ?`).all(limit) as StoredRow[]).map(rowOf);
  }

  /** Turns the thread's spoken answers on or off. */
  setVoice(id: string, on: boolean): ThreadRow | undefined {
    this.sql((db) => db.prepare('UPDATE threads SET voice = ? WHERE id = ?').run(on ? 1 : 0, id));
    return this.get(id);
  }

  rename(id: string, title: string): ThreadRow | undefined {
    this.sql((db) => db.prepare('UPDATE threads SET title = ?, updated = ? WHERE id = ?').run(title, new Date().toISOString(), id));
    return this.get(id);
  }

  touch(id: string, model?: string): void {
    const now = new Date().toISOString();
    if (model) this.sql((db) => db.prepare('UPDATE threads SET updated = ?, model = ? WHERE id = ?').run(now, model, id));
    else this.sql((db) => db.prepare('UPDATE threads SET updated = ? WHERE id = ?').run(now, id));
  }

  delete(id: string): boolean {
    return this.sql((db) =>
      db.transaction(() => {
        db.prepare('DELETE FROM thread_events WHERE thread_id = ?').run(id);
        return db.prepare('DELETE FROM threads WHERE id = ?').run(id).changes > 0;
      })(),
    );
  }

  nextTurn(id: string): number {
    const row = this.sql((db) => db.prepare('SELECT MAX(turn) AS t FROM thread_events WHERE thread_id = ?').get(id) as { t: number | null });
    return (row.t ?? 0) + 1;
  }

  /** Stores the event; returns its seq (the cursor a client re-attaches after). */
  addEvent(id: string, turn: number, event: AgentEvent): number {
    return Number(this.sql((db) => db.prepare('INSERT INTO thread_events (thread_id, turn, json) VALUES (?, ?, ?)').run(id, turn, JSON.stringify(event))).lastInsertRowid);
  }

  /** The thread's events in order; `after` a seq: only the later ones. */
  events(id: string, after = 0): StoredEvent[] {
    const rows = this.sql((db) => db.prepare('SELECT seq, turn, json FROM thread_events WHERE thread_id = ? AND seq > ? ORDER BY seq').all(id, after) as { seq: number; turn: number; json: string }[]);
    return rows.map((r) => ({ seq: r.seq, turn: r.turn, event: JSON.parse(r.json) as AgentEvent }));
  }

  close(): void {
    this.db.close();
  }
}
