/**
 * One factor's data in its own kernels memory (kernels.ts): the symbolic arrays the kernels read
 * (copied in once, addresses in the table at byte 0), the panels of L, the update stacks (one per
 * thread), the frontier of the two-thread schedule, the matrix values and the solve vector.
 * Float64Array views on the same bytes let the JS side read and write them without copies.
 *
 * Legend: lx, w, w2, f, vals, y = byte addresses of Lx, this thread's stack W, the helper's stack
 * W2, the frontier F, the values, the permuted solve vector; -1 for a region that is absent.
 * With an element assembly (elementAssembly.ts) there are no CSR values (vals = -1): the table
 * also points at its per-supernode contribution lists, the element moduli and the element matrix.
 */
import type { CholeskySymbolic } from '../choleskySymbolic.ts';
import type { ElementAssembly } from '../elementAssembly.ts';
import { instantiate, kernelModule, type KernelExports } from './kernels.ts';
import { TABLE, TABLE_BYTES, type TableName } from './multifrontalWat.ts';

type SymbolicName = Exclude<TableName, 'frontOff' | 'contribPtr' | 'contribDst' | 'contribEK' | 'moduli' | 'Ke' | 'elemRows' | 'ce' | 'scratch'>;

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
  /** The element moduli (element assembly only): set them, then factor with vals = -1. */
  moduli: Float64Array | null;
  /** Element energies written by exports.energies (element assembly only). */
  ce: Float64Array | null;
}

const align8 = (n: number): number => (n + 7) & ~7;

/** Lays out and fills a memory for the factors of sym (withHelper: a second stack and the frontier). */
export function createWasmFactor(sym: CholeskySymbolic, withHelper: boolean, elements?: ElementAssembly): WasmFactor {
  const plan = withHelper ? sym.parallel : null;
  const none = new Float64Array(0);
  const arrays: Array<Int32Array | Float64Array> = TABLE.map((name) => {
    if (name === 'frontOff') return plan?.frontOff ?? new Int32Array(0);
    if (name === 'contribPtr' || name === 'contribDst' || name === 'contribEK') return elements?.[name] ?? new Int32Array(0);
    if (name === 'moduli' || name === 'ce') return elements ? new Float64Array(elements.nel) : none;
    if (name === 'elemRows') return elements?.rowsP ?? new Int32Array(0);
    if (name === 'scratch') return new Float64Array(elements?.nd ?? 0);
    if (name === 'Ke') return elements?.Ke ?? none;
    return sym[name as SymbolicName];
  });
  let top = TABLE_BYTES;
  const at = arrays.map((a) => {
    const start = top;
    top = align8(top + a.byteLength);
    return start;
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
  const { memory, exports } = instantiate(top);
  const buf = memory.buffer;
  const table = new Int32Array(buf, 0, TABLE.length);
  arrays.forEach((a, i) => {
    table[i] = at[i];
    if (a instanceof Int32Array) new Int32Array(buf, at[i], a.length).set(a);
    else new Float64Array(buf, at[i], a.length).set(a);
  });
  const view = (start: number, n: number): Float64Array => new Float64Array(buf, start, n);
  return {
    memory, module: kernelModule, exports, lx, w, w2, f, vals, y,
    Lx: view(lx, sym.nnzL),
    W: view(w, sym.stackSize),
    values: elements ? new Float64Array(0) : view(vals, sym.nnzA),
    yv: view(y, sym.n),
    F: plan ? view(f, plan.frontSize) : null,
    moduli: elements ? view(at[TABLE.indexOf('moduli')], elements.nel) : null,
    ce: elements ? view(at[TABLE.indexOf('ce')], elements.nel) : null,
  };
}
