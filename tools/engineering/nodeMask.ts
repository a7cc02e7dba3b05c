/**
 * A node mask: the value kind of EngiBench's boundary-condition masks (supports, loads, heat sinks;
 * engibench-3d-and-api.md §1.2, §2.2), which a problem declares (Problem.masks). EngiBench gives a mask as
 * an array of shape (n0, n1, n2) (the problem's node grid, indexed [x][y][z]) with entries in [0, 1]; a node is
 * in the mask where its entry is nonzero.
 *
 * Here a mask is given (parseNodeMask) as
 * - EngiBench's nested array of 0/1 (or false/true): the shape is kept, for the problem's shape check;
 * - a list of node coordinates [[x, y, z], ...] (what a person or a model can type);
 * - an already parsed mask { nodes, shape? } (what meta.json stores);
 * - on the CLI also a .json file of either array, or a NumPy .npy file of the nested array (store/nodeMaskFile.ts).
 * The value is { nodes, shape? } with the nodes deduplicated, in node-id order (x slowest, z fastest).
 * Bounded: no level of the nested array, and no node list, may be longer than the declared maxSide (levels)
 * or maxSide³ (nodes); lengths are checked before anything is read. Which grid the mask must fit, and
 * whether it may be empty, is the problem's check (checkMaskOnGrid gives the shared wording).
 * Legend: Node = (x, y, z) node coordinates; maxSide = the most nodes a grid side can have.
 */
import { createHash } from 'node:crypto';
import { InputError } from '../errors.ts';

export type Node = [number, number, number];

export interface NodeMask {
  nodes: Node[];
  /** The (n0, n1, n2) of the nested array it was given as; absent for a node list. */
  shape?: [number, number, number];
}

/** What a problem declares for each mask it takes (Problem.masks): the generic layers read only this. */
export interface MaskSpec {
  name: string;
  description: string;
  /** The default mask in words ("the four bottom corners"), used when the mask is not given. */
  default: string;
  /** 'condition': a dataset condition (EngiBench Conditions); 'config': a solver setting (EngiBench Config). */
  role: 'condition' | 'config';
  /** The most nodes along one side of any grid the problem allows (the bound on what is read). */
  maxSide: number;
}

export const isNodeMask = (v: unknown): v is NodeMask => typeof v === 'object' && v !== null && !Array.isArray(v) && Array.isArray((v as NodeMask).nodes);

/** `name` may carry its owner ("<problem>: <mask>"); the error's field is the mask's own name. */
const err = (name: string, msg: string, hint?: string) => new InputError(`${name}: ${msg}`, { field: name.replace(/^.*: /, ''), ...(hint ? { hint } : {}) });
/** A value for an error message, cut to 60 characters (a hostile entry may be a long array). */
const shown = (v: unknown) => {
  const t = JSON.stringify(v) ?? String(v);
  return t.length > 60 ? `${t.slice(0, 57)}...` : t;
};
const FORMS = 'give a mask as EngiBench\'s nested [x][y][z] array of 0/1, or as a list of node coordinates [[x, y, z], ...]';

/** Parses one of the accepted forms (see the header); InputError naming the mask (`name`, "<problem>: <mask>") otherwise. */
export function parseNodeMask(name: string, value: unknown, maxSide: number): NodeMask {
  if (isNodeMask(value)) {
    const nodes = nodeList(name, value.nodes, maxSide);
    const shape = value.shape === undefined ? undefined : shapeOf(name, value.shape, maxSide);
    return shape ? { nodes, shape } : { nodes };
  }
  if (!Array.isArray(value)) throw err(name, `must be a node mask, got ${value === null ? 'null' : typeof value}`, FORMS);
  if (value.length > 0 && Array.isArray(value[0]) && Array.isArray((value[0] as unknown[])[0])) return fromNested(name, value, maxSide);
  return { nodes: nodeList(name, value, maxSide) };
}

function shapeOf(name: string, s: unknown, maxSide: number): [number, number, number] {
  if (!Array.isArray(s) || s.length !== 3 || !s.every((v) => Number.isInteger(v) && v >= 1 && v <= maxSide)) throw err(name, `shape must be three integers in [1, ${maxSide}], got ${shown(s)}`);
  return [s[0], s[1], s[2]];
}

function tooLarge(name: string, what: string, maxSide: number): InputError {
  return err(name, `${what} is larger than any grid allows (at most ${maxSide} nodes along a side)`);
}

