/**
 * The Prusa tools as the model and MCP clients see them: names, descriptions, strict zod schemas,
 * the fields worth showing, which one asks the person first. Declared once: the MCP server
 * (mcp-servers/prusa) serves printerTools.ts, which implements these; the Prusa agent
 * (agents/specialists/prusa) calls the same names over an MCP connection.
 */
import { z } from 'zod';
import { FILAMENTS } from './filaments.ts';
import * as out from './outputSchemas.ts';

const printer = z.string().regex(/^[A-Za-z0-9][A-Za-z0-9_-]{0,39}$/).optional().describe('Printer name from list_printers; default: the first configured printer');
// eslint-disable-next-line no-control-regex -- control characters are what it refuses
const FILE_NAME_CHARS = /^[^/\\\u0000-\u001f\u007f]{1,200}$/;

/** A plain file name on the printer's storage: no folder separators, no controls, not "." or "..". */
export const isPlainPrinterFileName = (name: string): boolean => FILE_NAME_CHARS.test(name) && name !== '.' && name !== '..';

/** Deepest folder path a tool takes (printers' own limits are lower: FAT paths on Buddy firmware). */
const MAX_DEPTH = 8;

/** A path on the printer's storage: plain names joined by "/" ("jobs/part.gcode"), no empty, "." or ".." part. */
export const isPrinterPath = (path: string): boolean => {
  const parts = path.split('/');
  return path.length <= 255 && parts.length <= MAX_DEPTH && parts.every(isPlainPrinterFileName);
};

const printerPath = z.string().min(1).max(255).refine(isPrinterPath, 'plain names joined by "/" (no empty, "." or ".." part, at most 8 deep)');
const jobId = z.number().int().positive().optional().describe('Job id from job_status; default: the current job');

export interface PrinterToolSpec<S extends z.ZodObject = z.ZodObject> {
  name: string;
  /** What MCP clients show instead of the name ("Start a print"). */
  title: string;
  description: string;
  schema: S;
  /** The result's shape (MCP outputSchema; the result is the call's structuredContent). */
  outputSchema: z.ZodObject;
  keyFields?: readonly string[];
  needsApproval?: boolean;
  /** MCP annotations: a client may confirm destructive tools; read-only ones are safe to repeat. */
  annotations: { readOnlyHint?: boolean; destructiveHint?: boolean; idempotentHint?: boolean; openWorldHint?: boolean };
}

const spec = <S extends z.ZodObject>(s: PrinterToolSpec<S>) => s;

export const listPrintersSpec = spec({
  name: 'list_printers',
  title: 'List the printers',
  outputSchema: out.listPrintersOutput,
  description: 'List the configured 3-D printers (name, PrusaLink address, storage). Use a name as `printer` in the other tools.',
  schema: z.strictObject({}),
  keyFields: ['printers'],
  annotations: { readOnlyHint: true, openWorldHint: false },
});

export const printerStatusSpec = spec({
  name: 'printer_status',
  title: "Read a printer's status",
  outputSchema: out.printerStatusOutput,
  description: "A printer's state (IDLE, PRINTING, PAUSED, FINISHED, STOPPED, ERROR, ATTENTION), nozzle and bed temperatures, the current job's progress and the free storage.",
  schema: z.strictObject({ printer }),
  keyFields: ['printer', 'state', 'progress', 'temperatures', 'job', 'message'],
  annotations: { readOnlyHint: true, openWorldHint: true },
});

export const sliceStlSpec = spec({
  name: 'slice_stl',
  title: 'Slice an STL into G-code',
  outputSchema: out.sliceStlOutput,
  description:
    'Slice an STL into G-code with PrusaSlicer. Returns gcode_path (for upload_gcode / start_print) and the estimated print time and filament use read from the G-code. ' +
    'Settings not given come from the printer profile (PrusaSlicer defaults: 0.3 mm layers, 20 % infill, 0.4 mm nozzle; PLA when no profile is configured).',
  schema: z.strictObject({
    stl_path: z.string().min(1).describe('Absolute path of an STL inside the artifact folder (the stl_path convert_design_to_stl returned)'),
    layer_height_mm: z.number().min(0.05).max(0.6).optional().describe('Layer height in mm, 0.05..0.6 (at most ~75 % of the nozzle)'),
    infill_percent: z.number().min(0).max(100).optional().describe('Infill density in %, 0..100'),
    nozzle_mm: z.number().min(0.25).max(1.2).optional().describe('Nozzle diameter in mm, 0.25..1.2'),
    filament: z.enum(Object.keys(FILAMENTS) as [keyof typeof FILAMENTS, ...(keyof typeof FILAMENTS)[]]).optional().describe('Filament type (sets nozzle/bed temperatures and density): PLA, PETG, ASA, ABS, FLEX; default PLA unless a profile is configured'),
    supports: z.boolean().optional().describe('Generate support material under overhangs'),
    profile: z.string().regex(/^[A-Za-z0-9][A-Za-z0-9_.-]{0,80}$/).optional().describe('Name of a PrusaSlicer .ini profile in the profiles folder (without .ini)'),
  }),
  keyFields: ['gcode_path', 'summary'],
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false },
});

