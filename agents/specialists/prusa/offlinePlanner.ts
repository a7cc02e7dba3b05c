/**
 * The offline Prusa agent: from the task (the person's request and what earlier agents of this turn
 * produced, e.g. an STL path) it picks the next call of slice_stl → upload_gcode → start_print (the
 * person approves the start; "into the folder jobs" uploads there), answers status questions with
 * printer_status / job_status, lists the printer's files (list_printer_files), takes a camera
 * picture (camera_snapshot), and pauses, resumes or cancels a job. It asks for the STL when none is in sight — unless the request
 * is to upload or print and no printer is configured: then it says so (slicing still works).
 */
import { errorText, writeTask, type DoneCall, type Plan, type PlannedCall, type SpecialistTask } from '../specialistTask.ts';

/** Every place a request names printing (global: matchAll walks them). */
const MENTIONS =
  /\b(?:3d[-\s]?print(?:er|ing)?s?|printers?|prusa|slic(?:e|ing)|g-?code|print(?:ing)? (?:it|them|this|that|the)\b|print status|print job|(?:pause|resume|cancel|stop) (?:the )?print)/gi;

/** "export it for 3D printing", "an STL for 3-D printing": a purpose of an export, not a print job. */
const EXPORT_PURPOSE = /\b(?:export|convert|save|stl)\b[^.?!\n]{0,40}\bfor (?:a )?$/i;

/** Where a request asks for slicing or a printer, or -1. */
export function prusaMentionedAt(request: string): number {
  for (const m of request.matchAll(MENTIONS)) {
    if (/^3d/i.test(m[0]) && EXPORT_PURPOSE.test(request.slice(0, m.index))) continue;
    return m.index;
  }
  return -1;
}

interface Wants {
  slice: boolean;
  upload: boolean;
  print: boolean;
  status: boolean;
  list: boolean;
  /** The files on the printer, at the top or in this folder ("" the top); null: not asked. */
  files: string | null;
  camera: boolean;
  /** "into the folder jobs/2026": where upload_gcode puts the file. */
  folder: string | null;
  control: 'pause_print' | 'resume_print' | 'cancel_print' | null;
}

export function wantsOf(request: string): Wants {
  const r = request.toLowerCase();
  const print = /\bprint (?:it|them|this|that|the (?:part|design|beam|model|stl|g-?code|file))\b|\bstart (?:the |a )?print(?:ing)?\b|\band print\b/.test(r);
  const upload = print || /\bsend (?:it |them |the g-?code )?to (?:the|my) printer\b|\bupload\b/.test(r);
  const control = /\bpause\b/.test(r) ? 'pause_print' : /\bresume\b|\bcontinue the print\b/.test(r) ? 'resume_print' : /\bcancel\b|\bstop the print\b/.test(r) ? 'cancel_print' : null;
  return {
    slice: /\bslic(?:e|ing)\b/.test(r),
    upload,
    print,
    control,
    list: /\b(?:list|which|what) (?:the )?printers\b/.test(r),
    files: /\b(?:list|show|which|what)(?: are)?(?: the)? (?:files|folders|g-?code files)\b|\b(?:list|show)(?: me)? (?:the )?printer'?s? (?:files|folders)\b/.test(r) ? (/\b(?:in|inside) (?:the )?folder\s+([\w.-]+(?:\/[\w.-]+)*)/.exec(request)?.[1] ?? '') : null,
    camera: /\b(?:camera|snapshot)\b|\b(?:picture|photo) (?:of|from) (?:the )?(?:printer|print|bed)\b/.test(r),
    folder: upload ? (/\b(?:into|in|to) (?:the )?folder\s+([\w.-]+(?:\/[\w.-]+)*)/.exec(request)?.[1] ?? null) : null,
    status: /\bstatus\b|\bprogress\b|\bhow (?:is|far is) the print|\bis (?:it|the print) (?:done|finished|printing)\b|\btemperatures?\b/.test(r),
  };
}

