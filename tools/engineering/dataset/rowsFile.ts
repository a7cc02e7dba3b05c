/**
 * rows.jsonl: one JSON object per line, appended as rows finish (completion order) and sorted by id
 * once the dataset is complete. A run killed
 * mid-write can leave a torn last line; `loadRows` drops it and truncates the file back to the last
 * complete line, so appends continue cleanly and no row is ever duplicated.
 */
import { appendFileSync, existsSync, readFileSync, renameSync, truncateSync, writeFileSync } from 'node:fs';
import { NotFoundError } from '../../errors.ts';
import type { ConfigValues } from '../constraint.ts';
import type { Split } from './splits.ts';

export interface DatasetRow {
  /** Position in the dataset's condition list (grid order or sampling order). */
  id: number;
  /** Hash of problem, version and resolved config: the resume key. */
  key: string;
  split: Split;
  /** The problem's condition fields. */
  conditions: ConfigValues;
  /** The other resolved config knobs (grid size, iteration cap, ...). */
  config: ConfigValues;
  /** simulate(design) per objective name. */
  objectives: Record<string, number>;
  iterations: number;
  /** First objective per recorded step; per-step arrays for multi-objective problems. */
  optimization_history: number[] | number[][];
  /** The design's .npy file, relative to the dataset folder. */
  design: string;
  seconds: number;
}

export function loadRows(path: string): { rows: DatasetRow[]; droppedTornLine: boolean } {
  if (!existsSync(path)) return { rows: [], droppedTornLine: false };
  const buf = readFileSync(path);
  const text = buf.toString('utf8');
  const rows: DatasetRow[] = [];
  let start = 0;
  let lineNo = 0;
  while (start < text.length) {
    const nl = text.indexOf('\n', start);
    const line = nl < 0 ? text.slice(start) : text.slice(start, nl);
    lineNo++;
    let row: DatasetRow | undefined;
    try {
      row = line.trim() ? (JSON.parse(line) as DatasetRow) : undefined;
    } catch {
      if (nl >= 0) throw new NotFoundError(`${path}: line ${lineNo} is not valid JSON`, { hint: 'only the last line may be torn; move the file away to start over' });
    }
    if (nl < 0) {
      // No newline: a torn write (or a complete row whose newline was lost) — drop it either way.
      truncateSync(path, Buffer.byteLength(text.slice(0, start), 'utf8'));
      return { rows, droppedTornLine: true };
    }
    if (row) rows.push(row);
    start = nl + 1;
  }
  return { rows, droppedTornLine: false };
}

export function appendRow(path: string, row: DatasetRow): void {
  appendFileSync(path, JSON.stringify(row) + '\n');
}

/** Rewrites the file with its rows in id order (atomically: temp file, then rename). */
export function sortRowsFile(path: string): void {
  const { rows } = loadRows(path);
  rows.sort((a, b) => a.id - b.id);
  writeFileSync(`${path}.tmp`, rows.map((r) => JSON.stringify(r) + '\n').join(''));
  renameSync(`${path}.tmp`, path);
}
