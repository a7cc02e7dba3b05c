/** The work behind `engiai export-stl`. */
import { writeFile, mkdir } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import { InputError } from '../../tools/errors.ts';
import type { ExportStlOpts } from '../commands/exportStl.ts';
import { attachToArtifact, designStore } from './artifacts.ts';

function num(flag: string, raw: string, positive: boolean): number {
  const v = Number(raw);
  if (raw.trim() === '' || !Number.isFinite(v) || (positive && v <= 0)) {
    throw new InputError(`--${flag} must be a ${positive ? 'positive ' : ''}number, got "${raw}"`, { field: flag });
  }
  return v;
}

export async function runExportStl(opts: ExportStlOpts): Promise<void> {
  const threshold = num('threshold', opts.threshold, false);
  if (threshold <= 0 || threshold >= 1) throw new InputError(`--threshold must lie in (0, 1), got ${threshold}`, { field: 'threshold' });
  const params = { threshold, scaleXy: num('scale-xy', opts.scaleXy, true), scaleZ: num('scale-z', opts.scaleZ, true), mirrorY: Boolean(opts.mirrorY) };
  // Any 2-D density exports; the problem does not matter here.
  const { design, meta } = await designStore().load(opts.design);
  const { exportStl } = await import('../../tools/engineering/export/stl.ts');
  const result = await exportStl(design, params);
  let path: string;
  if (opts.out) {
    path = resolve(opts.out);
    await mkdir(dirname(path), { recursive: true });
    await writeFile(path, result.stl);
  } else if (meta) {
    path = await attachToArtifact(meta.id, `design-t${threshold}-xy${params.scaleXy}-z${params.scaleZ}${params.mirrorY ? '-mirror' : ''}.stl`, result.stl);
  } else {
    throw new InputError('--out is required when the design is a .npy file rather than a stored artifact', { field: 'out' });
  }
  const summary = { stl: path, triangles: result.triangles, volume: result.volume, watertight: result.watertight, genus: result.genus, params };
  if (opts.json) process.stdout.write(JSON.stringify(summary) + '\n');
  else {
    process.stdout.write(
      `wrote ${path}\n  triangles ${result.triangles}, volume ${result.volume.toFixed(3)}, genus ${result.genus}, watertight ${result.watertight ? 'yes' : 'NO'}\n`,
    );
  }
  if (!result.watertight) process.exitCode = 1;
}
