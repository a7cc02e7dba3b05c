import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { InputError } from '../../../tools/errors.ts';
import { decodeNpy, encodeNpy, readNpyHeader } from '../../../tools/engineering/store/npy.ts';
import type { Design } from '../../../tools/engineering/problem.ts';

/** The system Python has NumPy (the pyenv `python3` on PATH does not). */
const PY = '/usr/bin/python3';
const dir = mkdtempSync(join(tmpdir(), 'engiai-npy-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function py(script: string): string {
  return execFileSync(PY, ['-c', script], { encoding: 'utf8' });
}

function design(rows: number, cols: number, f: (r: number, c: number) => number): Design {
  const data = new Float64Array(rows * cols);
  for (let r = 0; r < rows; r++) for (let c = 0; c < cols; c++) data[r * cols + c] = f(r, c);
  return { shape: [rows, cols], data };
}

describe('encodeNpy', () => {
  it('writes a v1.0 <f8 C-order file that NumPy reads back exactly', () => {
    const d = design(5, 7, (r, c) => Math.sin(r * 7 + c) * 1e3 + 1 / (1 + c));
    const path = join(dir, 'ours.npy');
    writeFileSync(path, encodeNpy(d));
    const out = py(
      `import numpy as np, json; a = np.load(${JSON.stringify(path)}); ` +
        `print(json.dumps({'dtype': str(a.dtype), 'shape': list(a.shape), 'c': bool(a.flags['C_CONTIGUOUS']), 'v': [float.hex(float(x)) for x in a.ravel()]}))`,
    );
    const got = JSON.parse(out) as { dtype: string; shape: number[]; c: boolean; v: string[] };
    expect(got.dtype).toBe('float64');
    expect(got.shape).toEqual([5, 7]);
    expect(got.c).toBe(true);
    const back = got.v.map((h) => pyHexToNumber(h));
    expect(back).toEqual(Array.from(d.data));
  });

  it('aligns the data to 64 bytes and round-trips through our decoder', () => {
    const d = design(50, 100, (r, c) => (r * 100 + c) / 5000);
    const bytes = encodeNpy(d);
    const h = readNpyHeader(bytes);
    expect(h.dataOffset % 64).toBe(0);
    expect(h.version).toEqual([1, 0]);
    const back = decodeNpy(bytes);
    expect(back.shape).toEqual([50, 100]);
    expect(Array.from(back.data)).toEqual(Array.from(d.data));
  });

  it('rejects data that does not match the shape', () => {
    expect(() => encodeNpy({ shape: [2, 3], data: new Float64Array(5) })).toThrow(InputError);
  });
});

/** Parses Python's float.hex() output ("0x1.8p+1", "-0x0.0p+0", "inf"). */
function pyHexToNumber(h: string): number {
  const m = /^(-?)0x([01])\.([0-9a-f]*)p([+-]\d+)$/.exec(h);
  if (!m) return Number(h);
  const mant = Number.parseInt(m[2], 16) + (m[3] ? Number.parseInt(m[3], 16) / 16 ** m[3].length : 0);
  const v = mant * 2 ** Number(m[4]);
  return m[1] ? -v : v;
}

describe('decodeNpy with files NumPy wrote', () => {
  it('reads float32 in Fortran order as row-major values', () => {
    const path = join(dir, 'f32f.npy');
    py(`import numpy as np; a = np.asfortranarray((np.arange(12).reshape(3, 4) / 8).astype('<f4')); np.save(${JSON.stringify(path)}, a)`);
    const bytes = new Uint8Array(readFileSync(path));
    expect(readNpyHeader(bytes).fortranOrder).toBe(true);
    const d = decodeNpy(bytes);
    expect(d.shape).toEqual([3, 4]);
    expect(Array.from(d.data)).toEqual(Array.from({ length: 12 }, (_, k) => k / 8));
  });

  it('reads big-endian float64, uint8, int32, int64 and bool', () => {
    const cases: [string, string, number[]][] = [
      ['>f8', 'np.array([[1.5, -2.25], [3e-300, 7.0]], dtype=">f8")', [1.5, -2.25, 3e-300, 7]],
      ['|u1', 'np.array([[0, 255, 7]], dtype=np.uint8)', [0, 255, 7]],
      ['<i4', 'np.array([[-5], [6]], dtype="<i4")', [-5, 6]],
      ['<i8', 'np.array([[-(2**40), 2**40]], dtype="<i8")', [-(2 ** 40), 2 ** 40]],
      ['|b1', 'np.asfortranarray(np.array([[True, False, True], [False, False, True]]))', [1, 0, 1, 0, 0, 1]],
    ];
    const pathOf = (descr: string) => join(dir, `case-${descr.replace(/[^a-z0-9]/gi, '')}.npy`);
    py(['import numpy as np', ...cases.map(([descr, expr]) => `np.save(${JSON.stringify(pathOf(descr))}, ${expr})`)].join('\n'));
    for (const [descr, , want] of cases) {
      const bytes = new Uint8Array(readFileSync(pathOf(descr)));
      expect(readNpyHeader(bytes).descr).toBe(descr);
      expect(Array.from(decodeNpy(bytes).data)).toEqual(want);
    }
  });

  it('reads a 1-D array only with an explicit shape', () => {
    const path = join(dir, 'flat.npy');
    py(`import numpy as np; np.save(${JSON.stringify(path)}, np.linspace(0, 1, 6))`);
    const bytes = new Uint8Array(readFileSync(path));
    expect(() => decodeNpy(bytes)).toThrow(/needs an explicit shape/);
    expect(() => decodeNpy(bytes, { shape: [4, 2] })).toThrow(/cannot be reshaped/);
    const d = decodeNpy(bytes, { shape: [2, 3] });
    expect(d.shape).toEqual([2, 3]);
    expect(d.data[5]).toBe(1);
  });

  it('reads format version 2.0 and 3.0 headers', () => {
    for (const version of ['(2, 0)', '(3, 0)']) {
      const path = join(dir, `v${version[1]}.npy`);
      py(
        `import numpy as np; from numpy.lib import format as F; a = np.eye(3);\n` +
          `with open(${JSON.stringify(path)}, 'wb') as f: F.write_array(f, a, version=${version})`,
      );
      const bytes = new Uint8Array(readFileSync(path));
      expect(readNpyHeader(bytes).version[0]).toBe(Number(version[1]));
      expect(Array.from(decodeNpy(bytes).data)).toEqual([1, 0, 0, 0, 1, 0, 0, 0, 1]);
    }
  });

  it('reads 3-D arrays NumPy wrote, in C and in Fortran order, as C-order designs (Beams3D)', () => {
    py(['import numpy as np', `a = np.arange(24, dtype='<f4').reshape(2, 3, 4)`, `np.save(${JSON.stringify(join(dir, 'c3.npy'))}, a)`, `np.save(${JSON.stringify(join(dir, 'f3.npy'))}, np.asfortranarray(a))`].join('\n'));
    for (const name of ['c3.npy', 'f3.npy']) {
      const d = decodeNpy(new Uint8Array(readFileSync(join(dir, name))), { source: name });
      expect(d.shape).toEqual([2, 3, 4]);
      expect(Array.from(d.data)).toEqual(Array.from({ length: 24 }, (_, i) => i));
    }
    const round = decodeNpy(encodeNpy({ shape: [2, 3, 4], data: Float64Array.from({ length: 24 }, (_, i) => i / 7) }));
    expect(round.shape).toEqual([2, 3, 4]);
    expect(round.data[23]).toBe(23 / 7);
    expect(() => decodeNpy(new Uint8Array(readFileSync(join(dir, 'c3.npy'))), { shape: [4, 3, 2] })).toThrow(/array has shape \(2, 3, 4\) but shape \[4, 3, 2\] was expected/);
  });

  it('rejects 4-D, object, complex, truncated and non-npy input with clear messages', () => {
    const arrays: Record<string, string> = {
      '4d.npy': 'np.zeros((2, 2, 2, 2))',
      'obj.npy': 'np.array([[1, "a"]], dtype=object)',
      'cplx.npy': 'np.zeros((2, 2), dtype=complex)',
      'struct.npy': 'np.zeros((2, 2), dtype=[("a", "<f8"), ("b", "<i4")])',
    };
    const lines = Object.entries(arrays).map(([name, expr]) => `np.save(${JSON.stringify(join(dir, name))}, ${expr}, allow_pickle=True)`);
    py(['import numpy as np', ...lines].join('\n'));
    const save = (name: string, _expr: string) => new Uint8Array(readFileSync(join(dir, name)));
    expect(() => decodeNpy(save('4d.npy', 'np.zeros((2, 2, 2, 2))'))).toThrow(/4-D arrays are not designs/);
    expect(() => decodeNpy(save('obj.npy', 'np.array([[1, "a"]], dtype=object)'))).toThrow(/object arrays/);
    expect(() => decodeNpy(save('cplx.npy', 'np.zeros((2, 2), dtype=complex)'))).toThrow(/complex/);
    expect(() => decodeNpy(save('struct.npy', 'np.zeros((2, 2), dtype=[("a", "<f8"), ("b", "<i4")])'))).toThrow(/structured/);
    const good = encodeNpy(design(4, 4, () => 1));
    expect(() => decodeNpy(good.subarray(0, good.length - 3))).toThrow(/truncated data/);
    expect(() => decodeNpy(good.subarray(0, 20))).toThrow(/truncated .npy header/);
    const bad = good.slice();
    bad[1] = 0x41;
    expect(() => decodeNpy(bad, { source: 'x.npy' })).toThrow(/x\.npy is not a NumPy \.npy file/);
    expect(() => decodeNpy(good, { shape: [2, 8] })).toThrow(InputError);
  });
});
