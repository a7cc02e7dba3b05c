/**
 * Opt-in cache of model responses (benchmarks.md §5.3), keyed by a hash of everything that
 * determines a reply: model spec, messages and sampling settings. A re-run with the cache on costs
 * nothing for calls already made. One JSON file per entry, written atomically.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { canonicalJson } from '../../tools/engineering/store/canonicalJson.ts';

export class ResponseCache {
  hits = 0;
  misses = 0;

  constructor(readonly dir: string) {}

  static key(parts: unknown): string {
    return createHash('sha256').update(canonicalJson(parts)).digest('hex');
  }

  private path(key: string): string {
    return join(this.dir, key.slice(0, 2), `${key}.json`);
  }

  get<T>(key: string): T | undefined {
    try {
      const value = JSON.parse(readFileSync(this.path(key), 'utf8')) as T;
      this.hits++;
      return value;
    } catch {
      this.misses++;
      return undefined;
    }
  }

  set(key: string, value: unknown): void {
    const path = this.path(key);
    mkdirSync(join(this.dir, key.slice(0, 2)), { recursive: true });
    const tmp = `${path}.${process.pid}.tmp`;
    writeFileSync(tmp, JSON.stringify(value));
    renameSync(tmp, path);
  }
}
