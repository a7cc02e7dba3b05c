/**
 * A node mask from a file (what `engiai ... --fixed-elements nodes.json` reads): a .json file holding either
 * form nodeMask.ts accepts, or a NumPy .npy file of EngiBench's (n0, n1, n2) array (np.save of a mask; entries
 * 0 or 1 in any numeric or bool dtype, read by npy.ts). Bounded: the file's size is checked before it is
 * read (MAX_MASK_FILE_BYTES), the .npy shape before its data.
 */
import { readFileSync, statSync } from 'node:fs';
import { InputError } from '../../errors.ts';
import { fileFault } from '../../fileFaults.ts';
import { parseNodeMask, type Node, type NodeMask } from '../nodeMask.ts';
import { decodeNpy, readNpyHeader } from './npy.ts';

/** 16 MB: a 65³ float64 .npy is 2.2 MB, the same array as JSON about 0.8 MB. */
export const MAX_MASK_FILE_BYTES = 16 * 1024 * 1024;

export function readNodeMaskFile(name: string, path: string, maxSide: number): NodeMask {
  const lower = path.toLowerCase();
  if (!lower.endsWith('.json') && !lower.endsWith('.npy')) throw new InputError(`${name}: "${path}" is neither a .json nor a .npy file`, { field: name, hint: 'give a node list as JSON text, e.g. [[0,0,0],[4,0,0]], or a path ending in .json or .npy' });
  let size: number;
  try {
    size = statSync(path).size;
  } catch (e) {
    throw fileFault(e, path, 'read');
  }
  if (size > MAX_MASK_FILE_BYTES) throw new InputError(`${name}: ${path} is ${size} bytes, more than the ${MAX_MASK_FILE_BYTES} a mask file may have`, { field: name });
  let bytes: Buffer;
  try {
    bytes = readFileSync(path);
  } catch (e) {
    throw fileFault(e, path, 'read');
  }
  if (lower.endsWith('.json')) {
    let value: unknown;
    try {
      value = JSON.parse(bytes.toString('utf8'));
    } catch (e) {
      throw new InputError(`${name}: ${path} is not valid JSON (${(e as Error).message})`, { field: name });
    }
    return parseNodeMask(name, value, maxSide);
  }
  return fromNpy(name, new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength), path, maxSide);
}

function fromNpy(name: string, bytes: Uint8Array, path: string, maxSide: number): NodeMask {
  const header = readNpyHeader(bytes, path);
  const s = header.shape;
  if (s.length !== 3 || s.some((n) => n > maxSide)) {
    throw new InputError(`${name}: ${path} holds an array of shape (${s.join(', ')}); a mask is 3-D, (nelx+1, nely+1, nelz+1), at most ${maxSide} along a side`, { field: name });
  }
  const { data } = decodeNpy(bytes, { source: path });
  const nodes: Node[] = [];
  for (let i = 0; i < data.length; i++) {
    const v = data[i];
    if (v === 1) nodes.push([Math.floor(i / (s[1] * s[2])), Math.floor(i / s[2]) % s[1], i % s[2]]);
    else if (v !== 0) throw new InputError(`${name}: ${path} has ${v} at [${[Math.floor(i / (s[1] * s[2])), Math.floor(i / s[2]) % s[1], i % s[2]].join(', ')}]; mask entries must be 0 or 1`, { field: name });
  }
  return { nodes, shape: [s[0], s[1], s[2]] };
}
