/**
 * Is the job the cluster answers for an id the one we submitted? SLURM reuses ids (a controller
 * whose state was reset starts again at 1, ids wrap at MaxJobId), and `sacct -j <id>` without
 * `--starttime` searches the whole accounting history, so an old id can come back as somebody
 * else's ancient job. A record is refused when its user is not the SSH user, when it carries
 * another comment than `engiai:<key>` or another working folder than our job folder, or when it
 * was submitted after our submission was recorded (a later job got the id) — or, with neither the
 * comment nor the folder to vouch for it, more than a week before.
 *
 * SLURM prints times in the cluster's local time without a zone; statusCommand reports the
 * cluster's `date +%z` so they compare with our UTC record.
 */
import type { TaskRecord } from './slurmRecords.ts';

/** What the status command learnt on the cluster: who we are there, its UTC offset, the job folder's physical path. */
export interface ClusterSide {
  user?: string;
  utcOffset?: string;
  jobDir?: string;
}

/** What we know of our submission: the pipeline key (the job's comment) and when submit_job recorded it (ISO, UTC). */
export interface OurSubmission {
  key?: string;
  submittedAt?: string;
}

/** A submission recorded this long after the job's own submit time is still ours (clock skew, slow replies). */
const SKEW_MS = 15 * 60_000;
/** Without comment or folder to vouch for it, a job submitted this long before our record is not ours. */
const STALE_MS = 7 * 86_400_000;

export function parseClusterSide(text: string): ClusterSide {
  const [user, offset, dir] = text.trim().split('\n').map((s) => s.trim());
  return { user: user || undefined, utcOffset: /^[+-]\d{4}$/.test(offset ?? '') ? offset : undefined, jobDir: dir?.startsWith('/') ? dir : undefined };
}

/** "2026-09-01T16:38:33" in the cluster's zone "+0200" as epoch ms (NaN when unreadable). */
export function clusterTimeMs(t: string, utcOffset = '+0000'): number {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/.test(t)) return NaN;
  return Date.parse(`${t}${utcOffset.slice(0, 3)}:${utcOffset.slice(3)}`);
}

/** Why `r` is not our job, or undefined when nothing says so. */
export function notOurJob(r: TaskRecord, cluster: ClusterSide, ours: OurSubmission): string | undefined {
  if (r.user && cluster.user && r.user !== cluster.user) return `job ${r.id} belongs to ${r.user}, not to ${cluster.user}`;
  const comment = ours.key ? `engiai:${ours.key}` : undefined;
  if (r.comment && comment && r.comment !== comment) return `job ${r.id} carries the comment ${r.comment}, not ${comment}`;
  if (r.workDir && cluster.jobDir && r.workDir !== cluster.jobDir) return `job ${r.id} was submitted from ${r.workDir}, not from the job folder ${cluster.jobDir}`;
  const vouched = (comment !== undefined && r.comment === comment) || (cluster.jobDir !== undefined && r.workDir === cluster.jobDir);
  if (r.submittedAt && ours.submittedAt) {
    const theirs = clusterTimeMs(r.submittedAt, cluster.utcOffset);
    const mine = Date.parse(ours.submittedAt);
    if (theirs > mine + SKEW_MS) return `job ${r.id} was submitted at ${r.submittedAt} (cluster time), after ours was recorded at ${ours.submittedAt}: the cluster has given the id to a later job`;
    if (!vouched && theirs < mine - STALE_MS) return `job ${r.id} was submitted at ${r.submittedAt} (cluster time), long before ours was recorded at ${ours.submittedAt}: an old job with a reused id`;
  }
  return undefined;
}
