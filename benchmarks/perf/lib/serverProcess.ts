/**
 * The web server in its own process (over a given ENGIAI_HOME, port 0), so a benchmark or a test
 * can measure its memory apart from the client's: its URL once it listens, its current and peak
 * RSS from /proc, and a stop that ends it.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));

/** The server process: options as JSON in argv[2]; prints its URL on stdout once listening. */
const SERVER_SCRIPT = `
import { loadConfig } from './config/load.ts';
import { startWebServer } from './web/server/webServer.ts';
const config = loadConfig({ env: { ENGIAI_HOME: process.argv[1], ...JSON.parse(process.argv[3] || '{}') }, cwd: process.argv[1] });
const s = await startWebServer({ config, host: '127.0.0.1', port: 0, client: false, ...JSON.parse(process.argv[2] || '{}') });
process.stdout.write(s.url + '\\n');
process.on('SIGTERM', () => s.close().then(() => process.exit(0)));
`;

export interface ServerProcess {
  url: string;
  child: ChildProcess;
  /** Resident memory now, MB (null once the process is gone). */
  rssMb(): number | null;
  /** Peak resident memory so far, MB. */
  peakRssMb(): number | null;
  /** What the server wrote on stderr so far. */
  stderr(): string;
  stop(): Promise<void>;
}

function statusField(pid: number | undefined, field: 'VmRSS' | 'VmHWM'): number | null {
  try {
    const m = new RegExp(`${field}:\\s+(\\d+) kB`).exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Math.round((Number(m[1]) / 1024) * 10) / 10 : null;
  } catch {
    return null;
  }
}

/**
 * Starts the server over `home`. `options` go to startWebServer (JSON-serialisable ones:
 * maxTurns, uploadLimitBytes, …); `env` is the settings environment loadConfig reads.
 */
export function startServerProcess(home: string, opts: { options?: Record<string, unknown>; env?: Record<string, string>; log?: (l: string) => void } = {}): Promise<ServerProcess> {
  const args = ['--import', 'tsx', '--input-type=module', '-e', SERVER_SCRIPT, home, JSON.stringify(opts.options ?? {}), JSON.stringify(opts.env ?? {})];
  const child = spawn(process.execPath, args, { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
  let err = '';
  child.stderr!.on('data', (c) => (err += c));
  return new Promise((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => reject(new Error(`server did not start in 60 s: ${err.slice(-2000)}`)), 60_000);
    child.stdout!.on('data', (c) => {
      out += c;
      const m = /^(http:\/\/\S+)\n/m.exec(out);
      if (!m) return;
      clearTimeout(timer);
      opts.log?.(`server ${m[1]} (pid ${child.pid})`);
      resolve({
        url: m[1],
        child,
        rssMb: () => statusField(child.pid, 'VmRSS'),
        peakRssMb: () => statusField(child.pid, 'VmHWM'),
        stderr: () => err,
        stop: async () => {
          if (child.exitCode !== null) return;
          child.kill('SIGTERM');
          await new Promise((r) => setTimeout(r, 300));
          if (child.exitCode === null) child.kill('SIGKILL');
        },
      });
    });
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited (${code}): ${err.slice(-2000)}`));
    });
  });
}
