/**
 * What squeue, scontrol and sacct print about one job id, as one record per line (pure), and those
 * records as one JobInfo. An id can stand for several lines: a job array prints one line per task
 * (squeue -r, scontrol show job -o, sacct -X), and a pending range of tasks is one line ("5_[3-10]",
 * ArrayTaskId=3-10%2) that counts for every task in it. An array is COMPLETED only when every task
 * completed; any failed task (FAILED, TIMEOUT, OUT_OF_MEMORY, NODE_FAIL, …) makes it FAILED, and the
 * count per state is kept.
 *
 * Times: scontrol prints a pending job's StartTime and a pending or running job's EndTime as the
 * scheduler's projection (the estimated start, the start plus the time limit); those go to
 * expectedStartAt / expectedEndAt, and only times that really happened to startedAt / endedAt.
 */
import { endReason, isTerminal, normaliseSlurmState, parseDuration, stateWord, wontStart, type JobInfo, type JobState } from './jobState.ts';

export interface TaskRecord {
  /** "7", "5_1", "5_[3-10]" (sacct), or "5_3-10" (scontrol's pending range). */
  id: string;
  /** The tasks this line stands for (a pending range counts each of them). */
  count: number;
  array: boolean;
  slurmState: string;
  exitCode?: string;
  elapsedSeconds?: number;
  reason?: string;
  startedAt?: string;
  endedAt?: string;
  expectedStartAt?: string;
  expectedEndAt?: string;
  user?: string;
  submittedAt?: string;
  comment?: string;
  workDir?: string;
}

/** The squeue and sacct fields statusCommand asks for, in order. */
export const SQUEUE_FORMAT = '%i|%T|%M|%r|%u|%V|%k';
export const SACCT_FIELDS = 'JobID,State,ExitCode,Elapsed,Start,End,Submit,User,Reason,WorkDir,Comment';

const value = (v?: string) => (v && !['Unknown', 'None', 'N/A', '(null)', 'None assigned'].includes(v) ? v : undefined);
const reasonOf = (v?: string) => value(v?.replace(/^\((.*)\)$/, '$1'));

/** How many tasks "3", "3-10", "[1,3,5-7]%2", "[0-9:3]" name. */
export function taskCount(spec: string): number {
  let n = 0;
  for (const part of spec.replace(/[[\]]/g, '').replace(/%\d+/g, '').split(',')) {
    const m = /^(\d+)(?:-(\d+))?(?::(\d+))?$/.exec(part.trim());
    if (!m) return 1;
    n += m[2] ? Math.floor((Number(m[2]) - Number(m[1])) / Number(m[3] ?? 1)) + 1 : 1;
  }
  return Math.max(n, 1);
}

/** Which of a line's two times are real and which projected, by the state the job is in. */
function times(rawState: string, start: string | undefined, end: string | undefined, ran: boolean): Pick<TaskRecord, 'startedAt' | 'endedAt' | 'expectedStartAt' | 'expectedEndAt'> {
  const state = normaliseSlurmState(rawState);
  if (state === 'PENDING') return { expectedStartAt: start, expectedEndAt: end };
  if (state === 'RUNNING') return { startedAt: start, expectedEndAt: end };
  if (isTerminal(state) && ran) return { startedAt: start, endedAt: end };
  return isTerminal(state) ? { endedAt: end } : {};
}

function idParts(id: string): { array: boolean; count: number } {
  const m = /^\d+_(.+)$/.exec(id);
  return m ? { array: true, count: taskCount(m[1]) } : { array: false, count: 1 };
}

/** `Key=Value Key=Value …` of one line of `scontrol show job -o`. */
export function parseScontrol(line: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const m of line.matchAll(/(?:^|\s)([\w:/]+)=(\S*)/g)) out[m[1]] = m[2];
  return out;
}

/** squeue -h -r -o SQUEUE_FORMAT: one line per job or array task. */
export function squeueRecords(text: string): TaskRecord[] {
  const out: TaskRecord[] = [];
  for (const line of text.split('\n')) {
    const [id = '', state = '', elapsed = '', reason, user, submit, comment] = line.trim().split('|');
    if (!/^\d+(?:_\S+)?$/.test(id) || !state) continue;
    out.push({ id, ...idParts(id), slurmState: state, elapsedSeconds: parseDuration(elapsed), reason: reasonOf(reason), user: value(user), submittedAt: value(submit), comment: value(comment) });
  }
  return out;
}

