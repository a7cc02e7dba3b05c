/** Settings tests' shared pieces: a working folder with (or without) config/engiai.yaml, and the ConfigError a call throws. */
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'vitest';
import { ConfigError } from '../../tools/errors.ts';

/** A fresh folder to load settings from; with `yaml`, it holds config/engiai.yaml with that text. */
export function configWorkspace(yaml?: string): string {
  const cwd = mkdtempSync(join(tmpdir(), 'engiai-config-'));
  if (yaml !== undefined) {
    mkdirSync(join(cwd, 'config'));
    writeFileSync(join(cwd, 'config', 'engiai.yaml'), yaml);
  }
  return cwd;
}

/** The ConfigError `fn` throws (the test fails if it throws something else or nothing). */
export function configErrorOf(fn: () => unknown): ConfigError {
  try {
    fn();
  } catch (err) {
    expect(err).toBeInstanceOf(ConfigError);
    return err as ConfigError;
  }
  throw new Error('expected a ConfigError');
}
