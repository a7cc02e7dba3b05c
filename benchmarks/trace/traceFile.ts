/**
 * Reading and writing trace files (traceSchema.ts). A trace is written whole, to a temporary file
 * renamed into place, so a killed run never leaves a half trace that resume would trust.
 */
import { mkdirSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { InputError } from '../../tools/errors.ts';
import { TRACE_FORMAT_VERSION, traceEndSchema, traceEventSchema, traceHeaderSchema, type Trace } from './traceSchema.ts';

export const TRACES_SUBDIR = 'traces';

/** File name of a trial's trace: the trial id with path-unsafe characters replaced. */
export function traceFileName(trialId: string): string {
  return `${trialId.replace(/[^A-Za-z0-9._-]/g, '_')}.jsonl`;
}

export function serializeTrace(trace: Trace): string {
  return [trace.header, ...trace.events, trace.end].map((line) => JSON.stringify(line)).join('\n') + '\n';
}

export function writeTrace(dir: string, trace: Trace): string {
  const tracesDir = join(dir, TRACES_SUBDIR);
  mkdirSync(tracesDir, { recursive: true });
  const path = join(tracesDir, traceFileName(trace.header.trialId));
  const tmp = `${path}.${process.pid}.tmp`;
  writeFileSync(tmp, serializeTrace(trace));
  renameSync(tmp, path);
  return path;
}

/** Parses one trace file's text; throws InputError naming the file and line on any defect. */
export function parseTrace(text: string, where = 'trace'): Trace {
  const lines = text.split('\n').filter((l) => l.trim().length > 0);
  if (lines.length < 2) throw new InputError(`${where}: a trace needs a header and an end record`, { field: 'trace' });
  const json = lines.map((l, i) => {
    try {
      return JSON.parse(l) as unknown;
    } catch (err) {
      throw new InputError(`${where}:${i + 1}: not JSON`, { field: 'trace', cause: err });
    }
  });
  const first = json[0] as { format?: unknown };
  if (first && typeof first === 'object' && first.format !== TRACE_FORMAT_VERSION) {
    throw new InputError(`${where}: trace format ${String(first.format)} is not supported (this build reads ${TRACE_FORMAT_VERSION})`, { field: 'trace' });
  }
  const header = traceHeaderSchema.safeParse(json[0]);
  if (!header.success) throw new InputError(`${where}:1: bad header: ${header.error.issues[0]?.message}`, { field: 'trace' });
  const end = traceEndSchema.safeParse(json[json.length - 1]);
  if (!end.success) throw new InputError(`${where}: the last line is not an end record`, { field: 'trace' });
  const events = json.slice(1, -1).map((e, i) => {
    const r = traceEventSchema.safeParse(e);
    if (!r.success) throw new InputError(`${where}:${i + 2}: bad event: ${r.error.issues[0]?.message}`, { field: 'trace' });
    return r.data;
  });
  return { header: header.data, events, end: end.data };
}

export function readTrace(path: string): Trace {
  return parseTrace(readFileSync(path, 'utf8'), path);
}

/** Every trace of a run directory, sorted by file name (stable report order). */
export function readTraceDir(dir: string): Trace[] {
  const tracesDir = join(dir, TRACES_SUBDIR);
  let names: string[];
  try {
    names = readdirSync(tracesDir).filter((n) => n.endsWith('.jsonl')).sort();
  } catch {
    throw new InputError(`no traces in ${dir}`, { field: 'dir', hint: `expected a ${TRACES_SUBDIR}/ folder of .jsonl files, as written by engiai bench` });
  }
  return names.map((n) => readTrace(join(tracesDir, n)));
}

/** A trial's trace if it exists and parses, else undefined (used by resume). */
export function tryReadTrace(dir: string, trialId: string): Trace | undefined {
  try {
    return readTrace(join(dir, TRACES_SUBDIR, traceFileName(trialId)));
  } catch {
    return undefined;
  }
}
