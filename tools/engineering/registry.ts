/**
 * The registry of problems, keyed by id (EngiBench's BUILTIN_PROBLEMS).
 * Each problem module registers itself here by being listed below.
 */
import { InputError } from '../errors.ts';
import { useSymbolicStore } from './linalg/symbolicCache.ts';
import { useBinaryStore } from './linalg/wasm/binarySource.ts';
import type { Problem } from './problem.ts';
import { fileBinaryStore } from './store/binaryCache.ts';

// Engines load lazily below; the binaries they build (the linear solver's WebAssembly kernels and its
// symbolic analyses of large patterns, the 32 newest) are kept under ENGIAI_HOME/cache, a folder only this layer may touch.
useBinaryStore(fileBinaryStore('wasm'));
useSymbolicStore(fileBinaryStore('symbolic', { maxFiles: 32 }));

const factories = new Map<string, () => Promise<Problem>>();

export function registerProblem(id: string, factory: () => Promise<Problem>): void {
  if (factories.has(id)) throw new Error(`problem "${id}" is registered twice`);
  factories.set(id, factory);
}

export function problemIds(): string[] {
  return [...factories.keys()].sort();
}

/** Older versions a person can still ask for as `<id>@<version>` (e.g. `beams2d@0`). */
const versioned = new Map<string, () => Promise<Problem>>();

export function registerProblemVersion(id: string, version: number, factory: () => Promise<Problem>): void {
  versioned.set(`${id}@${version}`, factory);
}

/** The `<id>@<version>` keys of older versions, sorted. */
export function olderVersions(): string[] {
  return [...versioned.keys()].sort();
}

export async function getProblem(id: string): Promise<Problem> {
  const key = id.toLowerCase();
  const f = factories.get(key) ?? versioned.get(key);
  if (!f) {
    const [base, version] = key.split('@');
    if (version !== undefined && factories.has(base)) {
      const p = await factories.get(base)!();
      if (String(p.version) === version) return p;
    }
    throw new InputError(`unknown problem "${id}"`, { field: 'problem', hint: `available: ${problemIds().join(', ')} (older versions: ${olderVersions().join(', ') || 'none'})` });
  }
  return f();
}

export async function allProblems(): Promise<Problem[]> {
  return Promise.all(problemIds().map((id) => getProblem(id)));
}

// Built-in problems (lazy, so the CLI's --help stays fast).
registerProblem('beams2d', async () => (await import('./beams2d/problem.ts')).beams2d);
registerProblem('photonics2d', async () => (await import('./photonics2d/problem.ts')).photonics2d);
registerProblem('beams3d', async () => (await import('./beams3d/problem.ts')).beams3d);
registerProblem('thermoelastic2d', async () => (await import('./thermoelastic2d/problem.ts')).thermoelastic2d);
registerProblem('thermoelastic3d', async () => (await import('./thermoelastic3d/problem.ts')).thermoelastic3d);
registerProblem('heatconduction2d', async () => (await import('./heatconduction2d/problem.ts')).heatconduction2d);
registerProblem('heatconduction3d', async () => (await import('./heatconduction3d/problem.ts')).heatconduction3d);
registerProblemVersion('beams2d', 0, async () => (await import('./beams2d/problem.ts')).beams2dV0);
