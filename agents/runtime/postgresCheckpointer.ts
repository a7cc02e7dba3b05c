/**
 * PostgreSQL conversation store, for several server instances sharing threads (agent-stack.md §1.6):
 * LangGraph's PostgresSaver on a pg pool; `setup()` creates or migrates its tables once.
 * The location it reports never carries the password.
 */
import type { OpenCheckpointer } from './checkpointer.ts';
import { ConfigError, InfraError } from '../../tools/errors.ts';

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
  const { PostgresSaver } = await import('@langchain/langgraph-checkpoint-postgres');
  const saver = PostgresSaver.fromConnString(url);
  try {
    await saver.setup();
  } catch (err) {
    await saver.end().catch(() => {});
    const reason = err instanceof Error ? err.message.replaceAll(url, redactUrl(url)) : String(err);
    throw new InfraError(`cannot open the PostgreSQL conversation store at ${redactUrl(url)}: ${reason}`, {
      retryable: true,
      hint: 'check that the server is running and the database exists',
    });
  }
  return { saver, location: redactUrl(url), close: () => saver.end() };
}