/** A list of [x, y, z] nodes, each coordinate an integer in [0, maxSide); deduplicated and sorted. */
function nodeList(name: string, list: unknown[], maxSide: number): Node[] {
  if (list.length > maxSide ** 3) throw tooLarge(name, `a list of ${list.length} nodes`, maxSide);
  const ids = new Set<number>();
  for (let i = 0; i < list.length; i++) {
    const p: unknown = list[i];
    const ok = Array.isArray(p) && p.length === 3 && p.every((v) => Number.isInteger(v) && v >= 0);
    if (!ok) throw err(name, `entry ${i} is ${shown(p)}; a node is [x, y, z] with integer coordinates >= 0`, FORMS);
    const [x, y, z] = p as Node;
    if (x >= maxSide || y >= maxSide || z >= maxSide) throw tooLarge(name, `node [${x}, ${y}, ${z}]`, maxSide);
    ids.add((x * maxSide + y) * maxSide + z);
  }
  return [...ids].sort((a, b) => a - b).map((id) => [Math.floor(id / (maxSide * maxSide)), Math.floor(id / maxSide) % maxSide, id % maxSide]);
}

/** EngiBench's nested (n0, n1, n2) array: every level the same length, entries 0/1/false/true. */
function fromNested(name: string, a: unknown[], maxSide: number): NodeMask {
  const n0 = a.length;
  const first = a[0] as unknown[];
  const n1 = first.length;
  const n2 = Array.isArray(first[0]) ? (first[0] as unknown[]).length : 0;
  for (const n of [n0, n1, n2]) if (n > maxSide) throw tooLarge(name, `a nested array with a level of length ${n}`, maxSide);
  const shapeError = (where: string) => err(name, `Invalid shape for ${name.replace(/^.*: /, '')}: ${where}; every [x] must be an array of ${n1} rows, every [x][y] one of ${n2} entries (0 or 1)`);
  const nodes: Node[] = [];
  for (let x = 0; x < n0; x++) {
    const plane: unknown = a[x];
    if (!Array.isArray(plane) || plane.length !== n1) throw shapeError(`[${x}] is not an array of length ${n1}`);
    for (let y = 0; y < n1; y++) {
      const row: unknown = plane[y];
      if (!Array.isArray(row) || row.length !== n2) throw shapeError(`[${x}][${y}] is not an array of length ${n2}`);
      for (let z = 0; z < n2; z++) {
        const v: unknown = row[z];
        if (v === 1 || v === true) nodes.push([x, y, z]);
        else if (v !== 0 && v !== false) throw err(name, `[${x}][${y}][${z}] = ${shown(v)}; mask entries must be 0 or 1`);
      }
    }
  }
  return { nodes, shape: [n0, n1, n2] };
}

/**
 * The problem's check of a mask against its node grid `dims`: EngiBench's "Invalid shape for <name>." when the
 * nested array's shape differs, then any node off the grid. Null when it fits.
 */
export function checkMaskOnGrid(name: string, mask: NodeMask, dims: readonly [number, number, number]): string | null {
  if (mask.shape && mask.shape.some((n, d) => n !== dims[d])) return `Invalid shape for ${name}. (got (${mask.shape.join(', ')}), expected (${dims.join(', ')}) = (nelx+1, nely+1, nelz+1))`;
  const off = mask.nodes.find((p) => p.some((v, d) => v >= dims[d]));
  return off ? `${name} node [${off.join(', ')}] is off the (${dims.join(', ')}) node grid` : null;
}

/** The first 16 hex of sha256 over the node list: the same nodes give the same hash, whatever form they came in. */
export function maskHash(mask: NodeMask): string {
  return createHash('sha256').update(JSON.stringify(mask.nodes)).digest('hex').slice(0, 16);
}

/** How many nodes are listed in a mask's compact form. */
export const COMPACT_NODE_LIST = 12;

export interface CompactMask {
  nodes: number;
  sha256: string;
  /** The nodes themselves, when there are at most COMPACT_NODE_LIST of them. */
  list?: Node[];
}

/** A mask for output: node count and hash, and the node list when it is short. */
export function compactMask(mask: NodeMask): CompactMask {
  return { nodes: mask.nodes.length, sha256: maskHash(mask), ...(mask.nodes.length <= COMPACT_NODE_LIST ? { list: mask.nodes } : {}) };
}

/** `values` with every node mask in its compact form (what --json output and tool results show). */
export function compactValues<T>(values: Record<string, T | NodeMask>): Record<string, T | CompactMask> {
  return Object.fromEntries(Object.entries(values).map(([k, v]) => [k, isNodeMask(v) ? compactMask(v) : v]));
}

/** The masks among `values`, compact (empty when every mask is its default). */
export function givenMasks(values: Record<string, unknown>): Record<string, CompactMask> {
  return Object.fromEntries(Object.entries(values).filter((e): e is [string, NodeMask] => isNodeMask(e[1])).map(([k, v]) => [k, compactMask(v)]));
}
