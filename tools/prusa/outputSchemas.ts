/**
 * The shape of each Prusa tool's result, as MCP clients read it (outputSchema, checked by the MCP
 * server against every structuredContent it returns, and by the SDK client against what it listed).
 * Objects stay open (further fields may be added); the fields named here are always present with
 * these types, the optional ones only where the printer tells them.
 */
import { z } from 'zod';

const printerName = z.string().describe('The printer, as list_printers names it');
const state = z.string().describe('PrusaLink state: IDLE, BUSY, PRINTING, PAUSED, FINISHED, STOPPED, ERROR, ATTENTION, READY');
const num = z.number().nullable();

export const listPrintersOutput = z.looseObject({
  printers: z.array(z.looseObject({ name: z.string(), url: z.string(), storage: z.string(), auth: z.enum(['api-key', 'digest', 'none']) })),
});

export const printerStatusOutput = z.looseObject({
  printer: printerName,
  state,
  progress: z.number().optional().describe('Percent of the current job'),
  temperatures: z.looseObject({ nozzle: z.number().optional(), nozzle_target: z.number().optional(), bed: z.number().optional(), bed_target: z.number().optional() }).describe('°C'),
  job: z.looseObject({ id: z.number().int(), progress: z.number().optional(), time_printing_s: z.number().optional(), time_remaining_s: z.number().optional() }).optional(),
  transfer: z.looseObject({ id: z.number().int(), progress: z.number().optional(), time_transferring_s: z.number().optional() }).optional().describe('An upload the printer is receiving'),
  storage_free_bytes: z.number().optional().describe('Only where the printer reports it (Buddy firmware does not)'),
  message: z.string().optional().describe("The printer's fault message"),
});

export const sliceStlOutput = z.looseObject({
  gcode_path: z.string(),
  estimated_print_time: z.string().nullable(),
  print_seconds: num,
  filament_used_mm: num,
  filament_used_cm3: num,
  filament_used_g: num,
  layer_height_mm: num,
  fill_density: z.string().nullable(),
  nozzle_mm: num,
  filament: z.string().nullable(),
  stl: z.looseObject({ facets: z.number().int(), size_mm: z.array(z.number().optional()), volume_mm3: z.number().optional() }),
  gcode_bytes: z.number().int(),
  slicer: z.string().nullable(),
  summary: z.record(z.string(), z.string()).describe('What a person reads: print time, filament, layer height, infill, nozzle, material, part size'),
});

export const uploadGcodeOutput = z.looseObject({
  printer: printerName,
  file: z.string().describe('The file on the printer (folder/name when uploaded into a folder), for start_print'),
  bytes: z.number().int(),
  storage: z.string(),
});

export const startPrintOutput = z.looseObject({
  printer: printerName,
  file: z.string(),
  job_id: z.number().int().nullable(),
  state,
  estimated_print_time: z.unknown().optional(),
});

export const jobStatusOutput = z.looseObject({
  printer: printerName,
  job: z
    .looseObject({ id: z.number().int(), state, progress: z.number(), time_printing_s: z.number(), time_remaining_s: num, file: z.string().nullable() })
    .nullable()
    .describe('null when the printer has no job'),
});

export const jobControlOutput = z.looseObject({
  printer: printerName,
  job_id: z.number().int(),
  state,
  progress: num,
});

export const listPrinterFilesOutput = z.looseObject({
  printer: printerName,
  storage: z.string(),
  folder: z.string().describe('"" for the top of the storage'),
  more: z.number().int().optional().describe('Entries left out after the first 200'),
  entries: z.array(z.looseObject({ name: z.string(), path: z.string().describe('folder/name, as start_print takes it'), type: z.string().describe('PRINT_FILE, FILE, FIRMWARE or FOLDER'), size: z.number().optional(), m_timestamp: z.number().optional() })),
});

export const cameraSnapshotOutput = z.looseObject({
  printer: printerName,
  image_path: z.string().describe('The snapshot, saved inside the artifact folder'),
  media_type: z.string(),
  bytes: z.number().int(),
});
