/**
 * The two ways a turn loses to another process on the same thread, the same words for every store
 * (checkpointer.ts, turnLeases.ts, postgresGuards.ts): the thread is busy (another live process
 * holds its lease), or it changed under a running turn (a checkpoint's parent is no longer the
 * thread's newest). Either way this turn was not stored and the person can run it again.
 */
import { ConflictError } from '../../tools/errors.ts';

/** What a lease names: the process running a turn. */
export interface LeaseHolder {
  pid: number;
  host: string;
}

export function threadBusy(threadId: string, holder: LeaseHolder, me: LeaseHolder): ConflictError {
  const who = holder.pid === me.pid && holder.host === me.host ? 'this process' : `process ${holder.pid} on ${holder.host}`;
  return new ConflictError(`thread ${threadId} is busy: ${who} is running a turn on it; this turn was not stored`, { hint: 'wait for that turn to end, then run this one again' });
}

export const threadChanged = (threadId: string, where: string): ConflictError =>
  new ConflictError(`thread ${threadId} was changed by another process while this turn ran; this turn was not stored`, {
    hint: `run it again to continue from the thread's newest state (${where})`,
  });
