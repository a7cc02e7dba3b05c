/**
 * Two-thread schedule of the multifrontal factorization. Below the top of the assembly tree the
 * subtrees are independent: they become tasks that the main thread and a helper thread claim one at
 * a time, so a helper that is slow or descheduled costs at most one task; then the
 * main thread factors the top supernodes, assembling the tasks' update matrices.
 *
 * The top starts at the root; the heaviest frontier subtree is split (its root moved to the top)
 * until there are minTasks tasks. With a postordered tree a subtree of c is the range
 * [first(c), c+1). Every supernode sees exactly the serial operations (same children, same order),
 * so the factor is bitwise identical to the serial sweep.
 *
 * Legend: flops(s) = Σ_j (h-j)² over the k columns of supernode s; U_c = m×m update matrix of a task
 * root c, copied to the shared frontier buffer F at frontOff[c] (-1: not a task root).
 */
import type { CholeskySymbolic } from './choleskySymbolic.ts';

export interface ParallelPlan {
  /** Task ranges [start, end) as flat pairs, in tree order (the claim order). */
  tasks: Int32Array;
  /** Top supernodes, ascending; the main thread factors them after all tasks. */
  top: Int32Array;
  frontOff: Int32Array;
  /** Task index of each task root, -1 for other supernodes. */
  taskOf: Int32Array;
  frontSize: number;
  taskFlops: Float64Array;
  topFlops: number;
}

/** Smallest flops count for which the two-thread factorization is planned by default. */
export const DEFAULT_PARALLEL_MIN_FLOPS = 2e6;
/** Tasks wanted below the top (more: finer load balance, but a bigger serial top). */
const MIN_TASKS = 4;
/** Most tasks a plan may have (control words in helperProtocol.ts). */
export const MAX_TASKS = 63;
/** The heaviest task may carry at most this share of the task work, or two threads cannot share it. */
const MAX_TASK_SHARE = 0.6;

function supernodeFlops(sym: CholeskySymbolic, s: number): number {
  const k = sym.superStart[s + 1] - sym.superStart[s];
  const h = sym.rowPtr[s + 1] - sym.rowPtr[s];
  let f = 0;
  for (let j = 0; j < k; j++) f += (h - j) * (h - j);
  return f;
}

function subtreeFlops(sym: CholeskySymbolic): { sub: Float64Array; first: Int32Array } {
  const { nSuper, superParent } = sym;
  const sub = new Float64Array(nSuper);
  const first = Int32Array.from({ length: nSuper }, (_, s) => s);
  for (let s = 0; s < nSuper; s++) {
    sub[s] += supernodeFlops(sym, s);
    const p = superParent[s];
    if (p !== -1) {
      sub[p] += sub[s];
      first[p] = Math.min(first[p], first[s]);
    }
  }
  return { sub, first };
}

/** Returns the schedule, or null when there is no useful split (forest, chain, unbalanced, small). */
export function planParallel(sym: CholeskySymbolic, minFlops = DEFAULT_PARALLEL_MIN_FLOPS): ParallelPlan | null {
  const { nSuper, superParent, childPtr, childIdx } = sym;
  if (nSuper < 3 || sym.flops < minFlops) return null;
  for (let s = 0; s < nSuper - 1; s++) if (superParent[s] === -1) return null;
  const { sub, first } = subtreeFlops(sym);
  const top: number[] = [];
  let frontier = [nSuper - 1];
  while (frontier.length < MIN_TASKS || top.length === 0) {
    const split = frontier.filter((c) => childPtr[c + 1] > childPtr[c]).sort((a, b) => sub[b] - sub[a])[0];
    if (split === undefined) break;
    top.push(split);
    frontier = frontier.filter((c) => c !== split).concat(Array.from(childIdx.subarray(childPtr[split], childPtr[split + 1])));
  }
  if (frontier.length < 2 || frontier.length > MAX_TASKS) return null;
  // Claim order = tree order: the tasks below the first top supernodes finish first, so the main
  // thread can factor those while the helper finishes the last task.
  frontier.sort((a, b) => a - b);
  const taskWork = frontier.reduce((acc, c) => acc + sub[c], 0);
  if (Math.max(...frontier.map((c) => sub[c])) > MAX_TASK_SHARE * taskWork) return null;
  const frontOff = new Int32Array(nSuper).fill(-1);
  const taskOf = new Int32Array(nSuper).fill(-1);
  let frontSize = 0;
  for (const [t, c] of frontier.entries()) {
    taskOf[c] = t;
    const m = sym.rowPtr[c + 1] - sym.rowPtr[c] - (sym.superStart[c + 1] - sym.superStart[c]);
    frontOff[c] = frontSize;
    frontSize += m * m;
  }
  return {
    tasks: Int32Array.from(frontier.flatMap((c) => [first[c], c + 1])),
    top: Int32Array.from(top).sort(),
    frontOff,
    taskOf,
    frontSize,
    taskFlops: Float64Array.from(frontier, (c) => sub[c]),
    topFlops: sub[nSuper - 1] - taskWork,
  };
}
