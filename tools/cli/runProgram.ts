/**
 * Runs a checked program: argv only (no shell), in the working folder, with a fixed small
 * environment (nothing of ours leaks in: no LD_PRELOAD, no keys), its own process group (a timeout
 * kills the program and whatever it started), a cap on the output kept, and a time limit. A window
 * application is watched for `guiStartMs` for an early failure and then left running on its own.
 */
import { spawn } from 'node:child_process';

export interface RunLimits {
  cwd: string;
  timeoutMs: number;
  maxOutputBytes: number;
  gui: boolean;
  guiStartMs: number;
  display?: string;
}

export interface RunResult {
  exitCode: number | null;
  signal: string | null;
  stdout: string;
  stderr: string;
  truncated: boolean;
  timedOut: boolean;
  durationMs: number;
  /** A window application still running on its own after the start window. */
  window?: { pid: number };
}

class Capped {
  private chunks: Buffer[] = [];
  private kept = 0;
  truncated = false;
  constructor(private readonly max: number) {}
  add(b: Buffer) {
    const room = this.max - this.kept;
    if (room <= 0) return void (this.truncated = true);
    if (b.length > room) this.truncated = true;
    const part = b.subarray(0, room);
    this.chunks.push(part);
    this.kept += part.length;
  }
  text() {
    return Buffer.concat(this.chunks).toString('utf8');
  }
}

export function runProgram(path: string, argv: readonly string[], l: RunLimits): Promise<RunResult> {
  const t0 = performance.now();
  const env: Record<string, string> = { PATH: '/usr/bin:/bin', HOME: l.cwd, LANG: 'C.UTF-8', ...(l.gui && l.display ? { DISPLAY: l.display } : {}) };
  return new Promise((resolve, reject) => {
    const child = spawn(path, [...argv], { cwd: l.cwd, env, shell: false, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
    const out = new Capped(l.maxOutputBytes);
    const err = new Capped(l.maxOutputBytes);
    child.stdout.on('data', (b: Buffer) => out.add(b));
    child.stderr.on('data', (b: Buffer) => err.add(b));
    let timedOut = false;
    let settled = false;
    const killGroup = () => {
      try {
        if (child.pid) process.kill(-child.pid, 'SIGKILL');
      } catch {
        child.kill('SIGKILL');
      }
    };
    const finish = (r: Omit<RunResult, 'stdout' | 'stderr' | 'truncated' | 'durationMs'>) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      clearTimeout(guiTimer);
      resolve({ ...r, stdout: out.text(), stderr: err.text(), truncated: out.truncated || err.truncated, durationMs: Math.round(performance.now() - t0) });
    };
    const timer = setTimeout(() => {
      timedOut = true;
      killGroup();
    }, l.timeoutMs);
    const guiTimer = l.gui
      ? setTimeout(() => {
          // still running after the start window: a window that opened; leave it to the person
          clearTimeout(timer);
          child.unref();
          child.stdout.destroy();
          child.stderr.destroy();
          finish({ exitCode: null, signal: null, timedOut: false, window: { pid: child.pid! } });
        }, l.guiStartMs)
      : undefined;
    child.once('error', (e) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      clearTimeout(guiTimer);
      reject(e);
    });
    child.once('close', (code, signal) => finish({ exitCode: code, signal: signal, timedOut }));
  });
}
