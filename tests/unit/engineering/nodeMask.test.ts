/** The node-mask value kind (nodeMask.ts, nodeMaskFile.ts): the accepted forms, their bounds and errors, the compact form. */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { checkMaskOnGrid, compactMask, compactValues, maskHash, parseNodeMask } from '../../../tools/engineering/nodeMask.ts';
import { readNodeMaskFile } from '../../../tools/engineering/store/nodeMaskFile.ts';
import { encodeNpyArray } from '../../../tools/engineering/store/npy.ts';
import { InputError } from '../../../tools/errors.ts';

const dir = mkdtempSync(join(tmpdir(), 'engiai-masks-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const nested = (dims: [number, number, number], on: [number, number, number][]) => {
  const a = Array.from({ length: dims[0] }, () => Array.from({ length: dims[1] }, () => new Array<number>(dims[2]).fill(0)));
  for (const [x, y, z] of on) a[x][y][z] = 1;
  return a;
};
const thrown = (f: () => unknown): InputError => {
  try {
    f();
  } catch (e) {
    if (e instanceof InputError) return e;
    throw e;
  }
  throw new Error('no error');
};

describe('node masks', () => {
  it('a node list, the nested 0/1 array and a stored mask give the same nodes, deduplicated in node-id order', () => {
    const list = parseNodeMask('m', [[2, 0, 1], [0, 3, 0], [2, 0, 1], [0, 0, 2]], 65);
    expect(list).toEqual({ nodes: [[0, 0, 2], [0, 3, 0], [2, 0, 1]] });
    const arr = parseNodeMask('m', nested([3, 4, 3], [[2, 0, 1], [0, 3, 0], [0, 0, 2]]), 65);
    expect(arr).toEqual({ nodes: list.nodes, shape: [3, 4, 3] });
    expect(parseNodeMask('m', JSON.parse(JSON.stringify(arr)), 65)).toEqual(arr);
    expect(maskHash(arr)).toBe(maskHash(list));
    // booleans are 0/1
    expect(parseNodeMask('m', [[[true, false]]], 65)).toEqual({ nodes: [[0, 0, 0]], shape: [1, 1, 2] });
  });

  it('refuses what is not a mask with an error naming it', () => {
    const e = thrown(() => parseNodeMask('beams3d: fixed_elements', 'left face', 65));
    expect(e.message).toMatch(/^beams3d: fixed_elements: must be a node mask, got string/);
    expect(e.field).toBe('fixed_elements');
    expect(thrown(() => parseNodeMask('m', [[0, 0]], 65)).message).toMatch(/entry 0 is \[0,0\]; a node is \[x, y, z\]/);
    expect(thrown(() => parseNodeMask('m', [[0, 0.5, 1]], 65)).message).toMatch(/integer coordinates/);
    // a long entry is cut in the message
    expect(thrown(() => parseNodeMask('m', [new Array(10_000).fill(7)], 65)).message.length).toBeLessThan(300);
    expect(thrown(() => parseNodeMask('m', [[[0, 2]]], 65)).message).toMatch(/\[0\]\[0\]\[1\] = 2; mask entries must be 0 or 1/);
    expect(thrown(() => parseNodeMask('m', [[[0, 1]], [[0]]], 65)).message).toMatch(/Invalid shape for m: \[1\]\[0\] is not an array of length 2/);
  });

  it('is bounded by maxSide: a longer level, a node beyond it or more than maxSide³ nodes are refused before being read', () => {
    expect(thrown(() => parseNodeMask('m', [[0, 0, 65]], 65)).message).toMatch(/node \[0, 0, 65\] is larger than any grid allows \(at most 65 nodes along a side\)/);
    const long = new Array(66).fill([[0]]);
    expect(thrown(() => parseNodeMask('m', long, 65)).message).toMatch(/level of length 66 is larger than any grid allows/);
    const many = new Array(8 ** 3 + 1).fill([0, 0, 0]);
    expect(thrown(() => parseNodeMask('m', many, 8)).message).toMatch(/a list of 513 nodes is larger than any grid allows/);
  });

  it("the grid check: EngiBench's shape message, nodes off the grid", () => {
    expect(checkMaskOnGrid('fixed_elements', { nodes: [], shape: [3, 3, 3] }, [5, 5, 5])).toMatch(/^Invalid shape for fixed_elements\. \(got \(3, 3, 3\), expected \(5, 5, 5\)/);
    expect(checkMaskOnGrid('fixed_elements', { nodes: [[4, 5, 0]] }, [5, 5, 5])).toBe('fixed_elements node [4, 5, 0] is off the (5, 5, 5) node grid');
    expect(checkMaskOnGrid('fixed_elements', { nodes: [[4, 4, 4]] }, [5, 5, 5])).toBeNull();
  });

  it('the compact form: count and hash, the list only when short; values keep their numbers', () => {
    const small = { nodes: [[0, 0, 0], [1, 0, 0]] as [number, number, number][] };
    expect(compactMask(small)).toEqual({ nodes: 2, sha256: maskHash(small), list: small.nodes });
    const face = { nodes: Array.from({ length: 289 }, (_, i) => [0, Math.floor(i / 17), i % 17] as [number, number, number]) };
    const c = compactMask(face);
    expect(c).toEqual({ nodes: 289, sha256: expect.stringMatching(/^[0-9a-f]{16}$/) });
    expect(JSON.stringify(compactValues({ volfrac: 0.3, fixed_elements: face })).length).toBeLessThan(100);
  });

  it('reads .json and .npy files (any numeric dtype of 0/1), and refuses other files clearly', () => {
    const json = join(dir, 'nodes.json');
    writeFileSync(json, JSON.stringify([[0, 0, 0], [2, 1, 1]]));
    expect(readNodeMaskFile('m', json, 65)).toEqual({ nodes: [[0, 0, 0], [2, 1, 1]] });
    const npy = join(dir, 'mask.npy');
    const data = new Float64Array(3 * 2 * 2);
    data[(2 * 2 + 1) * 2 + 1] = 1;
    data[1] = 1;
    writeFileSync(npy, encodeNpyArray([3, 2, 2], data));
    expect(readNodeMaskFile('m', npy, 65)).toEqual({ nodes: [[0, 0, 1], [2, 1, 1]], shape: [3, 2, 2] });
    data[0] = 0.5;
    writeFileSync(npy, encodeNpyArray([3, 2, 2], data));
    expect(thrown(() => readNodeMaskFile('m', npy, 65)).message).toMatch(/has 0.5 at \[0, 0, 0\]; mask entries must be 0 or 1/);
    writeFileSync(npy, encodeNpyArray([3, 4], new Float64Array(12)));
    expect(thrown(() => readNodeMaskFile('m', npy, 65)).message).toMatch(/shape \(3, 4\); a mask is 3-D/);
    writeFileSync(npy, encodeNpyArray([70, 1, 1], new Float64Array(70)));
    expect(thrown(() => readNodeMaskFile('m', npy, 65)).message).toMatch(/at most 65 along a side/);
    writeFileSync(json, '[[0,0,');
    expect(thrown(() => readNodeMaskFile('m', json, 65)).message).toMatch(/is not valid JSON/);
    expect(thrown(() => readNodeMaskFile('m', join(dir, 'left face'), 65)).message).toMatch(/is neither a .json nor a .npy file/);
    expect(() => readNodeMaskFile('m', join(dir, 'missing.json'), 65)).toThrow(/missing\.json/);
  });
});
