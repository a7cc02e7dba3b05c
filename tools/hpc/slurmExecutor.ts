/** The `slurm` executor: job folders under the cluster's remote work folder, sbatch/squeue/scontrol/sacct/scancel over SSH. */
import { posix } from 'node:path';
import { InfraError } from '../errors.ts';
import type { Executor, SubmitRequest, Submitted } from './executor.ts';
import type { OurSubmission } from './jobIdentity.ts';
import type { JobInfo } from './jobState.ts';
import { sbatchError } from './sbatchErrors.ts';
import { assertMatches, PIPELINE_KEY, SAFE_PATH } from './shellQuote.ts';
import { cancelCommand, parseStatus, parseSubmitOutput, statusCommand, submitCommand } from './slurm.ts';
import type { SshClient } from './sshClient.ts';

export class SlurmExecutor implements Executor {
  readonly kind = 'slurm' as const;

  constructor(
    readonly cluster: string,
    readonly ssh: SshClient,
    private readonly remoteDir: string,
  ) {
    assertMatches('remoteDir', remoteDir, SAFE_PATH, 'a plain path (letters, digits, _ . / -)');
  }

  jobDir(key: string): string {
    return posix.join(this.remoteDir, assertMatches('key', key, PIPELINE_KEY, '16 hex digits'));
  }

  submit(req: SubmitRequest): Promise<Submitted> {
    return this.submitIn(this.jobDir(req.key), req);
  }

  /** Submits `req.script` from `jobDir` (any plain path; a dataset array uses one folder per attempt), idempotently by `req.key`. */
  async submitIn(jobDir: string, req: SubmitRequest): Promise<Submitted> {
    assertMatches('jobDir', jobDir, SAFE_PATH, 'a plain path (letters, digits, _ . / -)');
    await this.ssh.mkdirp(jobDir);
    await this.ssh.writeFile(`${jobDir}/job.sh`, req.script, 0o755);
    const r = await this.ssh.exec(submitCommand(jobDir, req.key, req.partition));
    if (r.code !== 0) throw sbatchError(this.cluster, r.code, r.stderr || r.stdout, req.script);
    const { id, reused } = parseSubmitOutput(r.stdout);
    return { jobId: id, reused, jobDir };
  }

  async status(jobId: string, jobDir: string, ours?: OurSubmission): Promise<JobInfo> {
    const r = await this.ssh.exec(statusCommand(jobId, jobDir));
    return (
      parseStatus(jobId, r.stdout, ours) ?? {
        id: jobId,
        state: 'UNKNOWN',
        source: 'none',
        reason: 'neither squeue, scontrol nor sacct knows the job any more, and it left no exit_code file',
      }
    );
  }

  async cancel(jobId: string): Promise<void> {
    const r = await this.ssh.exec(cancelCommand(jobId));
    if (r.code !== 0) throw new InfraError(`scancel ${jobId} failed on ${this.cluster}: ${(r.stderr || r.stdout).trim().slice(0, 300)}`);
  }

  readLog(jobDir: string, maxBytes: number): Promise<string | null> {
    return this.ssh.readTail(`${jobDir}/job.out`, maxBytes);
  }

  async fetch(jobDir: string, sub: string, localPath: string, maxBytes: number): Promise<string[]> {
    return this.ssh.download(`${jobDir}/${sub}`, localPath, maxBytes);
  }

  close(): void {
    this.ssh.close();
  }
}
