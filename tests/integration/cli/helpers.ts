/** Runs the real `engiai` command in a child process with its own ENGIAI_HOME. */
import { spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const ROOT = join(import.meta.dirname, '..', '..', '..');
export const BIN = join(ROOT, 'cli', 'bin.js');

export interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
}

export function tempHome(prefix = 'engiai-cli-'): string {
  return mkdtempSync(join(tmpdir(), prefix));
}

export function engiai(home: string, args: string[], opts: { timeoutMs?: number; cwd?: string } = {}): CliResult {
  const r = spawnSync(process.execPath, [BIN, ...args], {
    cwd: opts.cwd ?? ROOT,
    env: { ...process.env, ENGIAI_HOME: home, NO_COLOR: '1' },
    encoding: 'utf8',
    timeout: opts.timeoutMs ?? 120_000,
  });
  return { code: r.status ?? -1, stdout: r.stdout, stderr: r.stderr };
}

/** Debian's python with NumPy (the pyenv python3 on PATH may lack it). */
export function numpy(script: string): string {
  const r = spawnSync('/usr/bin/python3', ['-c', script], { encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`python failed: ${r.stderr}`);
  return r.stdout.trim();
}