const lastMatch = (text: string, re: RegExp): string | null => {
  const all = [...text.matchAll(re)];
  return all.length ? all[all.length - 1][1] : null;
};
export const stlPathIn = (text: string) => lastMatch(text, /(\/[^\s"',;()[\]{}]+\.stl)\b/gi);
const gcodePathIn = (text: string) => lastMatch(text, /(\/[^\s"',;()[\]{}]+\.gcode)\b/gi);

/** Slicing settings stated in words: "0.2 mm layers", "15% infill", "PETG", "with supports". */
export function sliceSettings(request: string): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const layer = /(\d*\.\d+|\d+)\s*mm\s*layers?|layer[-\s]height\s*(?:of\s*)?(\d*\.\d+|\d+)/i.exec(request);
  if (layer) out.layer_height_mm = Number(layer[1] ?? layer[2]);
  const infill = /(\d{1,3})\s*%\s*infill|infill\s*(?:of\s*)?(\d{1,3})\s*%/i.exec(request);
  if (infill) out.infill_percent = Number(infill[1] ?? infill[2]);
  const nozzle = /(\d*\.\d+)\s*mm\s*nozzle|nozzle\s*(?:of\s*)?(\d*\.\d+)/i.exec(request);
  if (nozzle) out.nozzle_mm = Number(nozzle[1] ?? nozzle[2]);
  const filament = /\b(PLA|PETG|ASA|ABS|FLEX)\b/i.exec(request);
  if (filament) out.filament = filament[1].toUpperCase();
  if (/\bwith(?:out)? supports?\b/i.test(request)) out.supports = !/\bwithout supports?\b/i.test(request);
  return out;
}

const last = (done: DoneCall[], name: string) => [...done].reverse().find((d) => d.name === name);

function line(d: DoneCall): string {
  const r = d.result;
  if (!d.ok) {
    const declined = (r.error as { type?: string } | undefined)?.type === 'Declined';
    return declined ? `Not done: you did not approve ${d.name}, so nothing was started on the printer.` : `${d.name} failed: ${errorText(r)}`;
  }
  switch (d.name) {
    case 'slice_stl': {
      const s = (r.summary ?? {}) as Record<string, string>;
      return `Sliced ${String(d.args.stl_path)} → ${r.gcode_path}: print time ${s['print time'] ?? r.estimated_print_time}, filament ${s.filament ?? '?'} (layer height ${s['layer height']}, infill ${s.infill}, ${s.material}).`;
    }
    case 'upload_gcode':
      return `Uploaded ${r.file} (${r.bytes} bytes) to printer ${r.printer}.`;
    case 'start_print':
      return `Printing ${r.file} on ${r.printer}: job ${r.job_id}, state ${r.state}${r.estimated_print_time ? `, estimated ${r.estimated_print_time}` : ''}.`;
    case 'printer_status': {
      const t = (r.temperatures ?? {}) as Record<string, number>;
      const j = r.job as { id: number; progress: number; time_remaining_s?: number } | undefined;
      const job = j ? `, job ${j.id} at ${j.progress} %${j.time_remaining_s !== undefined ? ` (${j.time_remaining_s} s left)` : ''}` : '';
      return `Printer ${r.printer} is ${r.state}${job}; nozzle ${t.nozzle}/${t.nozzle_target} °C, bed ${t.bed}/${t.bed_target} °C${r.message ? `; ${r.message}` : ''}.`;
    }
    case 'job_status': {
      const j = r.job as { id: number; state: string; progress: number; file?: string } | null;
      return j ? `Job ${j.id} (${j.file ?? 'file'}) on ${r.printer}: ${j.state}, ${j.progress} %.` : `Printer ${r.printer} has no job.`;
    }
    case 'list_printer_files': {
      const entries = (r.entries ?? []) as { path: string; type: string }[];
      const more = typeof r.more === 'number' ? ` and ${r.more} more` : '';
      return `On printer ${r.printer} (${r.storage}${r.folder ? `/${r.folder}` : ''}): ${entries.map((e) => (e.type === 'FOLDER' ? `${e.path}/` : e.path)).join(', ') || 'nothing'}${more}.`;
    }
    case 'camera_snapshot':
      return `Camera picture of printer ${r.printer}: ${r.image_path}.`;
    case 'list_printers':
      return `Printers: ${((r.printers ?? []) as { name: string; url: string }[]).map((p) => `${p.name} (${p.url})`).join(', ') || 'none'}.`;
    case 'ask_human_for_clarification':
      return `You answered: ${String(r.answer)}`;
    default:
      return `${d.name}: job ${r.job_id} is ${r.state}.`;
  }
}

export const NO_PRINTER =
  'No printer is configured, so nothing can be uploaded or printed (set ENGIAI_PRINTER_URL and ENGIAI_PRINTER_KEY, or try `engiai printer-sim`). Slicing works without one: give the path of the STL to slice.';

function nextCall(w: Wants, done: DoneCall[], text: string, request: string, printer: Record<string, string>, noPrinter: boolean): PlannedCall | 'no-printer' | null {
  const has = (name: string) => done.some((d) => d.name === name && d.ok);
  if (w.list && !has('list_printers')) return { name: 'list_printers', args: {} };
  if (w.control && !has(w.control)) return { name: w.control, args: { ...printer } };
  if (w.files !== null && !has('list_printer_files')) return { name: 'list_printer_files', args: { ...(w.files ? { folder: w.files } : {}), ...printer } };
  if (w.camera && !has('camera_snapshot')) return { name: 'camera_snapshot', args: { ...printer } };
  const transfer = w.slice || w.upload || w.print;
  if (transfer) {
    const gcode = (last(done, 'slice_stl')?.result.gcode_path as string | undefined) ?? (w.slice ? null : gcodePathIn(text));
    if (!gcode) {
      if (has('slice_stl')) return null;
      const answers = done.filter((d) => d.name === 'ask_human_for_clarification' && d.ok).map((d) => String(d.result.answer));
      const stl = stlPathIn(request) ?? stlPathIn(answers.join('\n')) ?? stlPathIn(text);
      if (!stl) {
        if (answers.length) return null;
        if (noPrinter && (w.upload || w.print)) return 'no-printer';
        return { name: 'ask_human_for_clarification', args: { question: 'Which STL file should I slice? Give its full path (the engineering agent exports one with convert_design_to_stl).', missing: ['stl_path'] } };
      }
      return { name: 'slice_stl', args: { stl_path: stl, ...sliceSettings(request) } };
    }
    if (w.upload && !has('upload_gcode')) return { name: 'upload_gcode', args: { gcode_path: gcode, overwrite: true, ...(w.folder ? { folder: w.folder } : {}), ...printer } };
    const file = last(done, 'upload_gcode')?.result.file as string | undefined;
    if (w.print && file && !done.some((d) => d.name === 'start_print')) return { name: 'start_print', args: { file, ...printer } };
  }
  if ((w.status || (!transfer && !w.control && !w.list && w.files === null && !w.camera)) && !has('printer_status')) return { name: 'printer_status', args: { ...printer } };
  return null;
}

/** `printerNames` empty and no remote server: no printer is configured. */
export function planPrusa(task: SpecialistTask, printerNames: readonly string[], noPrinter = false): Plan {
  const { request, done } = task;
  const text = writeTask(task);
  const named = printerNames.find((n) => new RegExp(`\\b${n.replace(/[-]/g, '\\-')}\\b`, 'i').test(request));
  const printer: Record<string, string> = named ? { printer: named } : {};
  const failed = done.find((d) => !d.ok);
  const call = failed ? null : nextCall(wantsOf(request), done, text, request, printer, noPrinter);
  if (call === 'no-printer') return { text: [...done.map(line), NO_PRINTER].join('\n'), calls: [] };
  if (call) return { text: '', calls: [call] };
  return { text: done.map(line).join('\n') || 'Nothing to do for the printer.', calls: [] };
}