export const uploadGcodeSpec = spec({
  name: 'upload_gcode',
  title: 'Upload G-code to a printer',
  outputSchema: out.uploadGcodeOutput,
  description: "Upload a G-code file to a printer's storage over PrusaLink without starting it. Returns the file name on the printer (for start_print).",
  schema: z.strictObject({
    gcode_path: z.string().min(1).describe('Absolute path of a .gcode file inside the artifact folder (the gcode_path slice_stl returned)'),
    printer,
    folder: printerPath.optional().describe('Folder on the printer\'s storage to put it in ("jobs/2026"; made when missing); default: the top'),
    overwrite: z.boolean().default(false).describe('Replace a file of the same name on the printer; default false'),
  }),
  keyFields: ['printer', 'file', 'bytes', 'storage'],
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: true },
});

export const startPrintSpec = spec({
  name: 'start_print',
  title: 'Start a print',
  outputSchema: out.startPrintOutput,
  description:
    'Start printing: either `file` (a name already on the printer, from upload_gcode) or `gcode_path` (uploaded and started at once). ' +
    'Refused when the printer is busy. Always asks the person first.',
  schema: z.strictObject({
    printer,
    file: printerPath.optional().describe('File on the printer, as upload_gcode or list_printer_files name it ("part.gcode", "jobs/part.gcode")'),
    gcode_path: z.string().min(1).optional().describe('Local .gcode inside the artifact folder: upload it and print it (Print-After-Upload)'),
  }),
  keyFields: ['printer', 'file', 'job_id', 'state', 'estimated_print_time'],
  needsApproval: true,
  annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: true },
});

const jobControl = (name: string, verb: string, title: string, description: string) =>
  spec({
    name,
    title,
    description,
    outputSchema: out.jobControlOutput,
    schema: z.strictObject({ printer, job_id: jobId }),
    keyFields: ['printer', 'job_id', 'state', 'progress'],
    annotations: { readOnlyHint: false, destructiveHint: verb === 'cancel', idempotentHint: false, openWorldHint: true },
  });

export const pausePrintSpec = jobControl('pause_print', 'pause', 'Pause the print', 'Pause the running print job.');
export const resumePrintSpec = jobControl('resume_print', 'resume', 'Resume the print', 'Resume a paused print job.');
export const cancelPrintSpec = jobControl('cancel_print', 'cancel', 'Cancel the print', 'Stop the running or paused print job (it cannot be resumed).');

export const jobStatusSpec = spec({
  name: 'job_status',
  title: "Read the printer's job",
  outputSchema: out.jobStatusOutput,
  description: "The printer's current job: id, state, progress in %, time printing and remaining in seconds, the file; null when it has none.",
  schema: z.strictObject({ printer }),
  keyFields: ['printer', 'job'],
  annotations: { readOnlyHint: true, openWorldHint: true },
});

export const listPrinterFilesSpec = spec({
  name: 'list_printer_files',
  title: "List a printer's files",
  description: "The files and folders on a printer's storage, at the top or in a folder: name, type (PRINT_FILE, FOLDER, …), size. A file's path (folder/name) is what start_print takes.",
  schema: z.strictObject({ printer, folder: printerPath.optional().describe('Folder to list ("jobs"); default: the top of the storage') }),
  outputSchema: out.listPrinterFilesOutput,
  keyFields: ['printer', 'folder', 'entries'],
  annotations: { readOnlyHint: true, openWorldHint: true },
});

export const cameraSnapshotSpec = spec({
  name: 'camera_snapshot',
  title: "Take a picture of the printer's bed",
  description: "The latest picture from the printer's camera, saved as an image in the artifact folder (to look at a print). Python PrusaLink with a camera has one; MK4, MINI and XL firmware serve no camera (a clear error says so).",
  schema: z.strictObject({ printer }),
  outputSchema: out.cameraSnapshotOutput,
  keyFields: ['printer', 'image_path'],
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: true },
});

/** In the order a print goes: look, slice, upload, start, watch, control; then files and camera. */
export const PRINTER_TOOL_SPECS = [listPrintersSpec, printerStatusSpec, sliceStlSpec, uploadGcodeSpec, startPrintSpec, jobStatusSpec, pausePrintSpec, resumePrintSpec, cancelPrintSpec, listPrinterFilesSpec, cameraSnapshotSpec] as const;
