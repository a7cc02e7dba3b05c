/**
 * Factoring with the WebAssembly kernels on a factor's memory, from any thread: the main thread's
 * serial sweep and top supernodes, and the subtree tasks of either thread (two-thread schedule).
 * This module has no top-level await: the helper thread instantiates the module it is posted
 * (attach) and never assembles the kernels itself (kernels.ts).
 *
 * Legend: r = one thread's instance on the factor's memory plus the byte addresses of the panels
 * (lx), the values (vals) and the frontier (f, -1 when absent); w = this thread's update stack.
 * The main thread's WasmFactor (wasmStorage.ts) is such an r.
 */
import type { CholeskySymbolic } from '../choleskySymbolic.ts';
import { pivotError } from '../multifrontalFactor.ts';
import type { KernelExports } from './kernels.ts';

export interface WasmRegions {
  exports: KernelExports;
  memory: WebAssembly.Memory;
  lx: number;
  vals: number;
  f: number;
}

/** The kernels module instantiated on an existing memory. */
export function attach(memory: WebAssembly.Memory, module: WebAssembly.Module): KernelExports {
  return new WebAssembly.Instance(module, { env: { memory } }).exports as unknown as KernelExports;
}

/**
 * Factors supernodes s0 … s1-1 with the stack at w; children that are task roots are read from the
 * frontier when useFront; y >= 0 (a byte address): forward substitution of y along the sweep.
 */
export function wasmFactorRange(sym: CholeskySymbolic, r: WasmRegions, w: number, s0: number, s1: number, useFront: boolean, y = -1): void {
  const s = r.exports.factor(s0, s1, r.lx, w, r.vals, useFront ? r.f : -1, y);
  if (s < 0) return;
  const bad = r.exports.badColumn();
  const h = sym.rowPtr[s + 1] - sym.rowPtr[s];
  const pivot = new Float64Array(r.memory.buffer, r.lx + 8 * (sym.panelOff[s] + bad * h + bad), 1)[0];
  throw pivotError(sym, s, pivot, bad);
}

/** Factors the subtree [s0, s1) (root s1-1) and copies the root's update matrix to the frontier. */
export function wasmFactorSubtree(sym: CholeskySymbolic, r: WasmRegions, w: number, s0: number, s1: number): void {
  wasmFactorRange(sym, r, w, s0, s1, false);
  const c = s1 - 1;
  const m = sym.rowPtr[c + 1] - sym.rowPtr[c] - (sym.superStart[c + 1] - sym.superStart[c]);
  const frontOff = sym.parallel?.frontOff;
  if (!frontOff || m === 0) return;
  const all = new Float64Array(r.memory.buffer);
  const from = w / 8 + sym.uOff[c];
  all.copyWithin(r.f / 8 + frontOff[c], from, from + m * m);
}
