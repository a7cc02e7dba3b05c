/** Which conversation store a command uses: PostgreSQL when `threads.url` is set, else SQLite in the home. */
import type { EngiConfig } from '../../config/schema.ts';
import { threadsDbPath } from '../../config/paths.ts';
import type { CheckpointerSpec } from './checkpointer.ts';

export function threadStoreSpec(config: Pick<EngiConfig, 'threads'>, home?: string): CheckpointerSpec {
  if (config.threads?.url) return { kind: 'postgres', url: config.threads.url };
  return { kind: 'sqlite', path: home ? threadsDbPath(home) : undefined };
}
