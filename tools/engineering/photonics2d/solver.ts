/**
 * Multifrontal sparse LDLᵀ for complex-symmetric matrices (no pivoting), over a nested-dissection tree.
 *
 * Legend: A = L·D·Lᵀ (plain transpose, not Hermitian). Front f eliminates its separator nodes ("elim")
 * and passes a Schur complement on its "update" nodes (later-eliminated neighbours of its subtree) to
 * its parent. Refactoring reuses every front whose subtree saw no change of the diagonal, so a design
 * update only refactors the design subtree and the root. Off-diagonal values are compared by array
 * identity only: pass a new offRe array (never mutate it in place) to force a full refactorization.
 */
import { NumericError } from '../../errors.ts';
import { createFrontStore, type FrontData, type FrontKernels, type FrontStore } from './frontStore.ts';
import type { EliminationTree } from './ordering.ts';

export interface SymmetricMatrix {
  n: number;
  /** Off-diagonal neighbours of node i: adjIdx[adjPtr[i] .. adjPtr[i+1]), values off{Re,Im} aligned. */
  adjPtr: Int32Array;
  adjIdx: Int32Array;
  offRe: Float64Array;
  offIm: Float64Array;
  diagRe: Float64Array;
  diagIm: Float64Array;
}

/** One right-hand side of solvePair (overwritten by the solution); with targets, as solve()'s. */
export interface SolveVector {
  re: Float64Array;
  im: Float64Array;
  targets?: Int32Array;
}

interface FrontVectors {
  xe: Float64Array;
  xu: Float64Array;
}

export interface SparseLdltOptions {
  /** The dense front kernels: WebAssembly SIMD (default) or TypeScript (bitwise the same factor). */
  kernels?: FrontKernels;
}

export class SparseLdlt {
  private readonly owner: Int32Array;
  private readonly update: Int32Array[];
  private readonly children: number[][];
  private readonly local: Int32Array;
  private readonly store: FrontStore;
  private readonly fronts: FrontData[];
  private lastDiagRe: Float64Array | null = null;
  private lastDiagIm: Float64Array | null = null;
  private lastOff: Float64Array | null = null;
  /** Fronts recomputed by the last `factor` call (for tests and tuning). */
  refactored = 0;

  constructor(
    private readonly tree: EliminationTree,
    pattern: Pick<SymmetricMatrix, 'n' | 'adjPtr' | 'adjIdx'>,
    options: SparseLdltOptions = {},
  ) {
    const nf = tree.parent.length;
    this.owner = new Int32Array(tree.n);
    for (let f = 0; f < nf; f++) for (let q = tree.start[f]; q < tree.start[f + 1]; q++) this.owner[tree.nodes[q]] = f;
    this.children = Array.from({ length: nf }, () => [] as number[]);
    for (let f = 0; f < nf; f++) if (tree.parent[f] >= 0) this.children[tree.parent[f]].push(f);
    this.update = this.symbolic(pattern);
    this.local = new Int32Array(tree.n);
    const sizes = Array.from({ length: nf }, (_, f) => ({ k: tree.start[f + 1] - tree.start[f], m: this.update[f].length, rel: this.parentRows(f) }));
    this.store = createFrontStore(sizes, options.kernels);
    this.fronts = this.store.fronts;
  }

  /** Rows of f's parent front (eliminated nodes first, then its update nodes) that f's update nodes are. */
  private parentRows(f: number): Int32Array {
    const { tree, local } = this;
    const p = tree.parent[f];
    if (p < 0) return new Int32Array(0);
    const e0 = tree.start[p], k = tree.start[p + 1] - e0, upd = this.update[p];
    for (let q = 0; q < k; q++) local[tree.nodes[e0 + q]] = q;
    for (let u = 0; u < upd.length; u++) local[upd[u]] = k + u;
    return this.update[f].map((j) => local[j]);
  }

