/**
 * What a start_print approval says, in the person's words: which printer (name and address), which
 * file, and the estimated print time and filament from the sliced G-code's own metadata (the
 * comments PrusaSlicer writes, gcodeInfo.ts). Resolved where the agent runs, before it asks: a
 * `gcode_path` inside the artifact folder, or a `file` already on the printer that was sliced here
 * (the artifact folder's gcode/ holds it under the same name). A G-code it cannot read is said so,
 * never guessed. Only the start and the end of the file are read (where the metadata lies).
 */
import { closeSync, fstatSync, openSync, readSync, realpathSync } from 'node:fs';
import { basename, isAbsolute, join, relative, resolve } from 'node:path';
import type { ApprovalSubject } from '../tool.ts';
import { formatDuration, parseGcodeInfo } from './gcodeInfo.ts';

export interface StartPrintSubjectContext {
  printers: readonly { name: string; url: string }[];
  artifactsRoot: string;
}

/** Bytes read from each end of the G-code: PrusaSlicer writes its estimates and settings there. */
const END_BYTES = 96 * 1024;

function inside(dir: string, path: string): boolean {
  const rel = relative(dir, path);
  return !!rel && !rel.startsWith('..') && !isAbsolute(rel);
}

/** The head and tail of a file inside the artifact folder, or null (missing, outside, not a file). */
function readEnds(root: string, path: string): string | null {
  let fd: number | undefined;
  try {
    const realRoot = realpathSync(root);
    const real = realpathSync(resolve(path));
    if (!inside(realRoot, real)) return null;
    fd = openSync(real, 'r');
    const size = fstatSync(fd).size;
    const read = (at: number, n: number) => {
      const buf = Buffer.alloc(n);
      return buf.subarray(0, readSync(fd!, buf, 0, n, at)).toString('utf8');
    };
    return size <= 2 * END_BYTES ? read(0, size) : `${read(0, END_BYTES)}\n${read(size - END_BYTES, END_BYTES)}`;
  } catch {
    return null;
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}

function filamentText(i: ReturnType<typeof parseGcodeInfo>): string | null {
  const parts = [i.filamentMm !== null && `${(i.filamentMm / 1000).toFixed(2)} m`, i.filamentG ? `${i.filamentG} g` : i.filamentCm3 !== null && `${i.filamentCm3} cm³`, i.filamentType].filter(Boolean);
  return parts.length ? parts.join(' · ') : null;
}

/** The approval subject of a start_print call (`args` already match its schema). */
export function startPrintSubject(ctx: StartPrintSubjectContext, args: { printer?: string; file?: string; gcode_path?: string }): ApprovalSubject {
  const printer = args.printer === undefined ? ctx.printers[0] : ctx.printers.find((p) => p.name === args.printer);
  const file = args.gcode_path !== undefined ? basename(args.gcode_path) : (args.file ?? null);
  const gcode = args.gcode_path ?? (args.file ? join(ctx.artifactsRoot, 'gcode', args.file) : null);
  const text = gcode ? readEnds(ctx.artifactsRoot, gcode) : null;
  const info = text === null ? null : parseGcodeInfo(text);
  const unknown = args.gcode_path !== undefined ? 'not known (the G-code is not in the artifact folder)' : 'not known (the file was not sliced here)';
  const time = info?.printTimeText ?? (info?.printSeconds != null ? formatDuration(info.printSeconds) : null);
  return {
    printer: printer ? `${printer.name} (${printer.url})` : (args.printer ?? 'none configured'),
    file,
    ...(args.gcode_path !== undefined ? { action: 'upload the G-code to the printer and start printing it' } : { action: 'start printing the file on the printer' }),
    estimated_print_time: time ?? (info ? 'not in the G-code' : unknown),
    filament: (info && filamentText(info)) ?? (info ? 'not in the G-code' : unknown),
    ...(info?.layerHeightMm != null ? { layer_height: `${info.layerHeightMm} mm` } : {}),
    ...(info?.temperatureC != null ? { temperatures: `nozzle ${info.temperatureC} °C, bed ${info.bedTemperatureC ?? '?'} °C` } : {}),
  };
}
