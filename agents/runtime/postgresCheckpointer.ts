/**
 * PostgreSQL conversation store, for several server instances sharing threads (agent-stack.md §1.6):
 * LangGraph's PostgresSaver on a pg pool; `setup()` creates or migrates its tables once. Turn
 * leases and the optimistic checkpoint check (postgresGuards.ts) keep two instances from both
 * storing a turn on one thread. The location it reports never carries the password.
 */
import type { OpenCheckpointer } from './checkpointer.ts';
import { ConfigError, InfraError } from '../../tools/errors.ts';
import { optimisticPuts, postgresTurnLeases } from './postgresGuards.ts';

/** `postgres://user:secret@host:5432/db` → `postgres://user@host:5432/db`. */
export function redactUrl(url: string): string {
  try {
    const u = new URL(url);
    if (u.password) u.password = '';
    return u.toString().replace(/:@/, '@');
  } catch {
    return 'postgres://(unparsable url)';
  }
}

export async function openPostgresCheckpointer(url: string): Promise<OpenCheckpointer> {
  if (!/^postgres(ql)?:\/\//.test(url)) {
    throw new ConfigError(`not a PostgreSQL URL: ${redactUrl(url)}`, { hint: 'use postgres://user:password@host:5432/database' });
  }
  const [{ PostgresSaver }, { default: pg }] = await Promise.all([import('@langchain/langgraph-checkpoint-postgres'), import('pg')]);
  const pool = new pg.Pool({ connectionString: url });
  const lockPool = new pg.Pool({ connectionString: url, max: 4 });
  // An idle client whose connection drops (a server restart) is an 'error' event on its pool; with
  // no listener it would end the process. The pool drops that client and the next query reconnects.
  for (const p of [pool, lockPool]) p.on('error', () => {});
  const saver = new PostgresSaver(pool);
  const end = () => Promise.all([pool.end(), lockPool.end()]).then(() => {});
  let leases;
  try {
    await saver.setup();
    leases = await postgresTurnLeases(pool);
  } catch (err) {
    await end().catch(() => {});
    const reason = err instanceof Error ? err.message.replaceAll(url, redactUrl(url)) : String(err);
    throw new InfraError(`cannot open the PostgreSQL conversation store at ${redactUrl(url)}: ${reason}`, {
      retryable: true,
      hint: 'check that the server is running and the database exists',
    });
  }
  optimisticPuts(saver, lockPool, redactUrl(url));
  return { saver, location: redactUrl(url), leases, close: end };
}
