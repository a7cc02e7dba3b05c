/**
 * SLURM over a shell: the remote command lines (built from validated values, every value quoted)
 * and the parsers of what squeue, scontrol and sacct print. Pure; slurmExecutor.ts runs them.
 *
 * Submission is idempotent: the job is submitted with `--comment engiai:<key>`, and the command
 * first looks for that key — in the job folder's `job_id` file (written right after sbatch), then
 * among the user's jobs in squeue (all states, so recently finished ones count too; `%F` is the job
 * id, or the array's id for every task of a job array) that were submitted from this job folder — and only calls sbatch when neither knows it. A submit retried
 * after a dropped connection returns the same job id instead of running the job twice; the same
 * script submitted to another folder (a rerun with a fresh remoteDir) is a new job.
 */
import { InfraError } from '../errors.ts';
import { normaliseSlurmState, parseDuration, type JobInfo } from './jobState.ts';
import { assertMatches, commandLine, JOB_ID, PIPELINE_KEY, quote, SAFE_PATH, SLURM_NAME } from './shellQuote.ts';

export const commentOf = (key: string) => `engiai:${assertMatches('key', key, PIPELINE_KEY, '16 hex digits')}`;

/** cd to the job folder; reuse a known job id or submit job.sh once. Prints the job id. */
export function submitCommand(jobDir: string, key: string, partition?: string): string {
  assertMatches('jobDir', jobDir, SAFE_PATH, 'a plain path');
  const comment = commentOf(key);
  const sbatch = ['sbatch', '--parsable', `--comment=${comment}`, ...(partition ? [`--partition=${assertMatches('partition', partition, SLURM_NAME, 'a SLURM partition name')}`] : []), 'job.sh'];
  return [
    "trap '' HUP PIPE",
    `cd -- ${quote(jobDir)} || exit 3`,
    'if [ -s job_id ]; then echo "reused $(cat job_id)"; exit 0; fi',
    `found=$(squeue -h -t all -u "$(id -un)" -o '%F|%k|%Z' 2>/dev/null | awk -F'|' -v k=${quote(comment)} -v d="$(pwd -P)" '$2 == k && $3 == d { print $1; exit }')`,
    'if [ -n "$found" ]; then echo "$found" > job_id; echo "reused $found"; exit 0; fi',
    `${commandLine(...sbatch)} > job_id.tmp && mv job_id.tmp job_id && echo "submitted $(cat job_id)"`,
  ].join('\n');
}

/** One round trip: squeue, scontrol and sacct on the job, and the exit_code file its script writes. */
export function statusCommand(jobId: string, jobDir: string): string {
  const id = quote(assertMatches('job_id', jobId, JOB_ID, 'a SLURM job id'));
  assertMatches('jobDir', jobDir, SAFE_PATH, 'a plain path');
  return [
    `squeue -h -t all -j ${id} -o '%T|%M|%r' 2>/dev/null`,
    'echo @@',
    `scontrol show job -o ${id} 2>/dev/null`,
    'echo @@',
    `sacct -X -n -P -j ${id} -o State,ExitCode,Elapsed,Start,End 2>/dev/null`,
    'echo @@',
    `cat -- ${quote(`${jobDir}/exit_code`)} 2>/dev/null`,
    'true',
  ].join('; ');
}

export const cancelCommand = (jobId: string) => commandLine('scancel', assertMatches('job_id', jobId, JOB_ID, 'a SLURM job id'));

/** "submitted <id>" or "reused <id>" from submitCommand (sbatch --parsable prints "123" or "123;cluster"). */
export function parseSubmitOutput(out: string): { id: string; reused: boolean } {
  const m = /^(submitted|reused) (\d+)(?:;\S+)?$/m.exec(out.trim());
  if (!m) throw new InfraError(`sbatch did not print a job id: ${JSON.stringify(out.slice(0, 300))}`, { hint: 'check the partition and the job script on the cluster' });
  return { id: m[2], reused: m[1] === 'reused' };
}

/** `Key=Value Key=Value …` of `scontrol show job -o`. */
export function parseScontrol(line: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const m of line.matchAll(/(\w+)=(\S*)/g)) out[m[1]] = m[2];
  return out;
}

const time = (v?: string) => (v && v !== 'Unknown' && v !== 'None' && v !== 'N/A' ? v : undefined);

/** The job's state from the four sections of statusCommand's output, best source first. */
export function parseStatus(jobId: string, out: string): JobInfo | null {
  const [squeue = '', scontrol = '', sacct = '', exitFile = ''] = out.split(/^@@$/m).map((s) => s.trim());
  if (scontrol.includes('JobState=')) {
    const f = parseScontrol(scontrol);
    return {
      id: jobId,
      state: normaliseSlurmState(f.JobState),
      slurmState: f.JobState,
      exitCode: f.ExitCode,
      elapsedSeconds: parseDuration(f.RunTime ?? ''),
      reason: f.Reason && f.Reason !== 'None' ? f.Reason : undefined,
      startedAt: time(f.StartTime),
      endedAt: time(f.EndTime),
      source: 'scontrol',
    };
  }
  if (squeue) {
    const [state, elapsed, reason] = squeue.split('\n')[0].split('|');
    return { id: jobId, state: normaliseSlurmState(state), slurmState: state, elapsedSeconds: parseDuration(elapsed ?? ''), reason: reason && reason !== 'None' ? reason : undefined, source: 'squeue' };
  }
  if (sacct) {
    const [state, exitCode, elapsed, start, end] = sacct.split('\n')[0].split('|');
    return { id: jobId, state: normaliseSlurmState(state), slurmState: state, exitCode, elapsedSeconds: parseDuration(elapsed ?? ''), startedAt: time(start), endedAt: time(end), source: 'sacct' };
  }
  if (/^\d+$/.test(exitFile)) {
    const code = Number(exitFile);
    return { id: jobId, state: code === 0 ? 'COMPLETED' : 'FAILED', exitCode: `${code}:0`, source: 'exit_code file' };
  }
  return null;
}
