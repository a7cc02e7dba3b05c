/**
 * Two server instances on one PostgreSQL store get the same guarantees as two processes on one
 * SQLite file (checkpointer.ts, turnLeases.ts):
 * - a turn takes the thread's lease (a row in `engiai_turn_leases`, taken under a transaction-level
 *   advisory lock on the thread), and a live holder makes the next turn fail as "busy";
 * - a checkpoint is stored only while its parent is still the thread's newest. The check and the
 *   saver's own insert run under a session advisory lock on the thread, held on a client of a
 *   separate small pool, so the saver's pool is never waited on while a lock client waits for it.
 * Advisory locks end with their session, so a killed instance leaves no lock behind; its lease is
 * taken over by the rules of turnLeases.ts.
 */
import type { PostgresSaver } from '@langchain/langgraph-checkpoint-postgres';
import type { Pool } from 'pg';
import { threadBusy, threadChanged } from './threadConflicts.ts';
import { HEARTBEAT_MS, LEASE_HOLDER, leaseHeld, type LeaseRow, type TurnLeases } from './turnLeases.ts';

const LOCK = 'SELECT pg_advisory_lock(hashtextextended($1, 0))';
const UNLOCK = 'SELECT pg_advisory_unlock(hashtextextended($1, 0))';

export async function postgresTurnLeases(pool: Pool): Promise<TurnLeases> {
  await pool.query('CREATE TABLE IF NOT EXISTS engiai_turn_leases (thread_id TEXT PRIMARY KEY, pid INTEGER NOT NULL, host TEXT NOT NULL, beat BIGINT NOT NULL)');
  const me = LEASE_HOLDER;
  const mine = [me.pid, me.host];
  return {
    async acquire(threadId) {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        await client.query('SELECT pg_advisory_xact_lock(hashtextextended($1, 0))', [`engiai-lease:${threadId}`]);
        const row = (await client.query<LeaseRow>('SELECT pid, host, beat::float8 AS beat FROM engiai_turn_leases WHERE thread_id = $1', [threadId])).rows[0];
        if (row && leaseHeld(row)) throw threadBusy(threadId, row, me);
        await client.query(
          'INSERT INTO engiai_turn_leases (thread_id, pid, host, beat) VALUES ($1, $2, $3, $4) ON CONFLICT (thread_id) DO UPDATE SET pid = EXCLUDED.pid, host = EXCLUDED.host, beat = EXCLUDED.beat',
          [threadId, ...mine, Date.now()],
        );
        await client.query('COMMIT');
      } catch (err) {
        await client.query('ROLLBACK').catch(() => {});
        throw err;
      } finally {
        client.release();
      }
      const timer = setInterval(() => {
        pool.query('UPDATE engiai_turn_leases SET beat = $1 WHERE thread_id = $2 AND pid = $3 AND host = $4', [Date.now(), threadId, ...mine]).catch(() => {});
      }, HEARTBEAT_MS);
      timer.unref();
      return {
        async release() {
          clearInterval(timer);
          // a lease left behind by a lost connection is taken over like a dead process's
          await pool.query('DELETE FROM engiai_turn_leases WHERE thread_id = $1 AND pid = $2 AND host = $3', [threadId, ...mine]).catch(() => {});
        },
      };
    },
  };
}

/** Wraps the saver's `put` with the optimistic check; `lockPool` is used for nothing else. */
export function optimisticPuts(saver: PostgresSaver, lockPool: Pool, where: string): void {
  const put = saver.put.bind(saver);
  saver.put = async (config, checkpoint, metadata, versions) => {
    const { thread_id: thread, checkpoint_ns: ns = '', checkpoint_id: parent } = (config.configurable ?? {}) as { thread_id?: string; checkpoint_ns?: string; checkpoint_id?: string };
    const key = `engiai-checkpoint:${thread}:${ns}`;
    const client = await lockPool.connect();
    try {
      await client.query(LOCK, [key]);
      try {
        const head = (await client.query<{ checkpoint_id: string }>('SELECT checkpoint_id FROM checkpoints WHERE thread_id = $1 AND checkpoint_ns = $2 ORDER BY checkpoint_id DESC LIMIT 1', [thread, ns])).rows[0]?.checkpoint_id;
        if (head !== undefined && head !== parent && head !== checkpoint.id) throw threadChanged(String(thread), where);
        return await put(config, checkpoint, metadata, versions);
      } finally {
        await client.query(UNLOCK, [key]).catch(() => {});
      }
    } finally {
      client.release();
    }
  };
}
