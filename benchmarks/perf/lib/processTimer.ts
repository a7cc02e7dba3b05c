/**
 * Runs one command as a child process and times it from spawn to exit (wall clock, so the
 * interpreter's start-up is included). The command must print one JSON object as its last
 * stdout line; that object comes back parsed.
 */
import { spawn } from 'node:child_process';
import { performance } from 'node:perf_hooks';

export interface Command {
  /** Short name used in the output keys, e.g. "ours", "scipy". */
  label: string;
  command: string;
  args: string[];
  cwd?: string;
  env?: NodeJS.ProcessEnv;
}

export interface ProcessRun {
  label: string;
  /** Wall-clock seconds from spawn to exit. */
  wallS: number;
  /** The JSON object on the command's last stdout line. */
  result: Record<string, unknown>;
}

export class BenchProcessError extends Error {}

function lastJsonLine(stdout: string): Record<string, unknown> | undefined {
  const lines = stdout.split('\n').map((l) => l.trim()).filter(Boolean);
  for (let i = lines.length - 1; i >= 0; i--) {
    if (!lines[i].startsWith('{')) continue;
    try {
      return JSON.parse(lines[i]) as Record<string, unknown>;
    } catch {
      return undefined;
    }
  }
  return undefined;
}

export function timeProcess(cmd: Command): Promise<ProcessRun> {
  return new Promise((resolve, reject) => {
    const t0 = performance.now();
    const child = spawn(cmd.command, cmd.args, { cwd: cmd.cwd, env: cmd.env ?? process.env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (d: string) => (stdout += d));
    child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
    child.on('error', (err) => reject(new BenchProcessError(`${cmd.label}: cannot start ${cmd.command}: ${err.message}`)));
    child.on('close', (code, signal) => {
      const wallS = (performance.now() - t0) / 1000;
      if (code !== 0) {
        const tail = stderr.trim().split('\n').slice(-5).join('\n');
        reject(new BenchProcessError(`${cmd.label}: ${cmd.command} ${cmd.args.join(' ')} exited with ${code ?? signal}\n${tail}`));
        return;
      }
      const result = lastJsonLine(stdout);
      if (!result) {
        reject(new BenchProcessError(`${cmd.label}: no JSON line on stdout of ${cmd.command} ${cmd.args.join(' ')}`));
        return;
      }
      resolve({ label: cmd.label, wallS, result });
    });
  });
}
