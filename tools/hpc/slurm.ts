/**
 * SLURM over a shell: the remote command lines (built from validated values, every value quoted)
 * and which of squeue, scontrol, sacct and the exit_code file speaks for a job (their line parsers:
 * slurmRecords.ts; whether the job is ours: jobIdentity.ts). Pure; slurmExecutor.ts runs them.
 *
 * Submission is idempotent: the job is submitted with `--comment engiai:<key>`, and the command
 * first looks for that key — in the job folder's `job_id` file (written right after sbatch), then
 * among the user's jobs in squeue (all states, so recently finished ones count too; `%F` is the job
 * id, or the array's id for every task of a job array) that were submitted from this job folder — and only calls sbatch when neither knows it. A submit retried
 * after a dropped connection returns the same job id instead of running the job twice; the same
 * script submitted to another folder (a rerun with a fresh remoteDir) is a new job.
 */
import { InfraError } from '../errors.ts';
import { notOurJob, parseClusterSide, type OurSubmission } from './jobIdentity.ts';
import type { JobInfo } from './jobState.ts';
import { assertMatches, commandLine, JOB_ID, PIPELINE_KEY, quote, SAFE_PATH, SLURM_NAME } from './shellQuote.ts';
import { recordsToInfo, SACCT_FIELDS, sacctRecords, scontrolRecords, SQUEUE_FORMAT, squeueRecords, type TaskRecord } from './slurmRecords.ts';

export { parseScontrol } from './slurmRecords.ts';

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

/**
 * One round trip: squeue (one line per array task), scontrol and sacct on the job, the exit_code
 * file its script writes, and who and where we are on the cluster (user, UTC offset, the job
 * folder's physical path) for jobIdentity.ts.
 */
export function statusCommand(jobId: string, jobDir: string): string {
  const id = quote(assertMatches('job_id', jobId, JOB_ID, 'a SLURM job id'));
  const dir = quote(assertMatches('jobDir', jobDir, SAFE_PATH, 'a plain path'));
  return [
    `squeue -h -t all -r -j ${id} -o '${SQUEUE_FORMAT}' 2>/dev/null`,
    'echo @@',
    `scontrol show job -o ${id} 2>/dev/null`,
    'echo @@',
    `sacct -X -n -P -j ${id} -o ${SACCT_FIELDS} 2>/dev/null`,
    'echo @@',
    `cat -- ${quote(`${jobDir}/exit_code`)} 2>/dev/null`,
    'echo @@',
    'id -un',
    'date +%z',
    `(cd -- ${dir} 2>/dev/null && pwd -P)`,
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

/**
 * The job's state from statusCommand's output: scontrol first, then squeue, then sacct (each read
 * for every line it printed, so an array counts all its tasks), then the exit_code file. A source
 * that answers with somebody else's job (jobIdentity.ts) is refused: the exit_code file in our job
 * folder still speaks for our job, else the state is UNKNOWN with `notOurs` saying why.
 */
export function parseStatus(jobId: string, out: string, ours: OurSubmission = {}): JobInfo | null {
  const [squeue = '', scontrol = '', sacct = '', exitFile = '', side = ''] = out.split(/^@@$/m).map((s) => s.trim());
  const cluster = parseClusterSide(side);
  const sources: Array<[string, TaskRecord[]]> = [
    ['scontrol', scontrolRecords(scontrol)],
    ['squeue', squeueRecords(squeue)],
    ['sacct', sacctRecords(sacct)],
  ];
  const first = sources.find(([, records]) => records.length);
  const why = first && notOurJob(first[1][0], cluster, ours);
  if (first && !why) return recordsToInfo(jobId, first[1], first[0]);
  const refused = first && why ? { source: first[0], why } : undefined;
  if (/^\d+$/.test(exitFile)) {
    const code = Number(exitFile);
    const note = refused ? { reason: `${refused.source} now answers for id ${jobId} with another job (${refused.why}); the job folder's exit_code is ours` } : {};
    return { id: jobId, state: code === 0 ? 'COMPLETED' : 'FAILED', exitCode: `${code}:0`, source: 'exit_code file', ...note };
  }
  if (refused) {
    return { id: jobId, state: 'UNKNOWN', source: refused.source, notOurs: refused.why, reason: `the cluster's ${refused.source} answers for id ${jobId} with a job that is not ours (${refused.why}), and our job folder holds no exit_code: our job is no longer known` };
  }
  return null;
}
