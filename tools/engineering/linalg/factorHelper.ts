/**
 * Helper-thread entry (loaded by ../workerBoot.mjs): waits for a job, claims subtree tasks and factors
 * them into the shared panels (with its own update stack), marks them done. A task that throws is
 * reported with FAIL; the main thread then redoes the factorization serially (and so raises the
 * serial error message).
 */
import { receiveMessageOnPort, workerData, type MessagePort } from 'node:worker_threads';
import { factorSubtree } from './multifrontalFactor.ts';
import { attach, wasmFactorSubtree, type WasmRegions } from './wasm/wasmSweep.ts';
import { claimTask, FAIL, JOB_CRASH, JOB_EXIT, KIND, READY, SEQ, SETUP_GEN, taskDone, TASK_DONE, CTRL_WORDS, type HelperSetup } from './helperProtocol.ts';

const { ctrl, port } = workerData as { ctrl: Int32Array; port: MessagePort };

interface Prepared extends HelperSetup {
  W: Float64Array;
  /** This thread's instance of the kernels on the factor's memory. */
  regions?: WasmRegions;
}

/** The setup of generation gen (posted just before gen was published); null if it never comes. */
function takeSetup(gen: number): Prepared | null {
  const t0 = performance.now();
  while (performance.now() - t0 < 5000) {
    const m = receiveMessageOnPort(port);
    if (!m) {
      Atomics.wait(ctrl, READY, 1, 1);
      continue;
    }
    const s = m.message as HelperSetup;
    if (s.gen !== gen) continue;
    const w = s.wasm;
    const regions = w && { exports: attach(w.memory, w.module), memory: w.memory, lx: w.lx, vals: w.vals, f: w.f };
    return { ...s, W: new Float64Array(w ? 0 : s.sym.stackSize), regions };
  }
  return null;
}

function runJob(job: Prepared, seq: number): void {
  const plan = job.sym.parallel;
  if (!plan) return;
  const nTasks = plan.tasks.length / 2;
  const front = { F: job.F, off: plan.frontOff };
  for (let t = claimTask(ctrl, seq, nTasks); t >= 0; t = claimTask(ctrl, seq, nTasks)) {
    try {
      if (job.regions && job.wasm) wasmFactorSubtree(job.sym, job.regions, job.wasm.w2, plan.tasks[2 * t], plan.tasks[2 * t + 1]);
      else factorSubtree(job.sym, plan.tasks[2 * t], plan.tasks[2 * t + 1], job.values, job.Lx, job.W, front);
    } catch {
      Atomics.store(ctrl, FAIL, seq);
    }
    taskDone(ctrl, t, seq);
  }
}

let setup: Prepared | null = null;
let gen = 0;
let seen = Atomics.load(ctrl, SEQ);
Atomics.store(ctrl, READY, 1);
try {
  for (;;) {
    Atomics.wait(ctrl, SEQ, seen);
    seen = Atomics.load(ctrl, SEQ);
    const kind = Atomics.load(ctrl, KIND);
    if (kind === JOB_EXIT) break;
    if (kind === JOB_CRASH) throw new Error('factorization helper: crash requested');
    const g = Atomics.load(ctrl, SETUP_GEN);
    if (g !== gen) {
      setup = takeSetup(g);
      gen = g;
    }
    if (setup) runJob(setup, seen);
  }
} finally {
  // Tells a waiting main thread that no more tasks will be done here.
  Atomics.store(ctrl, READY, 2);
  for (let i = TASK_DONE; i < CTRL_WORDS; i++) Atomics.notify(ctrl, i);
  port.close();
}
