/**
 * Job states as EngiAI reports them, the same for every executor: PENDING → RUNNING →
 * COMPLETED | FAILED | CANCELLED (SLURM's TIMEOUT, OUT_OF_MEMORY, NODE_FAIL, … map to FAILED with
 * the original kept as `slurmState`), or UNKNOWN when no source knows the job any more.
 */
export type JobState = 'PENDING' | 'RUNNING' | 'COMPLETED' | 'FAILED' | 'CANCELLED' | 'UNKNOWN';

export const TERMINAL: readonly JobState[] = ['COMPLETED', 'FAILED', 'CANCELLED'];
export const isTerminal = (s: JobState) => TERMINAL.includes(s);

export interface JobInfo {
  id: string;
  state: JobState;
  /** The scheduler's own word (TIMEOUT, OUT_OF_MEMORY, CANCELLED+, COMPLETING, …). */
  slurmState?: string;
  /** "code:signal" as SLURM prints it, or the process's exit code. */
  exitCode?: string;
  elapsedSeconds?: number;
  /** Why it is pending (Resources, Priority, …) or why it ended. */
  reason?: string;
  startedAt?: string;
  endedAt?: string;
  /** Where the state came from: squeue, scontrol, sacct, exit_code file, local process. */
  source: string;
}

/** A SLURM state word (e.g. "CANCELLED+", "CANCELLED by 1001", "COMPLETING") as one of ours. */
export function normaliseSlurmState(raw: string): JobState {
  const w = raw.trim().split(/[\s+]/)[0].toUpperCase();
  if (['PENDING', 'CONFIGURING', 'REQUEUED', 'REQUEUE_HOLD', 'REQUEUE_FED', 'RESV_DEL_HOLD', 'SUSPENDED', 'STOPPED', 'RESIZING', 'SIGNALING', 'STAGE_OUT'].includes(w)) {
    return w === 'SUSPENDED' || w === 'STOPPED' || w === 'SIGNALING' || w === 'STAGE_OUT' ? 'RUNNING' : 'PENDING';
  }
  if (w === 'RUNNING' || w === 'COMPLETING') return 'RUNNING';
  if (w === 'COMPLETED') return 'COMPLETED';
  if (w === 'CANCELLED') return 'CANCELLED';
  if (['FAILED', 'TIMEOUT', 'OUT_OF_MEMORY', 'NODE_FAIL', 'BOOT_FAIL', 'DEADLINE', 'PREEMPTED', 'SPECIAL_EXIT', 'REVOKED'].includes(w)) return 'FAILED';
  return 'UNKNOWN';
}

/** SLURM durations: [D-]HH:MM:SS, MM:SS, or MM. */
export function parseDuration(text: string): number | undefined {
  const m = /^(?:(\d+)-)?(?:(\d+):)?(\d+):(\d+)$/.exec(text.trim());
  if (m) return (Number(m[1] ?? 0) * 24 + Number(m[2] ?? 0)) * 3600 + Number(m[3]) * 60 + Number(m[4]);
  return /^\d+$/.test(text.trim()) ? Number(text) * 60 : undefined;
}
