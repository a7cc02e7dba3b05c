/**
 * Seeded generators of hostile input for the fuzz test: random JSON, command-line flags, .npy
 * files with random headers, and paths. Everything derives from one seed, so a failure is
 * reproduced by running again with the seed it prints (ENGIAI_FUZZ_SEED).
 */
import { join } from 'node:path';

export class Hostile {
  constructor(readonly random: () => number) {}

  int(lo: number, hi: number): number {
    return lo + Math.floor(this.random() * (hi - lo + 1));
  }

  pick<T>(xs: readonly T[]): T {
    return xs[Math.floor(this.random() * xs.length)];
  }

  chance(p: number): boolean {
    return this.random() < p;
  }

  /** Strings people and attackers send: empty, huge, unicode, control characters, traversal, injection. */
  string(): string {
    return this.pick<() => string>([
      () => '',
      () => ' '.repeat(this.int(1, 40)),
      () => 'x'.repeat(this.int(1, 30_000)),
      () => '../'.repeat(this.int(1, 8)) + 'etc/passwd',
      () => '%2e%2e%2f%00\u0000\u202e\ud800',
      () => '<script>alert(1)</script>',
      () => "'; DROP TABLE threads; --",
      () => '$(touch /tmp/pwned)`id`',
      () => 'Optimize a beams2d beam with volfrac 0.4, forcedist 0.5 and rmin 2 on a 20x10 grid with max_iter 2',
      () => `optimize on a ${this.int(1, 10 ** this.int(1, 7))}x${this.int(1, 500)} grid`,
      () => '😀'.repeat(this.int(1, 50)),
      () => String.fromCharCode(...Array.from({ length: this.int(1, 40) }, () => this.int(0, 0xffff))),
      () => 'beams2d-' + '0'.repeat(16),
      () => '__proto__',
    ])();
  }

  number(): number {
    return this.pick([0, -1, 1, 0.5, 1e308, -1e308, 5e-324, 2 ** 53, 2 ** 31, 100_000, 2001, 1e9, 3.7, -0, 0.4, 2, 20, 10]);
  }

  /** Random JSON of bounded depth. */
  json(depth = 3): unknown {
    const kind = depth <= 0 ? this.int(0, 3) : this.int(0, 5);
    switch (kind) {
      case 0:
        return this.pick([null, true, false]);
      case 1:
        return this.number();
      case 2:
        return this.string();
      case 3:
        return this.pick(['beams2d', 'photonics2d', 'thermoelastic2d', 'beams2d@0', 'offline', 'yes', 'no']);
      case 4:
        return Array.from({ length: this.int(0, 4) }, () => this.json(depth - 1));
      default: {
        const out: Record<string, unknown> = {};
        const keys = ['message', 'resume', 'title', 'model', 'approvals', 'problem', 'conditions', 'config', 'design_id', 'nelx', 'nely', 'max_iter', 'volfrac', 'threshold', '__proto__', 'constructor', this.string().slice(0, 20)];
        for (let i = this.int(0, 5); i > 0; i--) out[this.pick(keys)] = this.json(depth - 1);
        return out;
      }
    }
  }

  /** A number as text, the way a careless person or a script writes one. */
  numberText(): string {
    return this.pick(['0', '-1', '1', '0.35', '.4', '2e0', '1e308', '-1e308', 'NaN', 'Infinity', '0x1', '0b1', '1_0', '', ' ', '١', '1,5', '99999999', '2001', '5001', '3', '20', '10', '1e-320', '--', 'true']);
  }

  /**
   * A path for an output or a design: inside `sandbox` (plain, nested, with `..` that stays
   * inside, odd characters, too long) or one of a few system paths that can never be written.
   */
  path(sandbox: string, ext: string): string {
    return this.pick<() => string>([
      () => join(sandbox, 'out', `f${this.int(0, 99)}${ext}`),
      () => join(sandbox, 'out', `d${this.int(0, 9)}`, `n${this.int(0, 9)}`, `f${ext}`),
      () => join(sandbox, 'out', 'a', '..', `b${ext}`),
      () => join(sandbox, 'out', `sp ace ${this.int(0, 9)}${ext}`),
      () => join(sandbox, 'out', `${'L'.repeat(300)}${ext}`),
      () => join(sandbox, 'out'),
      () => join(sandbox, 'out', 'a-file', `under${ext}`),
      () => '/proc/engiai-fuzz' + ext,
      () => '/proc/engiai-fuzz/x/y' + ext,
      () => '/dev/full',
      () => '/dev/null',
      () => '/etc/passwd/engiai-fuzz' + ext,
      () => '',
    ])();
  }

  /** Bytes of a .npy file: a valid header or a mangled one, then some data. */
  npy(): Uint8Array {
    const descr = this.pick(["'<f8'", "'<f4'", "'>f8'", "'<i8'", "'|b1'", "'<c16'", "'O'", "'<U3'", "'<f16'", "'<f8", '42', "'<f8'"]);
    const shape = this.pick(['(10, 20)', '(2, 3)', '(3,)', '()', '(0, 5)', '(-1, 4)', '(100000, 100000)', '(2**40,)', '(1e3, 2)', '(4, 4, 4)', '(2, 3', "('a', 1)", '(10, 20)']);
    const fortran = this.pick(['False', 'True', '1', 'None']);
    const header = this.chance(0.15) ? this.string().slice(0, 200) : `{'descr': ${descr}, 'fortran_order': ${fortran}, 'shape': ${shape}, }`;
    const version = this.pick([[1, 0], [2, 0], [3, 0], [9, 9]]);
    const magic = this.chance(0.9) ? [0x93, ...Buffer.from('NUMPY')] : [0x93, ...Buffer.from('NUMPX')];
    const text = Buffer.from(header + ' '.repeat(this.int(0, 20)) + '\n', 'latin1');
    const lenBytes = version[0] === 1 ? [text.length & 0xff, text.length >> 8] : [text.length & 0xff, (text.length >> 8) & 0xff, 0, 0];
    const claimed = this.chance(0.1) ? [0xff, 0xff, 0xff, 0x7f].slice(0, lenBytes.length) : lenBytes;
    const data = new Uint8Array(this.pick([0, 7, 48, 1600, 8 * 200]));
    for (let i = 0; i < data.length; i++) data[i] = this.int(0, 255);
    return new Uint8Array([...magic, ...version, ...claimed, ...text, ...data]);
  }
}
