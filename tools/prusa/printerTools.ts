/**
 * The Prusa tools on the neutral tool contract (tools/tool.ts), run by the Prusa MCP server
 * (mcp-servers/prusa): slicing with PrusaSlicer, and printers driven over PrusaLink. Every fault is
 * reported before anything changes on the printer: a busy printer, full storage, a wrong key, an
 * unreachable address, an STL that cannot be sliced. Real printers act on commands after a while:
 * start_print returns only once the printer is printing (or names why it did not start), and pause,
 * resume and cancel once the job shows it. Files are read only from the artifact folder; a
 * printer's folders are listed (at most MAX_ENTRIES entries) and uploaded into, and a camera
 * picture is saved into it as an image artifact.
 */
import { mkdir, realpath, stat, writeFile } from 'node:fs/promises';
import { basename, isAbsolute, join, relative, resolve } from 'node:path';
import type { PrinterSettings, PrusaSettings } from '../../config/prusaSettings.ts';
import { ConfigError, InfraError, InputError, NotFoundError } from '../errors.ts';
import { artifact, toolsWith } from '../tool.ts';
import { formatDuration } from './gcodeInfo.ts';
import { PrusaLink, statusStorages, type PrinterJob, type PrinterStatus } from './prusaLink.ts';
import { sliceStl, type SliceOptions } from './slicer.ts';
import * as specs from './toolSpecs.ts';

export interface PrinterContext {
  printers: readonly PrinterSettings[];
  client(printer: PrinterSettings): PrusaLink;
  slicer: { command: string; timeoutMs: number; profile?: string; profilesDir: string };
  /** Where G-code is written (inside the artifact folder, so the web UI links it). */
  gcodeDir: string;
  /** The only folder files are sliced or uploaded from. */
  artifactsRoot: string;
  /** How long a started print or a pause, resume or stop may take to show on the printer (ms). */
  settleMs?: number;
  /** How often the printer is asked meanwhile (ms). */
  pollMs?: number;
}

export function printerContext(settings: PrusaSettings, home: string): PrinterContext {
  const clients = new Map<string, PrusaLink>();
  const artifactsRoot = join(home, 'artifacts');
  return {
    printers: settings.printers,
    client: (p) => clients.get(p.name) ?? clients.set(p.name, new PrusaLink(p)).get(p.name)!,
    slicer: { ...settings.slicer, profilesDir: settings.slicer.profilesDir ?? join(home, 'slicer-profiles') },
    gcodeDir: join(artifactsRoot, 'gcode'),
    artifactsRoot,
  };
}

const define = toolsWith<PrinterContext>();

/** Whether `path` lies strictly inside `dir` (both absolute). */
function isInside(dir: string, path: string): boolean {
  const rel = relative(dir, path);
  return !!rel && !rel.startsWith('..') && !isAbsolute(rel);
}

function printerOf(ctx: PrinterContext, name: string | undefined): PrinterSettings {
  if (!ctx.printers.length) throw new ConfigError('no printer is configured', { hint: 'set ENGIAI_PRINTER_URL and ENGIAI_PRINTER_KEY, or list printers under prusa.printers in engiai.yaml' });
  if (name === undefined) return ctx.printers[0];
  const p = ctx.printers.find((x) => x.name === name);
  if (!p) throw new InputError(`no printer named "${name}"`, { field: 'printer', hint: `configured printers: ${ctx.printers.map((x) => x.name).join(', ')}` });
  return p;
}

/**
 * The real path of a file inside the artifact folder with the given extension, or a refusal. A
 * path outside the folder, a missing file, a link out of it and a folder all get the same words:
 * the answer never tells whether something exists outside.
 */
