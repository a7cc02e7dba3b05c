/**
 * Where conversations persist. One checkpointer at the top of the graph (agent-stack.md §1.6):
 * SQLite at config/paths.ts threadsDbPath() by default, memory for tests, PostgreSQL
 * (postgresCheckpointer.ts) for several server instances sharing threads.
 */
import { dirname } from 'node:path';
import { MemorySaver, type BaseCheckpointSaver } from '@langchain/langgraph';
import { threadsDbPath } from '../../config/paths.ts';
import { MessageCachingSerde } from './messageCachingSerde.ts';
import { makeDirsSync, sqliteFault } from '../../tools/fileFaults.ts';
import { threadChanged } from './threadConflicts.ts';
import { sqliteTurnLeases, type TurnLeases } from './turnLeases.ts';

export type CheckpointerSpec = { kind: 'sqlite'; path?: string } | { kind: 'memory' } | { kind: 'postgres'; url: string };

export interface OpenCheckpointer {
  saver: BaseCheckpointSaver;
  /** Where it stores threads (a file path, ':memory:' or the URL without credentials). */
  location: string;
  /** One turn at a time per thread across processes (SQLite, PostgreSQL; a single process needs none). */
  leases?: TurnLeases;
  close(): Promise<void>;
}

type Db = { prepare(sql: string): unknown };

/**
 * The SQLite saver prepares its INSERT statements again at every superstep; this keeps them. Safe
 * because the saver runs every statement to completion synchronously (run/get/all, no iterate), so
 * a statement is never in use twice; the cache is bounded (list() builds its SQL per filter).
 */
function reusePreparedStatements(db: Db): void {
  const prepare = db.prepare.bind(db);
  const statements = new Map<string, unknown>();
  db.prepare = (sql: string) => {
    let stmt = statements.get(sql);
    if (!stmt) {
      stmt = prepare(sql);
      if (statements.size < 32) statements.set(sql, stmt);
    }
    return stmt;
  };
}

const INSERT_CHECKPOINT = /^\s*INSERT OR REPLACE INTO checkpoints \(thread_id, checkpoint_ns, checkpoint_id, parent_checkpoint_id,/;

/**
 * Two processes on one thread must not both store a turn. Each checkpoint names its parent (the
 * one the run started from); it is stored only while that parent is still the thread's newest,
 * checked and inserted in one IMMEDIATE transaction (SQLite's write lock, across processes). A
 * run that lost the race fails with a ConflictError at its next checkpoint; the winner's turn
 * stands. Optimistic rather than a lock: a killed process leaves nothing to clean up.
 * The saver's own INSERT (langgraph-checkpoint-sqlite 1.0.4) is recognised by its SQL text;
 * tests/integration/agents/threadConflict.int.test.ts fails if that text changes.
 */
function optimisticCheckpoints(db: Db & { transaction: (fn: (row: unknown[]) => unknown) => { immediate: (row: unknown[]) => unknown } }, path: string): void {
  const prepare = db.prepare.bind(db);
  let newest: { get(thread: unknown, ns: unknown): { checkpoint_id: string } | undefined } | undefined;
  db.prepare = (sql: string) => {
    const stmt = prepare(sql) as { run(...row: unknown[]): unknown };
    if (!INSERT_CHECKPOINT.test(sql)) return stmt;
    const guarded = db.transaction((row: unknown[]) => {
      const [thread, ns, id, parent] = row;
      newest ??= prepare('SELECT checkpoint_id FROM checkpoints WHERE thread_id = ? AND checkpoint_ns = ? ORDER BY checkpoint_id DESC LIMIT 1') as typeof newest;
      const head = newest!.get(thread, ns)?.checkpoint_id;
      if (head !== undefined && head !== parent && head !== id) {
        throw threadChanged(String(thread), path);
      }
      return stmt.run(...row);
    });
    return { run: (...row: unknown[]) => guarded.immediate(row) };
  };
}

export async function openCheckpointer(spec: CheckpointerSpec = { kind: 'sqlite' }): Promise<OpenCheckpointer> {
  if (spec.kind === 'memory') {
    const saver = new MemorySaver();
    saver.serde = new MessageCachingSerde(saver.serde);
    return { saver, location: 'memory', close: async () => {} };
  }
  if (spec.kind === 'postgres') return (await import('./postgresCheckpointer.ts')).openPostgresCheckpointer(spec.url);
  const path = spec.path ?? threadsDbPath();
  makeDirsSync(dirname(path), 'store');
  const { SqliteSaver } = await import('@langchain/langgraph-checkpoint-sqlite');
  let saver: InstanceType<typeof SqliteSaver> | undefined;
  try {
    saver = SqliteSaver.fromConnString(path);
    // WAL + synchronous=NORMAL: every committed checkpoint survives a killed process (the WAL is
    // written before each commit returns); only an OS crash or power cut can drop the last commits.
    // It saves an fsync per superstep (the library only sets WAL, with the default FULL sync).
    saver.db.pragma('journal_mode = WAL');
    saver.db.pragma('synchronous = NORMAL');
    saver.db.prepare('SELECT count(*) FROM sqlite_master').get(); // a damaged header fails here, not mid-turn
  } catch (err) {
    saver?.db.close();
    throw sqliteFault(err, path, 'the conversation store');
  }
  saver.serde = new MessageCachingSerde(saver.serde);
  optimisticCheckpoints(saver.db, path);
  reusePreparedStatements(saver.db);
  namedFaults(saver, path);
  const db = saver.db;
  const leases = sqliteTurnLeases(db as never);
  return {
    saver,
    location: path,
    leases,
    close: async () => {
      db.close();
    },
  };
}

/** The saver's reads and writes fail with a StorageError naming the file (damaged pages, disk full). */
function namedFaults(saver: BaseCheckpointSaver, path: string): void {
  const s = saver as unknown as Record<string, (...args: unknown[]) => unknown>;
  const fault = (err: unknown) => sqliteFault(err, path, 'the conversation store');
  for (const name of ['getTuple', 'put', 'putWrites', 'deleteThread']) {
    const original = s[name]?.bind(saver);
    if (original) s[name] = async (...args: unknown[]) => Promise.resolve(original(...args)).catch((e: unknown) => Promise.reject(fault(e)));
  }
  const list = s.list?.bind(saver) as ((...a: unknown[]) => AsyncGenerator<unknown>) | undefined;
  if (list) {
    s.list = async function* (...args: unknown[]) {
      try {
        yield* list(...args);
      } catch (e) {
        throw fault(e);
      }
    };
  }
}
