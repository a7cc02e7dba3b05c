/**
 * Nested-dissection ordering of a node graph (George 1973).
 *
 * A set of nodes is split into two halves and a vertex separator S; the halves are ordered first
 * (recursively) and S last, so eliminating one half never fills the other. Splits are geometric
 * (median cut along the wider axis) when coordinates are given, otherwise graph-based (the most
 * balanced small level of a BFS level structure rooted at a pseudo-peripheral node).
 *
 * Legend: buf = the node permutation being built, a task is a range buf[lo…hi) that is permuted
 * in place into [left | right | S]; tag marks the members of the current range.
 */
import type { NodeGraph } from './nodeGraph.ts';

export interface DissectionOptions {
  /** Node coordinates, `dims` per node (x, y[, z]); enables geometric splits. */
  coords?: Float64Array;
  /** Coordinates per node: 2 (default) or 3. */
  dims?: 2 | 3;
  /** Ranges with at most this many nodes are not split further. */
  leafSize?: number;
}

interface Workspace {
  g: NodeGraph;
  buf: Int32Array;
  tag: Int32Array;
  side: Int8Array;
  queue: Int32Array;
  level: Int32Array;
  level2: Int32Array;
  /** Histogram scratch of medianOnAxis (grown on demand). */
  hist: Int32Array;
  stamp: number;
}

/** Returns order: order[k] = node placed at position k (separators last). */
export function nestedDissection(g: NodeGraph, opts: DissectionOptions = {}): Int32Array {
  const n = g.nNodes;
  const leafSize = Math.max(1, opts.leafSize ?? 8);
  const ws: Workspace = {
    g,
    buf: Int32Array.from({ length: n }, (_, i) => i),
    tag: new Int32Array(n).fill(-1),
    side: new Int8Array(n),
    queue: new Int32Array(n),
    level: new Int32Array(n),
    level2: new Int32Array(n),
    hist: new Int32Array(0),
    stamp: 0,
  };
  const tasks: number[] = [0, n];
  while (tasks.length > 0) {
    const hi = tasks.pop() as number;
    const lo = tasks.pop() as number;
    if (hi - lo <= leafSize) {
      ws.buf.subarray(lo, hi).sort();
      continue;
    }
    const parts = opts.coords ? geometricSplit(ws, lo, hi, opts.coords, opts.dims ?? 2) : graphSplit(ws, lo, hi);
    if (parts === null) {
      ws.buf.subarray(lo, hi).sort();
      continue;
    }
    for (const [a, b] of parts) if (b > a) tasks.push(a, b);
  }
  return ws.buf;
}

function stampRange(ws: Workspace, lo: number, hi: number): number {
  const s = ++ws.stamp;
  for (let k = lo; k < hi; k++) ws.tag[ws.buf[k]] = s;
  return s;
}

/**
 * Given side[v] ∈ {0, 1} for the range, moves right-side nodes adjacent to the left side into the
 * separator (side 2) and permutes the range into [left | right | S]. Returns the sub-ranges.
 */
function partitionRange(ws: Workspace, lo: number, hi: number, s: number): Array<[number, number]> | null {
  const { buf, tag, side, g } = ws;
  for (let k = lo; k < hi; k++) {
    const v = buf[k];
    if (side[v] !== 1) continue;
    for (let p = g.adjPtr[v]; p < g.adjPtr[v + 1]; p++) {
      const u = g.adj[p];
      if (tag[u] === s && side[u] === 0) {
        side[v] = 2;
        break;
      }
    }
  }
  const counts = [0, 0, 0];
  for (let k = lo; k < hi; k++) counts[side[buf[k]]]++;
  if (counts[0] === 0 || counts[0] + counts[2] === hi - lo) return null;
  const out = ws.queue;
  let a = 0;
  let b = counts[0];
  let c = counts[0] + counts[1];
  for (let k = lo; k < hi; k++) {
    const v = buf[k];
    const sd = side[v];
    out[sd === 0 ? a++ : sd === 1 ? b++ : c++] = v;
  }
  buf.set(out.subarray(0, hi - lo), lo);
  return [
    [lo, lo + counts[0]],
    [lo + counts[0], lo + counts[0] + counts[1]],
  ];
}