async function artifactFile(ctx: PrinterContext, path: string, field: string, ext: 'stl' | 'gcode'): Promise<string> {
  if (!path.toLowerCase().endsWith(`.${ext}`)) throw new InputError(`${field} must name a .${ext} file, got ${basename(path)}`, { field });
  const root = await realpath(ctx.artifactsRoot).catch(() => resolve(ctx.artifactsRoot));
  const refused = () => new NotFoundError(`no file at ${path} inside the artifact folder`, { hint: `give the ${field} a previous tool returned; files are read only from the artifact folder` });
  const given = resolve(path);
  if (!isInside(resolve(ctx.artifactsRoot), given) && !isInside(root, given)) throw refused();
  const real = await realpath(given).catch(() => null);
  if (!real || !isInside(root, real) || !(await stat(real).catch(() => null))?.isFile()) throw refused();
  return real;
}

const round = (x: number | undefined, d = 1) => (x === undefined ? undefined : Math.round(x * 10 ** d) / 10 ** d);
const BUSY = new Set(['PRINTING', 'PAUSED', 'BUSY', 'ERROR', 'ATTENTION']);

function statusView(name: string, s: PrinterStatus) {
  const p = s.printer;
  const free = statusStorages(s).find((x) => typeof x.free_space === 'number' && !x.read_only)?.free_space;
  return {
    printer: name,
    state: p.state,
    ...(s.job ? { progress: s.job.progress } : {}),
    temperatures: { nozzle: round(p.temp_nozzle), nozzle_target: round(p.target_nozzle), bed: round(p.temp_bed), bed_target: round(p.target_bed) },
    ...(s.job ? { job: { id: s.job.id, progress: s.job.progress, time_printing_s: s.job.time_printing, time_remaining_s: s.job.time_remaining } } : {}),
    ...(s.transfer ? { transfer: { id: s.transfer.id, progress: s.transfer.progress, time_transferring_s: s.transfer.time_transferring } } : {}),
    ...(free !== undefined ? { storage_free_bytes: free } : {}),
    ...(p.status_printer && !p.status_printer.ok ? { message: p.status_printer.message } : {}),
  };
}

export const listPrintersTool = define({
  ...specs.listPrintersSpec,
  async run(_args, ctx) {
    return { result: { printers: ctx.printers.map((p) => ({ name: p.name, url: p.url, storage: p.storage, auth: p.apiKey ? 'api-key' : p.password ? 'digest' : 'none' })) } };
  },
});

export const printerStatusTool = define({
  ...specs.printerStatusSpec,
  async run(args, ctx) {
    const p = printerOf(ctx, args.printer);
    return { result: statusView(p.name, await ctx.client(p).status()) };
  },
});

export const sliceStlTool = define({
  ...specs.sliceStlSpec,
  async run(args, ctx) {
    const stl = await artifactFile(ctx, args.stl_path, 'stl_path', 'stl');
    const profiles = ctx.slicer.profile ? [ctx.slicer.profile] : [];
    if (args.profile) {
      const file = join(ctx.slicer.profilesDir, `${args.profile}.ini`);
      if (!(await stat(file).catch(() => null))?.isFile()) throw new NotFoundError(`no slicer profile "${args.profile}" in ${ctx.slicer.profilesDir}`, { hint: 'save one with PrusaSlicer (--save NAME.ini) into that folder' });
      profiles.push(file);
    }
    // without a profile PrusaSlicer's defaults heat no bed: PLA's temperatures unless a filament or profile says otherwise
    const material = args.filament ?? (profiles.length ? undefined : 'PLA');
    const o: SliceOptions = { layerHeightMm: args.layer_height_mm, infillPercent: args.infill_percent, nozzleMm: args.nozzle_mm, filament: material, supports: args.supports, profiles };
    const r = await sliceStl(ctx.slicer, stl, ctx.gcodeDir, o);
    const i = r.info;
    const filament = [i.filamentMm !== null && `${(i.filamentMm / 1000).toFixed(2)} m`, i.filamentCm3 !== null && `${i.filamentCm3} cm³`, i.filamentG ? `${i.filamentG} g` : null].filter(Boolean).join(' · ');
    return {
      result: {
        gcode_path: r.gcodePath,
        estimated_print_time: i.printTimeText,
        print_seconds: i.printSeconds,
        filament_used_mm: i.filamentMm,
        filament_used_cm3: i.filamentCm3,
        filament_used_g: i.filamentG,
        layer_height_mm: i.layerHeightMm,
        fill_density: i.fillDensity,
        nozzle_mm: i.nozzleDiameterMm,
        filament: i.filamentType,
        stl: { facets: r.stl.facets, size_mm: r.stl.sizeMm.map((x) => round(x, 2)), volume_mm3: round(r.stl.volumeMm3, 1) },
        gcode_bytes: r.bytes,
        slicer: i.generator,
        summary: {
          'print time': i.printTimeText ?? (i.printSeconds !== null ? formatDuration(i.printSeconds) : 'unknown'),
          filament: filament || 'unknown',
          'layer height': i.layerHeightMm !== null ? `${i.layerHeightMm} mm` : 'profile',
          infill: i.fillDensity ?? 'profile',
          nozzle: i.nozzleDiameterMm !== null ? `${i.nozzleDiameterMm} mm` : 'profile',
          material: i.filamentType ?? 'profile',
          part: `${r.stl.sizeMm.map((x) => round(x, 1)).join(' × ')} mm`,
        },
      },
      artifacts: [artifact('file', r.gcodePath, 'gcode')],
    };
  },
});

