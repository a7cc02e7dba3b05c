/**
 * Shared-memory protocol between the main thread and the factorization helper thread: one Int32Array
 * of control words on a SharedArrayBuffer, driven with Atomics.wait/notify (no message per job).
 *
 * A job: the main thread resets CLAIM to (seq, task 0), writes KIND, bumps SEQ and notifies. Both
 * threads then claim tasks with compare-exchange on CLAIM (a claim of an older job fails) and mark
 * each finished task with TASK_DONE+t = seq (FAIL = seq when a helper task threw). A new factor's
 * setup (HelperSetup) is posted on the helper's port before SETUP_GEN is bumped.
 */
import type { CholeskySymbolic } from './choleskySymbolic.ts';

export const SEQ = 0;
/** 0 while loading, 1 ready, 2 gone (the thread ended). */
export const READY = 1;
export const KIND = 2;
export const CLAIM = 3;
export const FAIL = 4;
export const SETUP_GEN = 5;
export const TASK_DONE = 8;
export const CTRL_WORDS = TASK_DONE + 64;

export const JOB_FACTOR = 1;
/** Test hook: the helper throws, as an unexpected failure would. */
export const JOB_CRASH = 3;
export const JOB_EXIT = 4;

const SEQ_MASK = 0x1ffffff;
const TASK_BITS = 6;

/** What the helper needs for the factorizations of one factor object (sent once per factor). */
export interface HelperSetup {
  gen: number;
  sym: CholeskySymbolic;
  /** Shared: the factor panels, a copy of the input values, the tasks' update matrices. */
  Lx: Float64Array;
  values: Float64Array;
  F: Float64Array;
  /** With the WebAssembly kernels: the factor's shared memory, the module, and byte addresses (w2 = the helper's stack). */
  wasm?: { memory: WebAssembly.Memory; module: WebAssembly.Module; lx: number; vals: number; f: number; w2: number };
}

export const claimWord = (seq: number): number => (seq & SEQ_MASK) << TASK_BITS;

/** Claims the next task of job seq; -1 when none is left (or the job is over). */
export function claimTask(ctrl: Int32Array, seq: number, nTasks: number): number {
  for (;;) {
    const w = Atomics.load(ctrl, CLAIM);
    if (w >>> TASK_BITS !== (seq & SEQ_MASK)) return -1;
    const t = w & ((1 << TASK_BITS) - 1);
    if (t >= nTasks) return -1;
    if (Atomics.compareExchange(ctrl, CLAIM, w, w + 1) === w) return t;
  }
}

/** Marks task t of job seq done and wakes a waiting main thread. */
export function taskDone(ctrl: Int32Array, t: number, seq: number): void {
  Atomics.store(ctrl, TASK_DONE + t, seq);
  Atomics.notify(ctrl, TASK_DONE + t);
}
