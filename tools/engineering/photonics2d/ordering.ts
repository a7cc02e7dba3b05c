/**
 * Nested-dissection elimination tree for the periodic nx × ny grid (a torus graph, 5-point stencil).
 *
 * Each front eliminates a separator (or a small leaf block) after its children. A rectangle that spans a
 * whole periodic axis needs two separator lines to split. When a design rectangle is given, the root
 * separator is the ring of cells just outside it, so the design region is one subtree and the fixed
 * exterior another: only the design subtree and the root change when epsr changes in the design.
 */
import type { Rect } from './grid.ts';

export interface EliminationTree {
  n: number;
  /** Fronts in postorder: front f eliminates nodes[start[f] .. start[f+1]). */
  start: Int32Array;
  nodes: Int32Array;
  /** Parent front (−1 for the root). */
  parent: Int32Array;
}

const LEAF_CELLS = 16;

interface Builder {
  nx: number;
  ny: number;
  fronts: number[][];
  parent: number[];
}

/** Cells of x ∈ [x0, x0+w), y ∈ [y0, y0+h), coordinates taken modulo the grid. */
function cells(b: Builder, x0: number, w: number, y0: number, h: number): number[] {
  const out: number[] = [];
  for (let i = 0; i < w; i++) for (let j = 0; j < h; j++) out.push(((x0 + i) % b.nx) * b.ny + ((y0 + j) % b.ny));
  return out;
}

/** Adds the fronts of a rectangle's subtree; returns the index of its top front. */
function rect(b: Builder, x0: number, w: number, y0: number, h: number): number {
  if (w <= 0 || h <= 0) return -1;
  if (w * h <= LEAF_CELLS) return addFront(b, cells(b, x0, w, y0, h), []);
  const splitX = w >= h;
  const len = splitX ? w : h;
  const full = len === (splitX ? b.nx : b.ny);
  const half = Math.floor(len / 2);
  const sep: number[] = [];
  const kids: number[] = [];
  const line = (at: number) => sep.push(...(splitX ? cells(b, x0 + at, 1, y0, h) : cells(b, x0, w, y0 + at, 1)));
  const sub = (from: number, size: number) => kids.push(splitX ? rect(b, x0 + from, size, y0, h) : rect(b, x0, w, y0 + from, size));
  if (full) {
    line(0);
    line(half);
    sub(1, half - 1);
    sub(half + 1, len - half - 1);
  } else {
    line(half);
    sub(0, half);
    sub(half + 1, len - half - 1);
  }
  return addFront(b, sep, kids);
}

function addFront(b: Builder, nodes: number[], kids: number[]): number {
  const f = b.fronts.length;
  b.fronts.push(nodes);
  b.parent.push(-1);
  for (const k of kids) if (k >= 0) b.parent[k] = f;
  return f;
}

/** Ring of cells just outside `d` (the root separator that isolates the design region). */
function ring(b: Builder, d: Rect): number[] {
  const x0 = d.x0 - 1, x1 = d.x1, y0 = d.y0 - 1, y1 = d.y1;
  const w = x1 - x0 + 1, h = y1 - y0 + 1;
  return [...cells(b, x0, w, y0, 1), ...cells(b, x0, w, y1, 1), ...cells(b, x0, 1, y0 + 1, h - 2), ...cells(b, x1, 1, y0 + 1, h - 2)];
}

/**
 * Exterior of the ring: the band x ∈ [x1+1, x0−1) (periodic, full height) and the band
 * x ∈ [x0−1, x1+1), y ∈ [y1+1, y0−1) (periodic), split by their two shared columns.
 */
function exterior(b: Builder, d: Rect): number {
  const rx0 = d.x0 - 1, rx1 = d.x1, ry0 = d.y0 - 1, ry1 = d.y1;
  const bandW = b.nx - (rx1 - rx0 + 1);
  const capH = b.ny - (ry1 - ry0 + 1);
  const bandX = rx1 + 1;
  const capY = ry1 + 1;
  const sep = capH > 0 ? [...cells(b, rx0, 1, capY, capH), ...cells(b, rx1, 1, capY, capH)] : [];
  const kids = [rect(b, bandX, bandW, 0, b.ny), rect(b, rx0 + 1, rx1 - rx0 - 1, capY, capH)];
  return addFront(b, sep, kids);
}

function finish(b: Builder, n: number): EliminationTree {
  const start = new Int32Array(b.fronts.length + 1);
  for (let f = 0; f < b.fronts.length; f++) start[f + 1] = start[f] + b.fronts[f].length;
  const nodes = new Int32Array(start[b.fronts.length]);
  b.fronts.forEach((fr, f) => nodes.set(fr, start[f]));
  if (nodes.length !== n) throw new Error(`elimination tree covers ${nodes.length} of ${n} nodes`);
  return { n, start, nodes, parent: Int32Array.from(b.parent) };
}

/** Nested dissection of the torus; with `design`, the design region becomes its own subtree. */
export function eliminationTree(nx: number, ny: number, design?: Rect): EliminationTree {
  const b: Builder = { nx, ny, fronts: [], parent: [] };
  const usable = design && design.x1 > design.x0 && design.y1 > design.y0 && design.x0 >= 2 && design.y0 >= 2 && design.x1 <= nx - 2 && design.y1 <= ny - 2;
  if (!usable || !design) {
    rect(b, 0, nx, 0, ny);
    return finish(b, nx * ny);
  }
  const inner = rect(b, design.x0, design.x1 - design.x0, design.y0, design.y1 - design.y0);
  const outer = exterior(b, design);
  addFront(b, ring(b, design), [inner, outer]);
  return finish(b, nx * ny);
}