/** Refuses an upload that cannot fit, where the printer tells its free space (MK4 and MINI do not: their 507 is named instead). */
async function checkSpace(link: PrusaLink, bytes: number): Promise<void> {
  const free = await link.freeSpace();
  if (free !== undefined && bytes > free) {
    throw new InfraError(`storage full: printer ${link.name} has ${free} bytes free on its storage, the G-code needs ${bytes}; nothing was uploaded`, {
      retryable: false,
      hint: 'delete old files on the printer, or slice with coarser settings',
    });
  }
}

export const uploadGcodeTool = define({
  ...specs.uploadGcodeSpec,
  async run(args, ctx) {
    const p = printerOf(ctx, args.printer);
    const gcode = await artifactFile(ctx, args.gcode_path, 'gcode_path', 'gcode');
    const link = ctx.client(p);
    await checkSpace(link, (await stat(gcode)).size);
    // both PrusaLink and the firmware make the folders of an upload's path
    const name = args.folder ? `${args.folder.replace(/\/+$/, '')}/${basename(gcode)}` : basename(gcode);
    const { bytes, storage } = await link.upload(gcode, name, { overwrite: args.overwrite });
    return { result: { printer: p.name, file: name, bytes, storage } };
  },
});

export const startPrintTool = define({
  ...specs.startPrintSpec,
  async run(args, ctx) {
    if ((args.file === undefined) === (args.gcode_path === undefined)) {
      throw new InputError('give exactly one of file (already on the printer) or gcode_path (upload and print)', { field: 'file', hint: 'upload_gcode returns the file name' });
    }
    const p = printerOf(ctx, args.printer);
    const link = ctx.client(p);
    const before = await link.status();
    if (BUSY.has(before.printer.state)) {
      const job = before.job ? ` (job ${before.job.id} at ${before.job.progress ?? 0} %)` : '';
      const fault = before.printer.state === 'ERROR' || before.printer.state === 'ATTENTION';
      const why = before.printer.status_printer && !before.printer.status_printer.ok ? `: ${before.printer.status_printer.message}` : '';
      throw new InfraError(`${fault ? 'needs attention' : 'printer busy'}: printer ${p.name} is ${before.printer.state}${job}${fault ? why : ''}: it cannot start another print; nothing was changed`, {
        retryable: false,
        hint: fault ? 'clear the fault on the printer first' : 'wait for it to finish (job_status), or cancel_print first',
      });
    }
    let name = args.file!;
    if (args.gcode_path !== undefined) {
      const gcode = await artifactFile(ctx, args.gcode_path, 'gcode_path', 'gcode');
      await checkSpace(link, (await stat(gcode)).size);
      name = basename(gcode);
      await link.upload(gcode, name, { printAfter: true, overwrite: true });
    } else await link.printFile(name);
    const { job, state } = await awaitPrinting(ctx, link, name, before);
    const meta = job?.file?.meta as Record<string, unknown> | undefined;
    return {
      result: {
        printer: p.name,
        file: name,
        job_id: job?.id ?? null,
        state: job?.state ?? state,
        ...(meta?.['estimated printing time (normal mode)'] ? { estimated_print_time: meta['estimated printing time (normal mode)'] } : {}),
      },
    };
  },
});

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * After the printer took a start: polls until it prints. A fault (ERROR, ATTENTION) or no start
 * within settleMs is a named error: the person learns the job never started, and why.
 */
