/**
 * STL → G-code with PrusaSlicer's command line (Debian's prusa-slicer 2.5 runs headless). The STL
 * is checked first (`--info`: it must load and be manifold), the G-code is written beside the
 * other artifacts under a temporary name and renamed when complete, so a failure leaves nothing.
 * Print time and filament use come from the G-code's own comments (gcodeInfo.ts).
 */
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdir, readFile, rename, rm, stat } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { ConfigError, InputError, NotFoundError, TimeoutError } from '../errors.ts';
import { FILAMENTS, type Filament } from './filaments.ts';
import { parseGcodeInfo, type GcodeInfo } from './gcodeInfo.ts';

export { FILAMENTS, type Filament };

export interface SliceOptions {
  layerHeightMm?: number;
  infillPercent?: number;
  nozzleMm?: number;
  filament?: Filament;
  supports?: boolean;
  /** Profile .ini files loaded in order (a printer profile, then a named one). */
  profiles?: string[];
}

export interface SlicerSettings {
  command: string;
  timeoutMs: number;
}

export interface StlInfo {
  facets: number;
  manifold: boolean;
  openEdges: number;
  sizeMm: [number, number, number];
  volumeMm3: number;
}

export interface SliceResult {
  gcodePath: string;
  info: GcodeInfo;
  stl: StlInfo;
  bytes: number;
  durationMs: number;
}

interface Run {
  code: number;
  out: string;
}

function run(s: SlicerSettings, args: string[]): Promise<Run> {
  return new Promise((resolve, reject) => {
    execFile(s.command, args, { timeout: s.timeoutMs, maxBuffer: 8 * 1024 * 1024, env: { PATH: '/usr/bin:/bin', HOME: '/tmp', LANG: 'C.UTF-8' } }, (err, stdout, stderr) => {
      const out = `${stdout}\n${stderr}`;
      if (!err) return resolve({ code: 0, out });
      const e = err as NodeJS.ErrnoException & { killed?: boolean; code?: number | string };
      if (e.code === 'ENOENT') return reject(new ConfigError(`PrusaSlicer not found at ${s.command}`, { hint: 'apt-get install prusa-slicer, or set prusa.slicer.command in engiai.yaml' }));
      if (e.killed) return reject(new TimeoutError(`PrusaSlicer took longer than ${s.timeoutMs} ms`, s.timeoutMs, { hint: 'raise prusa.slicer.timeoutMs or slice a smaller model' }));
      resolve({ code: typeof e.code === 'number' ? e.code : 1, out });
    });
  });
}

/** The lines of PrusaSlicer's output that say what went wrong (its trace and progress lines dropped). */
function errorLines(out: string): string {
  const lines = out
    .split('\n')
    .map((l) => l.replace(/^\[[^\]]*\] \[[^\]]*\] \[(\w+)\]\s*/, '$1: ').trim())
    .filter((l) => l && !/^trace:|^\d+ =>|^info:|^debug:/.test(l));
  return lines.slice(-4).join('; ') || 'no message';
}

export async function stlInfo(s: SlicerSettings, stlPath: string): Promise<StlInfo> {
  const r = await run(s, ['--info', stlPath]);
  const kv = new Map([...r.out.matchAll(/^(\w+)\s*=\s*(.+)$/gm)].map((m) => [m[1], m[2].trim()]));
  if (r.code !== 0 || !kv.has('number_of_facets')) {
    throw new InputError(`PrusaSlicer cannot read ${basename(stlPath)}: ${errorLines(r.out)}`, { field: 'stl_path', hint: 'export the STL again (convert_design_to_stl) and slice the new file' });
  }
  const n = (k: string) => Number(kv.get(k) ?? 0);
  return {
    facets: n('number_of_facets'),
    manifold: kv.get('manifold') === 'yes',
    openEdges: n('open_edges'),
    sizeMm: [n('size_x'), n('size_y'), n('size_z')],
    volumeMm3: n('volume'),
  };
}

function sliceArgs(o: SliceOptions): string[] {
  const args: string[] = [];
  for (const p of o.profiles ?? []) args.push('--load', p);
  if (o.layerHeightMm !== undefined) args.push('--layer-height', String(o.layerHeightMm));
  if (o.infillPercent !== undefined) args.push('--fill-density', `${o.infillPercent}%`);
  if (o.nozzleMm !== undefined) args.push('--nozzle-diameter', String(o.nozzleMm));
  if (o.filament) {
    const f = FILAMENTS[o.filament];
    args.push('--filament-type', o.filament, '--temperature', String(f.temperature), '--first-layer-temperature', String(f.temperature));
    args.push('--bed-temperature', String(f.bed), '--first-layer-bed-temperature', String(f.bed), '--filament-density', String(f.density));
  }
  if (o.supports !== undefined) args.push(o.supports ? '--support-material' : '--no-support-material');
  return args;
}

/** The G-code path for an STL and options: stable, so slicing the same input twice gives the same file. */
export function gcodePathFor(outDir: string, stlPath: string, o: SliceOptions): string {
  const hash = createHash('sha256').update(JSON.stringify([stlPath, o])).digest('hex').slice(0, 8);
  return join(outDir, `${basename(stlPath).replace(/\.stl$/i, '')}-${hash}.gcode`);
}

export async function sliceStl(s: SlicerSettings, stlPath: string, outDir: string, o: SliceOptions = {}): Promise<SliceResult> {
  const t0 = performance.now();
  const st = await stat(stlPath).catch(() => null);
  if (!st?.isFile()) throw new NotFoundError(`no STL file at ${stlPath}`, { hint: 'export one with convert_design_to_stl and pass its stl_path' });
  if (st.size === 0) throw new InputError(`${basename(stlPath)} is empty (0 bytes): nothing to slice`, { field: 'stl_path', hint: 'export the design again' });
  const stl = await stlInfo(s, stlPath);
  if (stl.facets === 0) throw new InputError(`${basename(stlPath)} has no facets: nothing to slice`, { field: 'stl_path' });
  if (!stl.manifold) {
    throw new InputError(`${basename(stlPath)} is not manifold (${stl.openEdges} open edges): it does not enclose a solid, so slicing it would not print what it shows`, {
      field: 'stl_path',
      hint: 'export a watertight STL (convert_design_to_stl checks this) and slice that',
    });
  }
  await mkdir(outDir, { recursive: true });
  const gcodePath = gcodePathFor(outDir, stlPath, o);
  const tmp = `${gcodePath}.${process.pid}.partial`;
  try {
    const r = await run(s, ['--export-gcode', '--loglevel', '1', ...sliceArgs(o), '--output', tmp, stlPath]);
    const written = await stat(tmp).catch(() => null);
    if (r.code !== 0 || !written?.size) throw new InputError(`PrusaSlicer could not slice ${basename(stlPath)}: ${errorLines(r.out)}`, { field: 'stl_path', hint: 'check the model size and the slicing settings' });
    const info = parseGcodeInfo(await readFile(tmp, 'utf8'));
    await rename(tmp, gcodePath);
    return { gcodePath, info, stl, bytes: written.size, durationMs: performance.now() - t0 };
  } finally {
    await rm(tmp, { force: true });
  }
}
