/**
 * SLURM job arrays as dataset shards (pure, like slurm.ts): one remote command that reports every
 * array task squeue still knows and every shard folder's `exit_code` and row count, its parser, and
 * the rule that turns both into one state per shard.
 *
 * A shard folder's `exit_code` holds "<code> <array job id>", written by the task's EXIT trap, so a
 * file left by an earlier attempt never speaks for a resubmitted one. squeue (all states, `-r`: one
 * line per task) covers tasks that are pending, running, or ended without running their trap.
 */
import { normaliseSlurmState, type JobState } from './jobState.ts';
import { assertMatches, JOB_ID, quote, SAFE_PATH } from './shellQuote.ts';

/** Shard folders are `<baseDir>/shards/<i>`. */
export const SHARDS_DIR = 'shards';

export function arrayStatusCommand(baseDir: string, jobIds: readonly string[]): string {
  assertMatches('baseDir', baseDir, SAFE_PATH, 'a plain path');
  const ids = jobIds.map((id) => quote(assertMatches('job_id', id, JOB_ID, 'a SLURM job id')));
  return [
    ...(ids.length ? [`for j in ${ids.join(' ')}; do squeue -h -t all -r -j "$j" -o '%F|%K|%T|%r' 2>/dev/null; done`] : []),
    'echo @@',
    `cd -- ${quote(`${baseDir}/${SHARDS_DIR}`)} 2>/dev/null && for d in [0-9]*; do [ -d "$d" ] && printf '%s|%s|%s\\n' "$d" "$(head -c 64 -- "$d/exit_code" 2>/dev/null | tr -d '\\n')" "$(cat -- "$d/rows.jsonl" 2>/dev/null | wc -l)"; done`,
    'true',
  ].join('\n');
}

export interface ArrayTask {
  state: JobState;
  slurmState: string;
  reason?: string;
}

export interface ShardFolder {
  /** From `exit_code`: the task's exit status and the array job that wrote it. */
  exit?: { code: number; jobId: string };
  /** Complete lines in the shard's rows.jsonl. */
  rows: number;
}

export interface ArrayStatus {
  /** By "<array job id>_<task id>". */
  tasks: Map<string, ArrayTask>;
  shards: Map<number, ShardFolder>;
}

export function parseArrayStatus(out: string): ArrayStatus {
  const [queue = '', folders = ''] = out.split(/^@@$/m);
  const tasks = new Map<string, ArrayTask>();
  for (const line of queue.split('\n')) {
    const [job, task, state, reason] = line.trim().split('|');
    if (!/^\d+$/.test(job ?? '') || !/^\d+$/.test(task ?? '') || !state) continue;
    tasks.set(`${job}_${task}`, { state: normaliseSlurmState(state), slurmState: state, reason: reason && reason !== 'None' ? reason : undefined });
  }
  const shards = new Map<number, ShardFolder>();
  for (const line of folders.split('\n')) {
    const [dir, exit = '', rows = ''] = line.trim().split('|');
    if (!/^\d+$/.test(dir ?? '')) continue;
    const m = /^(\d{1,3}) (\d+)$/.exec(exit.trim());
    shards.set(Number(dir), { ...(m ? { exit: { code: Number(m[1]), jobId: m[2] } } : {}), rows: Number(rows.trim()) || 0 });
  }
  return { tasks, shards };
}

export type ShardState = JobState | 'NOT_SUBMITTED';

export interface ShardVerdict {
  state: ShardState;
  /** The task's exit status (from its exit_code file). */
  exitCode?: number;
  /** SLURM's own word or why the state is what it is. */
  detail?: string;
}

/**
 * The state of shard `index` whose latest submission is array job `jobId` (undefined: never submitted):
 * its exit_code from that job first, then squeue's view of the task, else UNKNOWN (SLURM forgot the task
 * and it left no exit status: killed before its trap ran, or purged while pending).
 */
export function shardState(index: number, jobId: string | undefined, status: ArrayStatus): ShardVerdict {
  if (!jobId) return { state: 'NOT_SUBMITTED' };
  const exit = status.shards.get(index)?.exit;
  if (exit && exit.jobId === jobId) return { state: exit.code === 0 ? 'COMPLETED' : 'FAILED', exitCode: exit.code };
  const task = status.tasks.get(`${jobId}_${index}`);
  if (task) {
    return { state: task.state, detail: task.reason ? `${task.slurmState} (${task.reason})` : task.slurmState };
  }
  return { state: 'UNKNOWN', detail: `SLURM no longer knows task ${jobId}_${index} and it left no exit status` };
}