async function awaitPrinting(ctx: PrinterContext, link: PrusaLink, name: string, before: PrinterStatus): Promise<{ job: PrinterJob | null; state: string }> {
  const t0 = Date.now();
  const settle = ctx.settleMs ?? 30_000;
  const base = name.split('/').pop();
  for (;;) {
    const s = await link.status();
    const state = s.printer.state;
    if (state === 'PRINTING') {
      const job = await link.job();
      if (job) return { job, state };
      // no job a moment after PRINTING: it ended in between (and was dropped); the next look says how
    }
    if (state === 'FINISHED') {
      // a print short enough to end between two looks: a new job of this file did run
      const job = await link.job();
      if (job && job.id !== before.job?.id && (job.file?.name === base || job.file?.display_name === base)) return { job, state };
      // Buddy firmware and Python PrusaLink drop an ended job (204): FINISHED where it was not before is this print, over already
      if (!job && before.printer.state !== 'FINISHED') return { job: null, state };
    }
    if (state === 'ERROR' || state === 'ATTENTION') {
      const why = s.printer.status_printer && !s.printer.status_printer.ok ? ` (${s.printer.status_printer.message})` : '';
      throw new InfraError(`needs attention: printer ${link.name} accepted the job but did not start: it is ${state}${why}; ${name} is on the printer`, {
        retryable: false,
        hint: 'fix what the printer shows on its screen, then start_print again with the file',
      });
    }
    if (Date.now() - t0 > settle) {
      throw new InfraError(`printer ${link.name} accepted the job but did not start: it is still ${state} after ${Math.round(settle / 1000)} s; ${name} is on the printer`, {
        retryable: false,
        hint: 'look at the printer (a dialog on its screen, a missing sheet or filament); printer_status shows its state',
      });
    }
    await pause(ctx.pollMs ?? 250);
  }
}

/** After a pause, resume or stop the printer accepted: waits until the job shows it (real printers take a while). */
async function awaitJob(ctx: PrinterContext, link: PrusaLink, id: number, verb: string, done: (job: PrinterJob | null, s: PrinterStatus) => boolean): Promise<{ job: PrinterJob | null; state: string }> {
  const t0 = Date.now();
  const settle = ctx.settleMs ?? 30_000;
  for (;;) {
    const [job, s] = [await link.job(), await link.status()];
    if (done(job, s)) return { job, state: job?.state ?? s.printer.state };
    if (Date.now() - t0 > settle) {
      throw new InfraError(`printer ${link.name} accepted ${verb} of job ${id} but still shows ${job?.state ?? s.printer.state} after ${Math.round(settle / 1000)} s`, {
        retryable: false,
        hint: 'look at the printer; job_status shows what it does now',
      });
    }
    await pause(ctx.pollMs ?? 250);
  }
}

async function currentJob(ctx: PrinterContext, printer: string | undefined, jobId: number | undefined, verb: string) {
  const p = printerOf(ctx, printer);
  const link = ctx.client(p);
  if (jobId !== undefined) return { p, link, id: jobId };
  const job = await link.job();
  if (!job) throw new InputError(`printer ${p.name} has no job to ${verb}`, { field: 'job_id', hint: 'printer_status shows what it is doing' });
  return { p, link, id: job.id };
}

const ENDED = new Set(['STOPPED', 'FINISHED', 'IDLE', 'READY']);
const SHOWS: Record<'pause' | 'resume' | 'stop', (job: PrinterJob | null, s: PrinterStatus) => boolean> = {
  pause: (job) => job?.state === 'PAUSED',
  resume: (job) => job?.state === 'PRINTING',
  // Python PrusaLink drops an ended job (204): the printer's state says it stopped
  stop: (job, s) => (job ? job.state === 'STOPPED' : ENDED.has(s.printer.state)),
};

