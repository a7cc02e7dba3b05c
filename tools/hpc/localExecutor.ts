/**
 * The `local` executor (the embedded default, for a machine with no cluster): runs the same job
 * script as a detached local process in the job folder, with SLURM's states and files —
 * PENDING (recorded) → RUNNING (process alive) → COMPLETED / FAILED (its exit status) / CANCELLED
 * (cancel_job), stdout and stderr in job.out. The process outlives the server that started it; a
 * restarted server reads the state back from the folder (state.json, pid, exit_status).
 */
import { spawn } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readFileSync, renameSync, statSync, writeFileSync, openSync, closeSync, readSync, fstatSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { InfraError, NotFoundError } from '../errors.ts';
import type { Executor, SubmitRequest, Submitted } from './executor.ts';
import type { JobInfo } from './jobState.ts';
import { assertMatches, PIPELINE_KEY } from './shellQuote.ts';

interface LocalState {
  id: string;
  key: string;
  submittedAt: string;
  startedAt?: string;
  pid?: number;
}

/** The wrapper: runs job.sh with its output in job.out and records its exit status whatever happens to the caller. */
const WRAPPER = 'bash ./job.sh >> job.out 2>&1; echo $? > exit_status.tmp && mv exit_status.tmp exit_status';
const KILL_WAIT_MS = 5_000;

function writeJson(path: string, value: unknown): void {
  writeFileSync(`${path}.tmp`, JSON.stringify(value, null, 2));
  renameSync(`${path}.tmp`, path);
}

const iso = (ms: number) => new Date(ms).toISOString();

export class LocalExecutor implements Executor {
  readonly kind = 'local' as const;

  constructor(
    readonly cluster: string,
    private readonly root: string,
  ) {}

  jobDir(key: string): string {
    return join(this.root, assertMatches('key', key, PIPELINE_KEY, '16 hex digits'));
  }

  private readState(dir: string): LocalState | null {
    const p = join(dir, 'state.json');
    return existsSync(p) ? (JSON.parse(readFileSync(p, 'utf8')) as LocalState) : null;
  }

  /** Whether pid is our job's wrapper (its command line carries the job's tag), not a recycled pid. */
  private alive(pid: number | undefined, key: string): boolean {
    if (!pid) return false;
    try {
      process.kill(pid, 0);
    } catch {
      return false;
    }
    try {
      return readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes(`engiai-job-${key}`);
    } catch {
      return true;
    }
  }

  async submit(req: SubmitRequest): Promise<Submitted> {
    const dir = this.jobDir(req.key);
    const known = this.readState(dir);
    if (known) return { jobId: known.id, reused: true, jobDir: dir };
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, 'job.sh'), req.script, { mode: 0o755 });
    const state: LocalState = { id: `local-${req.key}`, key: req.key, submittedAt: iso(Date.now()) };
    writeJson(join(dir, 'state.json'), state);
    const child = spawn('bash', ['-c', WRAPPER, `engiai-job-${req.key}`], {
      cwd: dir,
      detached: true,
      stdio: 'ignore',
      env: { ...process.env, SLURM_JOB_ID: state.id, SLURM_JOB_NAME: `engiai-${req.key}`, SLURM_SUBMIT_DIR: dir, ENGIAI_JOB_KEY: req.key },
    });
    const spawned = await new Promise<number>((resolve, reject) => {
      child.once('spawn', () => resolve(child.pid!));
      child.once('error', (err) => reject(new InfraError(`cannot start the job process: ${err.message}`, { cause: err })));
    });
    child.unref();
    writeJson(join(dir, 'state.json'), { ...state, pid: spawned, startedAt: iso(Date.now()) });
    return { jobId: state.id, reused: false, jobDir: dir };
  }

  async status(jobId: string, dir: string): Promise<JobInfo> {
    const s = this.readState(dir);
    if (!s || s.id !== jobId) throw new NotFoundError(`no local job ${jobId} in ${dir}`);
    const started = s.startedAt ? Date.parse(s.startedAt) : undefined;
    const base = { id: jobId, source: 'local process', startedAt: s.startedAt };
    const cancelled = join(dir, 'cancelled');
    const exitFile = join(dir, 'exit_status');
    const ended = (file: string) => statSync(file).mtimeMs;
    if (existsSync(cancelled)) {
      const end = ended(cancelled);
      return { ...base, state: 'CANCELLED', slurmState: 'CANCELLED', endedAt: iso(end), elapsedSeconds: started ? Math.round((end - started) / 1000) : undefined };
    }
    if (existsSync(exitFile)) {
      const code = Number(readFileSync(exitFile, 'utf8').trim());
      const end = ended(exitFile);
      return { ...base, state: code === 0 ? 'COMPLETED' : 'FAILED', slurmState: code === 0 ? 'COMPLETED' : 'FAILED', exitCode: `${code}:0`, endedAt: iso(end), elapsedSeconds: started ? Math.round((end - started) / 1000) : undefined };
    }
    if (!s.pid) return { ...base, state: 'PENDING', slurmState: 'PENDING', reason: 'starting' };
    if (this.alive(s.pid, s.key)) return { ...base, state: 'RUNNING', slurmState: 'RUNNING', elapsedSeconds: started ? Math.round((Date.now() - started) / 1000) : undefined };
    return { ...base, state: 'FAILED', slurmState: 'NODE_FAIL', reason: 'the job process ended without an exit status (killed, or the machine restarted)' };
  }

  async cancel(jobId: string, dir: string): Promise<void> {
    const s = this.readState(dir);
    if (!s || s.id !== jobId) throw new NotFoundError(`no local job ${jobId} in ${dir}`);
    if (existsSync(join(dir, 'exit_status'))) return;
    writeFileSync(join(dir, 'cancelled'), iso(Date.now()));
    if (!this.alive(s.pid, s.key)) return;
    const group = -s.pid!;
    try {
      process.kill(group, 'SIGTERM');
    } catch {
      return;
    }
    setTimeout(() => {
      try {
        if (this.alive(s.pid, s.key)) process.kill(group, 'SIGKILL');
      } catch {
        // already gone
      }
    }, KILL_WAIT_MS).unref();
  }

  async readLog(dir: string, maxBytes: number): Promise<string | null> {
    const p = join(dir, 'job.out');
    if (!existsSync(p)) return null;
    const fd = openSync(p, 'r');
    try {
      const size = fstatSync(fd).size;
      const len = Math.min(size, maxBytes);
      const buf = Buffer.alloc(len);
      readSync(fd, buf, 0, len, size - len);
      return buf.toString('utf8');
    } finally {
      closeSync(fd);
    }
  }

  async fetch(dir: string, sub: string, localPath: string): Promise<string[]> {
    const src = join(dir, sub);
    if (!existsSync(src)) throw new NotFoundError(`${src} does not exist`);
    mkdirSync(dirname(localPath), { recursive: true });
    cpSync(src, localPath, { recursive: true });
    const files: string[] = [];
    const walk = (p: string) => {
      if (statSync(p).isDirectory()) {
        for (const name of readdirSync(p).sort()) walk(join(p, name));
      } else files.push(p);
    };
    walk(localPath);
    return files;
  }

  close(): void {}
}



