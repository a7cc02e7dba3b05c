/**
 * Two-thread numeric factorization (schedule in parallelPlan.ts): this thread and the helper claim
 * subtree tasks until none is left, each task's root update matrix goes to the shared frontier F,
 * then this thread factors the top supernodes in order, each as soon as its tasks are done.
 * Bitwise identical to the serial sweep; on any helper trouble it returns false and the caller
 * factors serially.
 *
 * Legend: Lx = shared panels of L; W = this thread's update stack; F = frontier update matrices.
 */
import type { CholeskySymbolic } from './choleskySymbolic.ts';
import { abandonFactorHelper, awaitTask, postJob, postSetup, readyFactorHelper, type FactorHelper } from './factorHelperThread.ts';
import { claimTask, FAIL, JOB_FACTOR, taskDone } from './helperProtocol.ts';
import { factorSubtree, factorSupernode, type Frontier } from './multifrontalFactor.ts';
import type { ParallelPlan } from './parallelPlan.ts';
import { createThreadChooser, type ThreadChooser } from './threadChooser.ts';
import { wasmFactorRange, wasmFactorSubtree } from './wasm/wasmSweep.ts';
import type { WasmFactor } from './wasm/wasmStorage.ts';

/** A helper that has not finished its task within this time is given up. */
const HELPER_TIMEOUT_MS = 20_000;

/** Shared storage of one factor object for the two-thread path. */
export interface ParallelStorage {
  plan: ParallelPlan;
  Lx: Float64Array;
  values: Float64Array;
  front: Frontier;
  /** Set when the helper was abandoned mid-job: Lx may still be written, so it must be replaced. */
  detached: boolean;
  /** Serial or two threads, call by call, from measured times. */
  chooser: ThreadChooser;
  /** The WebAssembly kernels' memory holding Lx, values and F (absent: JS kernels). */
  wasm?: WasmFactor;
}

const shared = (length: number): Float64Array => new Float64Array(new SharedArrayBuffer(8 * Math.max(1, length)), 0, length);

/** Storage on SharedArrayBuffers, or on the (shared) kernels memory of wasm (made with a helper stack and frontier). */
export function createParallelStorage(sym: CholeskySymbolic, plan: ParallelPlan, wasm?: WasmFactor): ParallelStorage {
  return {
    plan,
    Lx: wasm ? wasm.Lx : shared(sym.nnzL),
    values: wasm ? wasm.values : shared(sym.nnzA),
    front: { F: wasm?.F ?? shared(plan.frontSize), off: plan.frontOff },
    detached: false,
    chooser: createThreadChooser(),
    wasm,
  };
}

/**
 * Factors into p.Lx with the helper; false when the helper is not available or failed (nothing
 * thrown). values null: the panels were already assembled element by element (WebAssembly only).
 */
export function parallelFactor(sym: CholeskySymbolic, values: Float64Array | null, p: ParallelStorage, W: Float64Array): boolean {
  const h = readyFactorHelper();
  if (!h || p.detached || (!values && !p.wasm)) return false;
  if (values) p.values.set(values);
  const vals = values ?? p.values;
  const m = p.wasm;
  const wasm = m ? { memory: m.memory, module: m.module, lx: m.lx, vals: m.vals, f: m.f, w2: m.w2 } : undefined;
  if (h.owner !== p) postSetup(h, { sym, Lx: p.Lx, values: p.values, F: p.front.F, wasm }, p);
  const posted = postJob(h, JOB_FACTOR);
  const seq = Math.abs(posted);
  const { tasks } = p.plan;
  const nTasks = tasks.length / 2;
  let mainOk = true;
  for (let t = posted > 0 ? claimTask(h.ctrl, seq, nTasks) : -1; t >= 0; t = claimTask(h.ctrl, seq, nTasks)) {
    try {
      if (m) wasmFactorSubtree(sym, m, m.w, tasks[2 * t], tasks[2 * t + 1]);
      else factorSubtree(sym, tasks[2 * t], tasks[2 * t + 1], vals, p.Lx, W, p.front);
    } catch {
      mainOk = false;
    }
    taskDone(h.ctrl, t, seq);
  }
  const top = factorTop(sym, vals, p, W, h, seq, mainOk);
  if (top === 'lost') {
    abandonFactorHelper(h);
    p.detached = true;
  }
  return top === 'ok';
}

/** The top supernodes, each once the tasks below it are done; stops at the first failure. */
function factorTop(sym: CholeskySymbolic, values: Float64Array, p: ParallelStorage, W: Float64Array, h: FactorHelper, seq: number, mainOk: boolean): 'ok' | 'failed' | 'lost' {
  const { top, taskOf } = p.plan;
  const { childPtr, childIdx } = sym;
  const deadline = performance.now() + HELPER_TIMEOUT_MS;
  let ok = mainOk;
  for (let i = 0; i < top.length; i++) {
    const s = top[i];
    for (let q = childPtr[s]; q < childPtr[s + 1]; q++) {
      const t = taskOf[childIdx[q]];
      if (t >= 0 && !awaitTask(h, seq, t, deadline)) return 'lost';
    }
    if (ok && Atomics.load(h.ctrl, FAIL) === seq) ok = false;
    // after a failure: keep waiting for every task (the helper must be idle), factor nothing more
    if (ok && p.wasm) wasmFactorRange(sym, p.wasm, p.wasm.w, s, s + 1, true);
    else if (ok) factorSupernode(sym, s, values, p.Lx, W, p.front);
  }
  return ok ? 'ok' : 'failed';
}
