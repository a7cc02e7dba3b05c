/** Shared pieces of the Prusa tests: a home with STL files, settings pointing at a simulator, a closed port. */
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig, type Env } from '../../../config/load.ts';
import type { EngiConfig } from '../../../config/schema.ts';

const CUBE = [
  [0, 0, 0], [20, 0, 0], [20, 20, 0], [0, 20, 0], [0, 0, 20], [20, 0, 20], [20, 20, 20], [0, 20, 20],
];
const FACES = [
  [0, 2, 1], [0, 3, 2], [4, 5, 6], [4, 6, 7], [0, 1, 5], [0, 5, 4], [1, 2, 6], [1, 6, 5], [2, 3, 7], [2, 7, 6], [3, 0, 4], [3, 4, 7],
];

/** An ASCII STL of the 20 mm cube, or of the cube with its last `drop` facets missing (not manifold). */
export function cubeStl(drop = 0): string {
  const facets = FACES.slice(0, FACES.length - drop).map((f) => ` facet normal 0 0 0\n  outer loop\n${f.map((i) => `   vertex ${CUBE[i].join(' ')}`).join('\n')}\n  endloop\n endfacet`);
  return `solid cube\n${facets.join('\n')}\nendsolid cube\n`;
}

export interface PrusaHome {
  home: string;
  parts: string;
  file(name: string, text: string): string;
}

export function prusaHome(): PrusaHome {
  const home = mkdtempSync(join(tmpdir(), 'engiai-prusa-'));
  const parts = join(home, 'artifacts', 'parts');
  mkdirSync(parts, { recursive: true });
  return {
    home,
    parts,
    file(name, text) {
      const path = join(parts, name);
      writeFileSync(path, text);
      return path;
    },
  };
}

export function printerConfig(home: string, env: Env): EngiConfig {
  return loadConfig({ env: { ENGIAI_HOME: home, ...env }, cwd: home });
}

/** A loopback port nothing listens on. */
export async function closedPort(): Promise<number> {
  const s = createServer();
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', () => r()));
  const port = (s.address() as { port: number }).port;
  await new Promise<void>((r) => s.close(() => r()));
  return port;
}

export async function until<T>(probe: () => Promise<T>, ok: (v: T) => boolean, timeoutMs = 20_000): Promise<T> {
  const t0 = Date.now();
  for (;;) {
    const v = await probe();
    if (ok(v)) return v;
    if (Date.now() - t0 > timeoutMs) throw new Error(`timed out waiting; last value ${JSON.stringify(v)}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}