function geometricSplit(ws: Workspace, lo: number, hi: number, xy: Float64Array, dims: number): Array<[number, number]> | null {
  const { buf, side } = ws;
  const min = [Infinity, Infinity, Infinity];
  const max = [-Infinity, -Infinity, -Infinity];
  for (let k = lo; k < hi; k++) {
    const v = buf[k];
    for (let d = 0; d < dims; d++) {
      const x = xy[dims * v + d];
      if (x < min[d]) min[d] = x;
      if (x > max[d]) max[d] = x;
    }
  }
  // widest axis first; ties keep the lower axis first
  const axes = [0, 1, 2].slice(0, dims).sort((a, b) => max[b] - min[b] - (max[a] - min[a]) || a - b);
  const s = stampRange(ws, lo, hi);
  for (const axis of axes) {
    const { median, strict } = medianOnAxis(ws, lo, hi, xy, dims, axis, min[axis], max[axis]);
    for (let k = lo; k < hi; k++) {
      const x = xy[dims * buf[k] + axis];
      side[buf[k]] = (strict ? x < median : x <= median) ? 0 : 1;
    }
    const parts = partitionRange(ws, lo, hi, s);
    if (parts) return parts;
  }
  return graphSplit(ws, lo, hi);
}

/**
 * The median (the (len>>1)-th smallest value) of coordinate `axis` over buf[lo…hi), and whether
 * a smaller value exists. Mesh coordinates are usually small integers: then a histogram over
 * [min, max] gives both in two linear passes; otherwise quickselect.
 */
function medianOnAxis(ws: Workspace, lo: number, hi: number, xy: Float64Array, dims: number, axis: number, min: number, max: number) {
  const { buf } = ws;
  const len = hi - lo;
  const r = len >> 1;
  const span = max - min + 1;
  if (Number.isInteger(min) && Number.isInteger(max) && span <= 2 * len + 64) {
    const hist = ws.hist.length >= span ? ws.hist : (ws.hist = new Int32Array(Math.max(span, 2 * ws.hist.length)));
    hist.fill(0, 0, span);
    let integral = true;
    for (let k = lo; k < hi && integral; k++) {
      const b = xy[dims * buf[k] + axis] - min;
      if (b === Math.floor(b)) hist[b]++;
      else integral = false;
    }
    if (integral) {
      let below = 0;
      let b = 0;
      while (below + hist[b] <= r) below += hist[b++];
      return { median: min + b, strict: below > 0 };
    }
  }
  const c = new Float64Array(len);
  for (let k = lo; k < hi; k++) c[k - lo] = xy[dims * buf[k] + axis];
  const median = select(c, r);
  let strict = false;
  for (let t = 0; t < len && !strict; t++) strict = c[t] < median;
  return { median, strict };
}

/** The r-th smallest value of c (c is reordered): quickselect with a 3-way partition. */
function select(c: Float64Array, r: number): number {
  let lo = 0;
  let hi = c.length - 1;
  while (lo < hi) {
    const pivot = c[(lo + hi) >> 1];
    let lt = lo;
    let gt = hi;
    let i = lo;
    while (i <= gt) {
      const v = c[i];
      if (v < pivot) {
        c[i++] = c[lt];
        c[lt++] = v;
      } else if (v > pivot) {
        c[i] = c[gt];
        c[gt--] = v;
      } else i++;
    }
    if (r < lt) hi = lt - 1;
    else if (r > gt) lo = gt + 1;
    else return pivot;
  }
  return c[r];
}

/** BFS over the current range from root; fills queue, level; returns the number of levels. */
function bfs(ws: Workspace, root: number, s: number, level = ws.level): { count: number; depth: number } {
  const { g, tag, queue } = ws;
  const visited = -s - 2;
  queue[0] = root;
  tag[root] = visited;
  level[root] = 0;
  let head = 0;
  let tail = 1;
  while (head < tail) {
    const v = queue[head++];
    for (let p = g.adjPtr[v]; p < g.adjPtr[v + 1]; p++) {
      const u = g.adj[p];
      if (tag[u] === s) {
        tag[u] = visited;
        level[u] = level[v] + 1;
        queue[tail++] = u;
      }
    }
  }
  for (let k = 0; k < tail; k++) tag[queue[k]] = s;
  return { count: tail, depth: level[queue[tail - 1]] + 1 };
}

