/**
 * A run directory's identity: the configuration hash that every trace header carries, and
 * run.json, written once. Resuming into a directory whose run.json has another hash is refused,
 * so results of a changed configuration are never mixed with old ones.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { canonicalJson } from '../../tools/engineering/store/canonicalJson.ts';
import { InputError } from '../../tools/errors.ts';

export const MANIFEST_FILE = 'run.json';

/** sha256 of the canonical JSON (sorted keys), first 16 hex digits. */
export function configHash(config: unknown): string {
  return createHash('sha256').update(canonicalJson(config)).digest('hex').slice(0, 16);
}

export interface RunManifest {
  suite: string;
  suiteVersion: number;
  configHash: string;
  config: unknown;
  createdAt: string;
  gitSha: string;
  gitDirty: boolean;
}

export function readManifest(dir: string): RunManifest | undefined {
  const path = join(dir, MANIFEST_FILE);
  if (!existsSync(path)) return undefined;
  return JSON.parse(readFileSync(path, 'utf8')) as RunManifest;
}

/** Creates the directory and run.json, or checks that an existing one has the same configuration. */
export function openRunDir(dir: string, manifest: RunManifest): void {
  mkdirSync(dir, { recursive: true });
  const existing = readManifest(dir);
  if (existing) {
    if (existing.suite !== manifest.suite || existing.configHash !== manifest.configHash) {
      throw new InputError(
        `${dir} holds a ${existing.suite} run with configuration ${existing.configHash}; this run's configuration is ${manifest.configHash}. Results of different configurations are not mixed.`,
        { field: 'out', hint: 'pass another --out directory (or delete the old one)' },
      );
    }
    return;
  }
  writeFileSync(join(dir, MANIFEST_FILE), JSON.stringify(manifest, null, 2) + '\n');
}
