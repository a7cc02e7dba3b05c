/**
 * One factor's data in its own kernels memory (kernels.ts): the symbolic arrays the kernels read
 * (copied in once, addresses in the table at byte 0), the panels of L, the update stacks (one per
 * thread), the frontier of the two-thread schedule, the matrix values and the solve vector.
 * Float64Array views on the same bytes let the JS side read and write them without copies.
 *
 * Legend: lx, w, w2, f, vals, y = byte addresses of Lx, this thread's stack W, the helper's stack
 * W2, the frontier F, the values, the permuted solve vector; -1 for a region that is absent.
 * With an element assembly (elementAssembly.ts) there are no CSR values (vals = -1): E, Ke and map
 * hold the element moduli, the element matrix and the entry → Lx map instead.
 */
import type { CholeskySymbolic } from '../choleskySymbolic.ts';
import type { ElementAssembly } from '../elementAssembly.ts';
import { instantiate, kernelModule, type KernelExports } from './kernels.ts';
import { TABLE, TABLE_BYTES, type TableName } from './multifrontalWat.ts';

export interface WasmFactor {
  memory: WebAssembly.Memory;
  module: WebAssembly.Module;
  exports: KernelExports;
  lx: number;
  w: number;
  w2: number;
  f: number;
  vals: number;
  y: number;
  Lx: Float64Array;
  W: Float64Array;
  values: Float64Array;
  yv: Float64Array;
  /** Frontier update matrices (two-thread schedule only). */
  F: Float64Array | null;
  /** Element assembly regions (byte addresses) and the moduli view, when made for one. */
  elements: { E: number; Ke: number; map: number; nel: number; nk: number; moduli: Float64Array } | null;
}

const align8 = (n: number): number => (n + 7) & ~7;

/** Lays out and fills a memory for the factors of sym (withHelper: a second stack and the frontier). */
export function createWasmFactor(sym: CholeskySymbolic, withHelper: boolean, elements?: ElementAssembly): WasmFactor {
  const plan = withHelper ? sym.parallel : null;
  const ints: Int32Array[] = TABLE.map((name) => (name === 'frontOff' ? (plan?.frontOff ?? new Int32Array(0)) : sym[name as Exclude<TableName, 'frontOff'>]));
  let top = TABLE_BYTES;
  const intAt = ints.map((a) => {
    const at = top;
    top = align8(top + 4 * a.length);
    return at;
  });
  const region = (doubles: number): number => {
    const at = top;
    top += 8 * doubles;
    return at;
  };
  const lx = region(sym.nnzL);
  const w = region(sym.stackSize);
  const w2 = plan ? region(sym.stackSize) : -1;
  const f = plan ? region(plan.frontSize) : -1;
  const vals = elements ? -1 : region(sym.nnzA);
  const y = region(sym.n);
  const E = elements ? region(elements.nel) : -1;
  const Ke = elements ? region(elements.nk) : -1;
  const map = elements ? region(Math.ceil(elements.lxMap.length / 2)) : -1;
  const { memory, exports } = instantiate(top);
  const buf = memory.buffer;
  const table = new Int32Array(buf, 0, TABLE.length);
  ints.forEach((a, i) => {
    table[i] = intAt[i];
    new Int32Array(buf, intAt[i], a.length).set(a);
  });
  const view = (at: number, n: number): Float64Array => new Float64Array(buf, at, n);
  if (elements) {
    view(Ke, elements.nk).set(elements.Ke);
    new Int32Array(buf, map, elements.lxMap.length).set(elements.lxMap);
  }
  return {
    memory, module: kernelModule, exports, lx, w, w2, f, vals, y,
    Lx: view(lx, sym.nnzL),
    W: view(w, sym.stackSize),
    values: elements ? new Float64Array(0) : view(vals, sym.nnzA),
    yv: view(y, sym.n),
    F: plan ? view(f, plan.frontSize) : null,
    elements: elements ? { E, Ke, map, nel: elements.nel, nk: elements.nk, moduli: view(E, elements.nel) } : null,
  };
}
