/** manifold-3d's WASM module, initialized once per process (the 2-D extrusion and the 3-D surface check share it). */
import Module, { type ManifoldToplevel } from 'manifold-3d';

let wasm: Promise<ManifoldToplevel> | undefined;
export function manifoldModule(): Promise<ManifoldToplevel> {
  wasm ??= Module().then((m) => {
    m.setup();
    return m;
  });
  return wasm;
}