  /** Update sets: later-eliminated nodes adjacent to the subtree of each front. */
  private symbolic(pattern: Pick<SymmetricMatrix, 'adjPtr' | 'adjIdx'>): Int32Array[] {
    const { tree, owner } = this;
    const nf = tree.parent.length;
    const out: Int32Array[] = [];
    const mark = new Int32Array(tree.n).fill(-1);
    for (let f = 0; f < nf; f++) {
      const set: number[] = [];
      const add = (j: number) => {
        if (owner[j] > f && mark[j] !== f) {
          mark[j] = f;
          set.push(j);
        }
      };
      for (let q = tree.start[f]; q < tree.start[f + 1]; q++) {
        const i = tree.nodes[q];
        for (let a = pattern.adjPtr[i]; a < pattern.adjPtr[i + 1]; a++) add(pattern.adjIdx[a]);
      }
      for (const c of this.children[f]) for (const j of out[c]) add(j);
      set.sort((a, b) => owner[a] - owner[b] || a - b);
      out.push(Int32Array.from(set));
    }
    return out;
  }

  /** Fronts whose subtree contains a node whose diagonal changed since the last factorization. */
  private dirtyFronts(a: SymmetricMatrix): Uint8Array {
    const nf = this.tree.parent.length;
    const dirty = new Uint8Array(nf);
    const all = this.lastDiagRe === null || this.lastOff !== a.offRe;
    for (let i = 0; i < a.n; i++) {
      if (all || a.diagRe[i] !== this.lastDiagRe![i] || a.diagIm[i] !== this.lastDiagIm![i]) dirty[this.owner[i]] = 1;
    }
    for (let f = 0; f < nf; f++) if (dirty[f] && this.tree.parent[f] >= 0) dirty[this.tree.parent[f]] = 1;
    return dirty;
  }

  factor(a: SymmetricMatrix): void {
    const dirty = this.dirtyFronts(a);
    this.refactored = 0;
    for (let f = 0; f < dirty.length; f++) {
      if (!dirty[f]) continue;
      this.refactored++;
      const fr = this.assemble(f, a);
      const bad = this.store.factorPanel(f);
      if (bad >= 0) this.lastDiagRe = null; // the next factor() starts from scratch
      if (bad >= 0) throw new NumericError(`FDFD factorization hit a zero pivot at node ${this.tree.nodes[this.tree.start[f] + bad]}`);
      if (fr.m > 0) this.store.schurUpdate(f);
    }
    this.lastDiagRe = Float64Array.from(a.diagRe);
    this.lastDiagIm = Float64Array.from(a.diagIm);
    this.lastOff = a.offRe;
  }

  /** Frontal matrix of f: original entries of its rows plus the children's Schur complements. */
  private assemble(f: number, a: SymmetricMatrix): FrontData {
    const { tree, owner, local } = this;
    const e0 = tree.start[f], k = tree.start[f + 1] - e0;
    const upd = this.update[f], m = upd.length;
    for (let p = 0; p < k; p++) local[tree.nodes[e0 + p]] = p;
    for (let u = 0; u < m; u++) local[upd[u]] = k + u;
    const fr = this.fronts[f];
    fr.l.fill(0);
    fr.S.fill(0);
    const { l } = fr;
    for (let p = 0; p < k; p++) {
      const i = tree.nodes[e0 + p];
      l[2 * (p * k + p)] += a.diagRe[i];
      l[2 * (p * k + p) + 1] += a.diagIm[i];
      for (let q = a.adjPtr[i]; q < a.adjPtr[i + 1]; q++) {
        const j = a.adjIdx[q];
        const oj = owner[j];
        if (oj < f) continue;
        const lj = local[j];
        if (oj === f && lj > p) continue;
        const at = 2 * (lj > p ? lj * k + p : p * k + lj);
        l[at] += a.offRe[q];
        l[at + 1] += a.offIm[q];
      }
    }
    for (const c of this.children[f]) this.store.extendAdd(f, c);
    return fr;
  }

  /**
   * Solves A·x = b in place (x overwrites b). Fronts whose right-hand side is still zero are skipped in
   * the forward pass. With `targets`, the backward pass visits only the fronts holding those nodes and
   * their ancestors: x is exact at the targets and NaN at nodes that were not computed.
   */
  solve(xRe: Float64Array, xIm: Float64Array, targets?: Int32Array): void {
    this.solvePair({ re: xRe, im: xIm, targets }, null);
  }