async function afterControl(ctx: PrinterContext, link: PrusaLink, p: PrinterSettings, id: number, verb: keyof typeof SHOWS) {
  const { job, state } = await awaitJob(ctx, link, id, verb, SHOWS[verb]);
  return { result: { printer: p.name, job_id: id, state, progress: job?.progress ?? null } };
}

export const pausePrintTool = define({
  ...specs.pausePrintSpec,
  async run(args, ctx) {
    const { p, link, id } = await currentJob(ctx, args.printer, args.job_id, 'pause');
    await link.pause(id);
    return afterControl(ctx, link, p, id, 'pause');
  },
});

export const resumePrintTool = define({
  ...specs.resumePrintSpec,
  async run(args, ctx) {
    const { p, link, id } = await currentJob(ctx, args.printer, args.job_id, 'resume');
    await link.resume(id);
    return afterControl(ctx, link, p, id, 'resume');
  },
});

export const cancelPrintTool = define({
  ...specs.cancelPrintSpec,
  async run(args, ctx) {
    const { p, link, id } = await currentJob(ctx, args.printer, args.job_id, 'cancel');
    await link.stop(id);
    return afterControl(ctx, link, p, id, 'stop');
  },
});

export const jobStatusTool = define({
  ...specs.jobStatusSpec,
  async run(args, ctx) {
    const p = printerOf(ctx, args.printer);
    const job = await ctx.client(p).job();
    if (!job) return { result: { printer: p.name, job: null } };
    return {
      result: {
        printer: p.name,
        job: { id: job.id, state: job.state, progress: job.progress, time_printing_s: job.time_printing, time_remaining_s: job.time_remaining ?? null, file: job.file?.display_name ?? job.file?.name ?? null },
      },
    };
  },
});

/** Most folder entries handed back (a USB drive may hold thousands of files; the model reads a page of them). */
export const MAX_ENTRIES = 200;

export const listPrinterFilesTool = define({
  ...specs.listPrinterFilesSpec,
  async run(args, ctx) {
    const p = printerOf(ctx, args.printer);
    const link = ctx.client(p);
    const folder = args.folder ?? '';
    const entries = await link.listFolder(folder);
    const storage = (await link.storage()).path.replace(/^\/+|\/+$/g, '');
    return {
      result: {
        printer: p.name,
        storage,
        folder,
        ...(entries.length > MAX_ENTRIES ? { more: entries.length - MAX_ENTRIES } : {}),
        entries: entries.slice(0, MAX_ENTRIES).map((e) => ({ name: e.display_name ?? e.name, type: e.type, ...(typeof e.size === 'number' ? { size: e.size } : {}), ...(typeof e.m_timestamp === 'number' ? { m_timestamp: e.m_timestamp } : {}), path: folder ? `${folder}/${e.display_name ?? e.name}` : (e.display_name ?? e.name) })),
      },
    };
  },
});

export const cameraSnapshotTool = define({
  ...specs.cameraSnapshotSpec,
  async run(args, ctx) {
    const p = printerOf(ctx, args.printer);
    const shot = await ctx.client(p).snapshot();
    const dir = join(ctx.artifactsRoot, 'camera');
    await mkdir(dir, { recursive: true });
    const path = join(dir, `${p.name}-${new Date().toISOString().replace(/[:.]/g, '-')}.${shot.mediaType === 'image/png' ? 'png' : 'jpg'}`);
    await writeFile(path, shot.bytes);
    return { result: { printer: p.name, image_path: path, media_type: shot.mediaType, bytes: shot.bytes.length }, artifacts: [artifact('image', path, `camera of ${p.name}`)] };
  },
});

export const PRINTER_TOOLS = [listPrintersTool, printerStatusTool, sliceStlTool, uploadGcodeTool, startPrintTool, jobStatusTool, pausePrintTool, resumePrintTool, cancelPrintTool, listPrinterFilesTool, cameraSnapshotTool] as const;
