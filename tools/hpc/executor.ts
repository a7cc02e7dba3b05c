/**
 * Where jobs run. Two executors share this interface and the same job folder layout (job.sh,
 * job.out with stdout and stderr, exit_code, model/): `slurm` (sbatch over SSH, slurmExecutor.ts)
 * and `local` (the same script as a local process, localExecutor.ts), so tools and the pipeline
 * record never ask which one they talk to.
 */
import type { OurSubmission } from './jobIdentity.ts';
import type { JobInfo } from './jobState.ts';

export type ExecutorKind = 'slurm' | 'local';

export interface SubmitRequest {
  /** The pipeline key (16 hex digits): the job's folder name and its idempotency key. */
  key: string;
  script: string;
  partition?: string;
}

export interface Submitted {
  jobId: string;
  /** The key was already known: the earlier job is returned and nothing new runs. */
  reused: boolean;
  jobDir: string;
}

export interface Executor {
  readonly kind: ExecutorKind;
  readonly cluster: string;
  /** The job folder of a pipeline on the executor (relative paths are under the remote home). */
  jobDir(key: string): string;
  submit(req: SubmitRequest): Promise<Submitted>;
  /** `ours` (the pipeline key, when the submission was recorded) lets the executor refuse a job that only shares the id. */
  status(jobId: string, jobDir: string, ours?: OurSubmission): Promise<JobInfo>;
  cancel(jobId: string, jobDir: string): Promise<void>;
  /** The last maxBytes of job.out (null when there is none yet). */
  readLog(jobDir: string, maxBytes: number): Promise<string | null>;
  /** Copies `<jobDir>/<sub>` (a file or folder) to `localPath`; returns the local files. */
  fetch(jobDir: string, sub: string, localPath: string, maxBytes: number): Promise<string[]>;
  close(): void;
}

/** The last n lines of a text. */
export function lastLines(text: string | null, n: number): string[] {
  if (!text) return [];
  const lines = text.replace(/\r/g, '').split('\n');
  if (lines.at(-1) === '') lines.pop();
  return lines.slice(-n);
}
