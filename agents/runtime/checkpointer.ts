/**
 * Where conversations persist. One checkpointer at the top of the graph (agent-stack.md §1.6):
 * SQLite at config/paths.ts threadsDbPath() by default, memory for tests. Postgres is the seam for
 * a multi-process server: install @langchain/langgraph-checkpoint-postgres and add a branch here
 * (`PostgresSaver.fromConnString(url)` then `await saver.setup()`).
 */
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { MemorySaver, type BaseCheckpointSaver } from '@langchain/langgraph';
import { threadsDbPath } from '../../config/paths.ts';
import { ConfigError } from '../../tools/errors.ts';

export type CheckpointerSpec = { kind: 'sqlite'; path?: string } | { kind: 'memory' } | { kind: 'postgres'; url: string };

export interface OpenCheckpointer {
  saver: BaseCheckpointSaver;
  /** Where it stores threads (a file path, ':memory:' or the URL without credentials). */
  location: string;
  close(): Promise<void>;
}

export async function openCheckpointer(spec: CheckpointerSpec = { kind: 'sqlite' }): Promise<OpenCheckpointer> {
  if (spec.kind === 'memory') return { saver: new MemorySaver(), location: 'memory', close: async () => {} };
  if (spec.kind === 'postgres') {
    throw new ConfigError('the Postgres checkpointer is not installed in this build', {
      hint: 'use the default SQLite store, or add @langchain/langgraph-checkpoint-postgres and wire it in agents/runtime/checkpointer.ts',
    });
  }
  const path = spec.path ?? threadsDbPath();
  mkdirSync(dirname(path), { recursive: true });
  const { SqliteSaver } = await import('@langchain/langgraph-checkpoint-sqlite');
  const saver = SqliteSaver.fromConnString(path);
  // WAL + synchronous=NORMAL: every committed checkpoint survives a killed process (the WAL is
  // written before each commit returns); only an OS crash or power cut can drop the last commits.
  // It saves an fsync per superstep (the library only sets WAL, with the default FULL sync).
  saver.db.pragma('journal_mode = WAL');
  saver.db.pragma('synchronous = NORMAL');
  return {
    saver,
    location: path,
    close: async () => {
      saver.db.close();
    },
  };
}