function graphSplit(ws: Workspace, lo: number, hi: number): Array<[number, number]> | null {
  const { buf, queue, level, g } = ws;
  const s = stampRange(ws, lo, hi);
  let root = buf[lo];
  let { count, depth } = bfs(ws, root, s);
  if (count < hi - lo) return splitComponent(ws, lo, hi, count);
  for (let iter = 0; iter < 8; iter++) {
    let best = queue[count - 1];
    let bestDeg = Infinity;
    for (let k = count - 1; k >= 0 && level[queue[k]] === depth - 1; k--) {
      const v = queue[k];
      const deg = g.adjPtr[v + 1] - g.adjPtr[v];
      if (deg < bestDeg) [best, bestDeg] = [v, deg];
    }
    const next = bfs(ws, best, s);
    if (next.depth <= depth) {
      ({ count, depth } = bfs(ws, root, s));
      break;
    }
    root = best;
    depth = next.depth;
  }
  if (depth < 3) return null;
  return twoRootSplit(ws, lo, hi, s, count, depth);
}

/**
 * Two candidate cuts, keeping the one with the smaller separator per node of the smaller side:
 * the narrowest balanced BFS level from the pseudo-peripheral root, and the median of
 * level1 − level2 (distances from the root and from the node farthest from it), whose level sets
 * run across a mesh's long axis like a geometric cut where single-root levels curve around it.
 */
function twoRootSplit(ws: Workspace, lo: number, hi: number, s: number, count: number, depth: number) {
  const { queue, level, level2, side, g } = ws;
  let far = queue[count - 1];
  for (let k = count - 1; k >= 0 && level[queue[k]] === depth - 1; k--) {
    const v = queue[k];
    if (g.adjPtr[v + 1] - g.adjPtr[v] < g.adjPtr[far + 1] - g.adjPtr[far]) far = v;
  }
  const order = Int32Array.from(queue.subarray(0, count));
  bfs(ws, far, s, level2);
  const hist = new Int32Array(2 * depth + 1);
  for (const v of order) hist[level[v] - level2[v] + depth]++;
  let median = 0;
  for (let acc = 0; acc + hist[median] <= count >> 1; median++) acc += hist[median];
  median -= depth;
  const cut = chooseLevel(level, order, count, depth);
  const byDiff = (v: number): number => (level[v] - level2[v] < median ? 0 : 1);
  const byLevel = (v: number): number => (level[v] < cut ? 0 : 1);
  const pick = cutQuality(ws, order, s, byDiff) < cutQuality(ws, order, s, byLevel) ? byDiff : byLevel;
  for (const v of order) side[v] = pick(v);
  return partitionRange(ws, lo, hi, s);
}

/** |S| / min(|left|, |right|) of the vertex separator a 0/1 side assignment induces (lower is better). */
function cutQuality(ws: Workspace, order: Int32Array, s: number, sideOf: (v: number) => number): number {
  const { g, tag } = ws;
  let left = 0;
  let sep = 0;
  for (const v of order) {
    if (sideOf(v) === 0) {
      left++;
      continue;
    }
    for (let p = g.adjPtr[v]; p < g.adjPtr[v + 1]; p++) {
      const u = g.adj[p];
      if (tag[u] === s && sideOf(u) === 0) {
        sep++;
        break;
      }
    }
  }
  const right = order.length - left - sep;
  return Math.min(left, right) > 0 ? sep / Math.min(left, right) : Infinity;
}

/** Picks the narrowest level that leaves both sides within a 1:2 ratio (else the median level). */
function chooseLevel(level: Int32Array, queue: Int32Array, count: number, depth: number): number {
  const width = new Int32Array(depth);
  for (let k = 0; k < count; k++) width[level[queue[k]]]++;
  let cut = -1;
  let median = -1;
  let bestWidth = Infinity;
  let left = width[0];
  for (let l = 1; l < depth - 1; l++) {
    const right = count - left - width[l];
    if (median < 0 && left + width[l] >= count / 2) median = l;
    if (Math.min(left, right) >= 0.5 * Math.max(left, right) && width[l] < bestWidth) {
      bestWidth = width[l];
      cut = l;
    }
    left += width[l];
  }
  return cut >= 0 ? cut : median >= 0 ? median : depth >> 1;
}

/** The range is disconnected: moves the first component (already in queue) to the front. */
function splitComponent(ws: Workspace, lo: number, hi: number, count: number): Array<[number, number]> {
  const { buf, side, queue } = ws;
  for (let k = lo; k < hi; k++) side[buf[k]] = 1;
  for (let k = 0; k < count; k++) side[queue[k]] = 0;
  let a = lo;
  const rest: number[] = [];
  for (let k = lo; k < hi; k++) {
    const v = buf[k];
    if (side[v] === 0) buf[a++] = v;
    else rest.push(v);
  }
  buf.set(rest, a);
  return [
    [lo, a],
    [a, hi],
  ];
}