  /**
   * Two solves in one pass over the fronts (x overwrites b in each), as solve() would do them one after
   * the other: each vector gets exactly the same operations, bit for bit; L is read once for both.
   */
  solvePair(a: SolveVector, b: SolveVector | null): void {
    const { store } = this;
    const nf = this.tree.parent.length;
    const va = { xe: store.xe, xu: store.xu }, vb = { xe: store.xe2, xu: store.xu2 };
    for (let f = 0; f < nf; f++) {
      const anyA = this.gatherElim(f, a, va), anyB = b !== null && this.gatherElim(f, b, vb);
      if (anyA) this.gatherUpdate(f, a, va);
      if (anyB) this.gatherUpdate(f, b!, vb);
      if (anyA && anyB) store.forward2(f);
      else if (anyA) store.forward(f);
      else if (anyB) store.forwardSecond(f);
      if (anyA) this.scatter(f, a, va, true);
      if (anyB) this.scatter(f, b!, vb, true);
    }
    const needA = a.targets ? this.frontsHolding(a.targets) : null;
    const needB = b?.targets ? this.frontsHolding(b.targets) : null;
    for (let f = nf - 1; f >= 0; f--) {
      const inA = !needA || needA[f] === 1, inB = b !== null && (!needB || needB[f] === 1);
      if (inA) {
        this.gatherElim(f, a, va);
        this.gatherUpdate(f, a, va);
      }
      if (inB) {
        this.gatherElim(f, b!, vb);
        this.gatherUpdate(f, b!, vb);
      }
      if (inA && inB) store.backward2(f);
      else if (inA) store.backward(f);
      else if (inB) store.backwardSecond(f);
      if (inA) this.scatter(f, a, va, false);
      if (inB) this.scatter(f, b!, vb, false);
    }
    for (const [v, need] of [[a, needA], [b, needB]] as const) {
      if (!v || !need) continue;
      for (let i = 0; i < this.tree.n; i++) {
        if (!need[this.owner[i]]) {
          v.re[i] = NaN;
          v.im[i] = NaN;
        }
      }
    }
  }

  private readonly neededCache = new WeakMap<Int32Array, Uint8Array>();
  /** Fronts owning a target node, closed under ancestors. */
  private frontsHolding(targets: Int32Array): Uint8Array {
    let out = this.neededCache.get(targets);
    if (out) return out;
    out = new Uint8Array(this.tree.parent.length);
    for (const i of targets) for (let f = this.owner[i]; f >= 0 && !out[f]; f = this.tree.parent[f]) out[f] = 1;
    this.neededCache.set(targets, out);
    return out;
  }

  /** Loads x at the eliminated nodes of f into v.xe; returns false when they are all zero. */
  private gatherElim(f: number, x: SolveVector, v: FrontVectors): boolean {
    const { tree } = this;
    const { re, im } = x, { xe } = v;
    const e0 = tree.start[f], k = tree.start[f + 1] - e0;
    let any = false;
    for (let p = 0; p < k; p++) {
      const r = re[tree.nodes[e0 + p]], i = im[tree.nodes[e0 + p]];
      xe[2 * p] = r;
      xe[2 * p + 1] = i;
      if (r !== 0 || i !== 0) any = true;
    }
    return any;
  }

  private gatherUpdate(f: number, x: SolveVector, v: FrontVectors): void {
    const { re, im } = x, { xu } = v;
    const upd = this.update[f];
    for (let u = 0; u < upd.length; u++) {
      xu[2 * u] = re[upd[u]];
      xu[2 * u + 1] = im[upd[u]];
    }
  }

  private scatter(f: number, x: SolveVector, v: FrontVectors, withUpdate: boolean): void {
    const { tree } = this;
    const { re, im } = x, { xe, xu } = v;
    const e0 = tree.start[f], k = tree.start[f + 1] - e0, upd = this.update[f];
    for (let p = 0; p < k; p++) {
      re[tree.nodes[e0 + p]] = xe[2 * p];
      im[tree.nodes[e0 + p]] = xe[2 * p + 1];
    }
    if (!withUpdate) return;
    for (let u = 0; u < upd.length; u++) {
      re[upd[u]] = xu[2 * u];
      im[upd[u]] = xu[2 * u + 1];
    }
  }
}
