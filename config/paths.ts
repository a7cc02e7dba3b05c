/**
 * Where EngiAI keeps its state. ENGIAI_HOME (default ~/.engiai) holds artifacts, datasets,
 * caches and the conversation store. This and config/load.ts are the only readers of process.env.
 */
import { homedir } from 'node:os';
import { join, resolve } from 'node:path';

export function engiaiHome(env: NodeJS.ProcessEnv = process.env): string {
  const fromEnv = env.ENGIAI_HOME;
  return fromEnv && fromEnv.trim() ? resolve(fromEnv) : join(homedir(), '.engiai');
}

export const artifactsDir = (home = engiaiHome()) => join(home, 'artifacts');
export const datasetsDir = (home = engiaiHome()) => join(home, 'datasets');
export const cacheDir = (home = engiaiHome()) => join(home, 'cache');
export const threadsDbPath = (home = engiaiHome()) => join(home, 'threads.sqlite');
