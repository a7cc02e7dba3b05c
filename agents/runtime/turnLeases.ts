/**
 * One turn at a time per thread across processes. The optimistic check in the checkpoint store
 * (checkpointer.ts) refuses a checkpoint whose parent is no longer the thread's newest, but a
 * second process that starts while the first is mid-turn would see the first's checkpoints as a
 * run a killed process left, and continue it. So a turn first takes the thread's lease: a row in
 * the same SQLite file naming the process (pid, host) and a heartbeat. A lease whose process is
 * gone (same host: the pid no longer exists; another host: no heartbeat for 30 s) is taken over,
 * so a killed process still leaves its run to be continued. PostgreSQL keeps the same rows under
 * the same rules (postgresGuards.ts).
 */
import { hostname } from 'node:os';
import { threadBusy } from './threadConflicts.ts';

export interface TurnLease {
  release(): Promise<void>;
}

export interface TurnLeases {
  /** Takes the thread's lease or throws a ConflictError naming the process that holds it. */
  acquire(threadId: string): Promise<TurnLease>;
}

export interface LeaseRow {
  pid: number;
  host: string;
  beat: number;
}

interface Statement {
  get(...args: unknown[]): unknown;
  run(...args: unknown[]): unknown;
}
interface Db {
  exec(sql: string): unknown;
  prepare(sql: string): Statement;
  transaction<A extends unknown[]>(fn: (...args: A) => void): { immediate(...args: A): void };
}

export const HEARTBEAT_MS = 10_000;
const STALE_MS = 30_000;

/** This process, as a lease names it. */
export const LEASE_HOLDER = { pid: process.pid, host: hostname() };

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Whether a lease row still belongs to a live turn (same host: its pid exists; another: a recent beat). */
export const leaseHeld = (row: LeaseRow): boolean => (row.host === LEASE_HOLDER.host ? processAlive(row.pid) : Date.now() - row.beat < STALE_MS);

export function sqliteTurnLeases(db: Db): TurnLeases {
  db.exec('CREATE TABLE IF NOT EXISTS engiai_turn_leases (thread_id TEXT PRIMARY KEY, pid INTEGER NOT NULL, host TEXT NOT NULL, beat INTEGER NOT NULL)');
  const get = db.prepare('SELECT pid, host, beat FROM engiai_turn_leases WHERE thread_id = ?');
  const put = db.prepare('INSERT OR REPLACE INTO engiai_turn_leases (thread_id, pid, host, beat) VALUES (?, ?, ?, ?)');
  const beat = db.prepare('UPDATE engiai_turn_leases SET beat = ? WHERE thread_id = ? AND pid = ? AND host = ?');
  const drop = db.prepare('DELETE FROM engiai_turn_leases WHERE thread_id = ? AND pid = ? AND host = ?');
  const me = LEASE_HOLDER;
  const claim = db.transaction((threadId: string) => {
    const row = get.get(threadId) as LeaseRow | undefined;
    if (row && leaseHeld(row)) throw threadBusy(threadId, row, me);
    put.run(threadId, me.pid, me.host, Date.now());
  });
  return {
    async acquire(threadId) {
      claim.immediate(threadId);
      const timer = setInterval(() => beat.run(Date.now(), threadId, me.pid, me.host), HEARTBEAT_MS);
      timer.unref();
      return {
        async release() {
          clearInterval(timer);
          drop.run(threadId, me.pid, me.host);
        },
      };
    },
  };
}