/** scontrol show job -o: one line per job or array task (a pending range is one line). */
export function scontrolRecords(text: string): TaskRecord[] {
  const out: TaskRecord[] = [];
  for (const line of text.split('\n')) {
    if (!line.includes('JobState=')) continue;
    const f = parseScontrol(line);
    const task = value(f.ArrayTaskId);
    const id = f.ArrayJobId && task ? `${f.ArrayJobId}_${task}` : (f.JobId ?? '');
    const elapsed = parseDuration(f.RunTime ?? '');
    const ran = Boolean(value(f.NodeList)) || (elapsed ?? 0) > 0;
    out.push({
      id,
      array: Boolean(f.ArrayJobId),
      count: task ? taskCount(task) : 1,
      slurmState: f.JobState,
      exitCode: value(f.ExitCode),
      elapsedSeconds: elapsed,
      reason: reasonOf(f.Reason),
      ...times(f.JobState, value(f.StartTime), value(f.EndTime), ran),
      user: value(f.UserId?.replace(/\(\d+\)$/, '')),
      submittedAt: value(f.SubmitTime),
      comment: value(f.Comment),
      workDir: value(f.WorkDir),
    });
  }
  return out;
}

/** sacct -X -n -P -o SACCT_FIELDS: one line per job or array task (a pending range is one line). */
export function sacctRecords(text: string): TaskRecord[] {
  const out: TaskRecord[] = [];
  for (const line of text.split('\n')) {
    const [id = '', state = '', exitCode, elapsed = '', start, end, submit, user, reason, workDir, comment] = line.trim().split('|');
    if (!/^\d+(?:_\S+)?$/.test(id) || !state) continue;
    const e = parseDuration(elapsed);
    out.push({
      id,
      ...idParts(id),
      slurmState: state,
      exitCode: value(exitCode),
      elapsedSeconds: e,
      // sacct's Reason is the last thing the job waited for (Dependency, BeginTime): only a pending job still waits for it
      reason: normaliseSlurmState(state) === 'PENDING' ? reasonOf(reason) : undefined,
      ...times(state, value(start), value(end), Boolean(value(start))),
      user: value(user),
      submittedAt: value(submit),
      workDir: value(workDir),
      comment: value(comment),
    });
  }
  return out;
}

/** Why a record's job is where it is: the scheduler's reason while it waits, else why it ended. */
function why(r: TaskRecord): string | undefined {
  const state = normaliseSlurmState(r.slurmState);
  if (!isTerminal(state)) return r.reason;
  if (state === 'COMPLETED') return undefined;
  const ended = endReason(r.slurmState, r.exitCode);
  return ended && r.reason ? `${ended}; SLURM's reason: ${r.reason}` : (ended ?? r.reason);
}

const FAILED_FIRST: JobState[] = ['FAILED', 'UNKNOWN', 'CANCELLED', 'COMPLETED'];

/** The records of one id as one JobInfo: the job itself, or a job array summed over its tasks. */
export function recordsToInfo(jobId: string, records: readonly TaskRecord[], source: string): JobInfo | null {
  if (!records.length) return null;
  if (records.length === 1 && !records[0].array) {
    const r = records[0];
    const { id: _id, count: _count, array: _array, user: _user, submittedAt: _submitted, comment: _comment, workDir: _workDir, ...rest } = r;
    const state = normaliseSlurmState(r.slurmState);
    const stuck = state === 'PENDING' ? wontStart(r.reason) : undefined;
    return { ...rest, id: jobId, state, reason: why(r), ...(stuck ? { wontStart: stuck } : {}), source };
  }
  const tasks: Record<string, number> = {};
  const states = new Map<JobState, TaskRecord[]>();
  let total = 0;
  for (const r of records) {
    const w = stateWord(r.slurmState);
    tasks[w] = (tasks[w] ?? 0) + r.count;
    total += r.count;
    const s = normaliseSlurmState(r.slurmState);
    states.set(s, [...(states.get(s) ?? []), r]);
  }
  const live = states.has('RUNNING') ? 'RUNNING' : states.has('PENDING') ? 'PENDING' : undefined;
  const state: JobState = live ?? FAILED_FIRST.find((s) => states.has(s)) ?? 'UNKNOWN';
  // the task that speaks for the array: the first failed one, else the first in the array's state
  const worst = [...(states.get('FAILED') ?? []), ...(states.get(state) ?? [])][0];
  const counts = Object.entries(tasks)
    .sort((a, b) => b[1] - a[1])
    .map(([w, n]) => `${n} ${w}`)
    .join(', ');
  const detail = why(worst);
  const all = (pick: (r: TaskRecord) => string | undefined) => records.map(pick).filter((x): x is string => Boolean(x)).sort();
  const ended = live ? undefined : all((r) => r.endedAt).at(-1);
  const elapsed = records.map((r) => r.elapsedSeconds ?? 0);
  return {
    id: jobId,
    state,
    slurmState: worst.slurmState,
    ...(worst.exitCode ? { exitCode: worst.exitCode } : {}),
    elapsedSeconds: Math.max(...elapsed),
    reason: `array of ${total} task(s): ${counts}${detail && state !== 'COMPLETED' ? `; task ${worst.id}: ${detail}` : ''}`,
    ...(all((r) => r.startedAt)[0] ? { startedAt: all((r) => r.startedAt)[0] } : {}),
    ...(ended ? { endedAt: ended } : {}),
    ...(live && all((r) => r.expectedEndAt).at(-1) ? { expectedEndAt: all((r) => r.expectedEndAt).at(-1) } : {}),
    tasks,
    source,
  };
}
