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
  /** When it really started / ended (in the past; as the scheduler prints it). Never a projection. */
  startedAt?: string;
  endedAt?: string;
  /** The scheduler's projections: a pending job's estimated start, a running job's end at its time limit. */
  expectedStartAt?: string;
  expectedEndAt?: string;
  /** A job array: how many of its tasks are in each SLURM state (COMPLETED: 9, FAILED: 1, …). */
  tasks?: Record<string, number>;
  /** A pending job that waits for something it will never get as submitted (a limit it is over): why, and what to change. */
  wontStart?: string;
  /** The cluster answered for this id, but with a job that is not the one we submitted (another user's, an id reused later). */
  notOurs?: string;
  /** Where the state came from: squeue, scontrol, sacct, exit_code file, local process. */
  source: string;
}

/** The first word of a SLURM state ("CANCELLED by 1001" → CANCELLED, "CANCELLED+" → CANCELLED). */
export const stateWord = (raw: string) => raw.trim().split(/[\s+]/)[0].toUpperCase();

/** A SLURM state word (e.g. "CANCELLED+", "CANCELLED by 1001", "COMPLETING") as one of ours. */
export function normaliseSlurmState(raw: string): JobState {
  const w = stateWord(raw);
  if (['PENDING', 'CONFIGURING', 'REQUEUED', 'REQUEUE_HOLD', 'REQUEUE_FED', 'RESV_DEL_HOLD', 'SUSPENDED', 'STOPPED', 'RESIZING', 'SIGNALING', 'STAGE_OUT'].includes(w)) {
    return w === 'SUSPENDED' || w === 'STOPPED' || w === 'SIGNALING' || w === 'STAGE_OUT' ? 'RUNNING' : 'PENDING';
  }
  if (w === 'RUNNING' || w === 'COMPLETING') return 'RUNNING';
  if (w === 'COMPLETED') return 'COMPLETED';
  if (w === 'CANCELLED') return 'CANCELLED';
  if (['FAILED', 'TIMEOUT', 'OUT_OF_MEMORY', 'NODE_FAIL', 'BOOT_FAIL', 'DEADLINE', 'PREEMPTED', 'SPECIAL_EXIT', 'REVOKED'].includes(w)) return 'FAILED';
  return 'UNKNOWN';
}

/**
 * Why a job ended, from its state word and "code:signal" exit code, in words a person can act on
 * (sacct has no end reason of its own: its Reason column is the last reason the job waited for).
 */
export function endReason(raw: string, exitCode?: string): string | undefined {
  const w = stateWord(raw);
  const [code = 0, signal = 0] = (exitCode ?? '').split(':').map((x) => Number(x) || 0);
  const exit = signal ? `killed by signal ${signal}` : code ? `exit code ${code}` : undefined;
  switch (w) {
    case 'COMPLETED':
      return undefined;
    case 'FAILED':
      return exit ?? 'failed';
    case 'CANCELLED': {
      const by = /by (\d+)/.exec(raw)?.[1];
      return by ? `cancelled by uid ${by}` : 'cancelled';
    }
    case 'TIMEOUT':
      return 'reached its time limit (ask for more with time_limit)';
    case 'OUT_OF_MEMORY':
      return 'ran out of memory (killed at its memory limit)';
    case 'NODE_FAIL':
      return 'a node it ran on failed';
    case 'PREEMPTED':
      return 'preempted by a higher-priority job';
    case 'BOOT_FAIL':
      return 'its node failed to boot';
    case 'DEADLINE':
      return 'reached its deadline before it could run to the end';
    default:
      return undefined;
  }
}

/**
 * Pending reasons that do not pass by waiting: sbatch accepted the job, but it asks for more than
 * the partition, QOS or account allows (clusters without EnforcePartLimits queue such jobs instead
 * of refusing them), or names something that does not exist. Reason codes from `man squeue` (JOB
 * REASON CODES); PartitionConfig observed on the loopback cluster for `-c 64` on a 2-CPU node.
 */
const WONT_START: Record<string, string> = {
  PartitionConfig: 'it asks for more CPUs, memory or nodes than the partition has (cpus, or another partition)',
  PartitionTimeLimit: "its time limit is over the partition's (time_limit)",
  PartitionNodeLimit: "it asks for more nodes than the partition's limit",
  BadConstraints: 'no node can satisfy its constraints (cpus, memory, GPUs)',
  QOSMaxWallDurationPerJobLimit: "its time limit is over the QOS's (time_limit)",
  AssocMaxWallDurationPerJobLimit: "its time limit is over the account's (time_limit)",
  InvalidAccount: 'its account is not valid (account)',
  InvalidQOS: 'its QOS is not valid (qos)',
};

/** Why a job pending for `reason` will not start as submitted, or undefined when waiting helps. */
export function wontStart(reason: string | undefined): string | undefined {
  const why = reason ? WONT_START[reason] : undefined;
  return why && `pending for ${reason}: ${why}; it will not start as submitted`;
}

/** SLURM durations: [D-]HH:MM:SS, MM:SS, or MM. */
export function parseDuration(text: string): number | undefined {
  const m = /^(?:(\d+)-)?(?:(\d+):)?(\d+):(\d+)$/.exec(text.trim());
  if (m) return (Number(m[1] ?? 0) * 24 + Number(m[2] ?? 0)) * 3600 + Number(m[3]) * 60 + Number(m[4]);
  return /^\d+$/.test(text.trim()) ? Number(text) * 60 : undefined;
}
