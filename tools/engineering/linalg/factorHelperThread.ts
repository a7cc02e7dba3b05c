/**
 * The one factorization helper thread of this thread (started lazily, shared by all factors).
 *
 * It is unref()'d, so it never keeps the process alive; until it has loaded (≈ 60 ms from the launcher's bundle, on
 * the other core) callers factor serially. A crash or a helper that stops answering makes this
 * thread stop using helpers (callers fall back to serial); disposeFactorHelper() ends the helper
 * and clears that state (a later call may start a new one).
 */
import { fileURLToPath } from 'node:url';
import { MessageChannel, Worker, type MessagePort } from 'node:worker_threads';
import { CLAIM, claimWord, CTRL_WORDS, JOB_CRASH, JOB_EXIT, KIND, READY, SEQ, SETUP_GEN, TASK_DONE, type HelperSetup } from './helperProtocol.ts';

export interface FactorHelper {
  ctrl: Int32Array;
  /** Job counter (the last SEQ written) and setup generation. */
  seq: number;
  gen: number;
  /** Identity of the setup the helper holds (the factor's shared storage). */
  owner: object | null;
  failed: boolean;
  worker: Worker;
  port: MessagePort;
}

const BOOT = new URL('../workerBoot.mjs', import.meta.url);
/** The entry the boot file launches. */
const ENTRY = fileURLToPath(new URL('./factorHelper.ts', import.meta.url));

let current: FactorHelper | null = null;
let disabled = false;
let crashNext = false;

function start(): FactorHelper | null {
  const ctrl = new Int32Array(new SharedArrayBuffer(CTRL_WORDS * 4));
  const { port1, port2 } = new MessageChannel();
  let worker: Worker;
  try {
    // execArgv []: the boot file registers tsx itself; inherited loader flags can break a worker.
    worker = new Worker(BOOT, { execArgv: [], workerData: { entry: ENTRY, ctrl, port: port2 }, transferList: [port2] });
  } catch {
    disabled = true;
    return null;
  }
  const h: FactorHelper = { ctrl, seq: 0, gen: 0, owner: null, failed: false, worker, port: port1 };
  const fail = (): void => {
    h.failed = true;
    if (current === h) {
      current = null;
      disabled = true;
    }
  };
  worker.on('error', fail);
  worker.on('exit', fail);
  worker.unref();
  port1.unref();
  return h;
}

/** Starts the helper if needed (no-op after a helper failure in this thread). */
export function warmFactorHelper(): void {
  if (!current && !disabled) current = start();
}

/** The helper if it is loaded and healthy, else null (callers then factor serially). */
export function readyFactorHelper(): FactorHelper | null {
  warmFactorHelper();
  const h = current;
  return h && !h.failed && Atomics.load(h.ctrl, READY) === 1 ? h : null;
}

/** Hands the helper a new setup (it takes it at its next job). */
export function postSetup(h: FactorHelper, setup: Omit<HelperSetup, 'gen'>, owner: object): void {
  h.gen++;
  h.port.postMessage({ ...setup, gen: h.gen });
  Atomics.store(h.ctrl, SETUP_GEN, h.gen);
  h.owner = owner;
}

/** Starts a job; returns its seq, or -1 for a test crash job (the caller then claims no tasks). */
export function postJob(h: FactorHelper, kind: number): number {
  h.seq++;
  Atomics.store(h.ctrl, CLAIM, claimWord(h.seq));
  Atomics.store(h.ctrl, KIND, crashNext ? JOB_CRASH : kind);
  Atomics.store(h.ctrl, SEQ, h.seq);
  Atomics.notify(h.ctrl, SEQ);
  const crash = crashNext;
  crashNext = false;
  return crash ? -h.seq : h.seq;
}

/** Blocks until task t of job seq is done; false when the helper died or the deadline passed. */
export function awaitTask(h: FactorHelper, seq: number, t: number, deadline: number): boolean {
  for (;;) {
    const done = Atomics.load(h.ctrl, TASK_DONE + t);
    if (done === seq) return true;
    const left = deadline - performance.now();
    if (left <= 0 || Atomics.load(h.ctrl, READY) !== 1) return false;
    Atomics.wait(h.ctrl, TASK_DONE + t, done, Math.min(left, 50));
  }
}

/** Gives up on a helper that did not answer: it is ended and this thread stops using helpers. */
export function abandonFactorHelper(h: FactorHelper): void {
  h.failed = true;
  if (current === h) current = null;
  disabled = true;
  void h.worker.terminate();
}

/** Ends the helper thread (tests, or a host that wants no threads left); allows a new one later. */
export async function disposeFactorHelper(): Promise<void> {
  const h = current;
  current = null;
  disabled = false;
  crashNext = false;
  if (!h) return;
  h.failed = true;
  postJob(h, JOB_EXIT);
  h.port.close();
  await h.worker.terminate();
}

/** Test hook: the helper throws at its next job while the caller leaves all tasks to it. */
export function crashFactorHelperForTest(): void {
  crashNext = true;
}
