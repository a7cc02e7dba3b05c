/** The work behind `engiai export-stl`: the workflow's STL export, stored beside the design or written to --out. */
import { engineeringContext } from '../../tools/engineering/context.ts';
import { solidBlock } from '../../tools/engineering/export/solidBlock.ts';
import { getProblem } from '../../tools/engineering/registry.ts';
import { defaultScaleZ, exportStoredStl, loadStored, type StlParams } from '../../tools/engineering/workflow.ts';
import { InputError } from '../../tools/errors.ts';
import { writeOutputFile } from '../../tools/fileFaults.ts';
import type { ExportStlOpts } from '../commands/exportStl.ts';
import { DECIMAL } from '../conditionArgs.ts';
import { refuseEmptyPaths } from '../shared.ts';

function num(flag: string, raw: string, positive: boolean): number {
  const v = Number(raw);
  if (!DECIMAL.test(raw.trim()) || !Number.isFinite(v) || (positive && v <= 0)) {
    throw new InputError(`--${flag} must be a ${positive ? 'positive ' : ''}number, got "${raw}"`, { field: flag });
  }
  return v;
}

export async function runExportStl(opts: ExportStlOpts): Promise<void> {
  await refuseEmptyPaths(opts as unknown as Record<string, unknown>, { out: 'out', design: 'design' });
  const threshold = num('threshold', opts.threshold, false);
  if (threshold <= 0 || threshold >= 1) throw new InputError(`--threshold must lie in (0, 1), got ${threshold}`, { field: 'threshold' });
  const scaleXy = num('scale-xy', opts.scaleXy, true);
  const givenZ = opts.scaleZ === undefined ? undefined : num('scale-z', opts.scaleZ, true);
  const ctx = engineeringContext();
  // any 2-D or 3-D density exports; a 3-D one is read in its problem's axes (solidBlock.ts)
  const loaded = await ctx.store.loadFile(opts.design);
  const params: StlParams = { threshold, scaleXy, scaleZ: givenZ ?? defaultScaleZ(loaded.design, scaleXy), mirrorY: Boolean(opts.mirrorY) };
  let path: string;
  let result;
  if (opts.out) {
    // a stored design is read as a solid in its problem's axes; a bare .npy as [ny, nx, nz] (Beams3D's order)
    const problem = loaded.meta?.problem ? await getProblem(loaded.meta.problem) : undefined;
    result = await ctx.exporters.exportStl(solidBlock(loaded.design, problem?.solidAxes), params);
    path = await writeOutputFile(opts.out, result.stl);
  } else if (loaded.meta?.id) {
    const exported = await exportStoredStl(ctx, await loadStored(ctx, loaded.meta.id), params);
    result = exported.result;
    path = exported.artifact.path;
  } else {
    throw new InputError('--out is required when the design is a .npy file rather than a stored artifact', { field: 'out' });
  }
  const vf = result.volumeFraction;
  const summary = { stl: path, triangles: result.triangles, volume: result.volume, watertight: result.watertight, genus: result.genus, params, ...(vf ? { volume_fraction: vf } : {}) };
  if (opts.json) process.stdout.write(JSON.stringify(summary) + '\n');
  else {
    process.stdout.write(`wrote ${path}\n  triangles ${result.triangles}, volume ${result.volume.toFixed(3)}, genus ${result.genus}, watertight ${result.watertight ? 'yes' : 'NO'}\n`);
    if (vf) {
      process.stdout.write(`  volume fraction: mesh ${vf.mesh.toFixed(4)}, design ${vf.design.toFixed(4)} (${vf.ok ? 'within' : 'NOT within'} ${vf.tolerance})\n`);
    }
  }
  if (!result.watertight) process.exitCode = 1;
}
