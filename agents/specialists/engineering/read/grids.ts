/**
 * Grid sizes: "60x30", "60 × 30", "60 by 30", "60-by-30 mesh" fill the problem's two grid-axis
 * fields (the config fields the catalog describes as along x / along y); "16x8x8" fills a 3-D
 * problem's three (x, y, z; a 2-D problem reports it); named axes ("nx=48",
 * "nelx 80", "horizontal resolution 120", "48 elements along x") are read as fields by values.ts.
 * A grid for a problem without grid fields, or one number for both axes ("resolution 120"), is
 * reported or asked about, never dropped.
 */
import type { ProblemInfo } from '../../../../tools/engineering/tools/index.ts';
import { axisField, type FieldRef } from './mentions.ts';
import type { Claims } from './tokens.ts';
import type { Ambiguity, Assignment } from './values.ts';

export interface GridReading {
  assignments: Assignment[];
  ambiguities: Ambiguity[];
  /** Grids the problem cannot take (text, reason). */
  unusable: { start: number; end: number; reason: string }[];
}

const SEP = String.raw`\s*(?:x|\*|-?by-?|times)\s*`;
const TRIPLE = new RegExp(String.raw`(?<![\w.])(\d+)${SEP}(\d+)${SEP}(\d+)(?!\w|\.\d)(?:\s*(?:elements?|cells?|voxels?))?(?:\s*(?:grid|mesh|resolution|domain|discreti[sz]ation))?`, 'g');
const PAIR = /(?<![\w.])(\d+)\s*(?:x|\*|-?by-?|times)\s*(\d+)(?!\w|\.\d)(?:\s*(?:elements?|cells?|pixels?|px))?(?:\s*(?:grid|mesh|resolution|domain|discreti[sz]ation))?/g;
const SINGLE = /\b(?:grid|mesh|resolution|discreti[sz]ation)(?:\s+(?:size|resolution|of|=|:|is|at|to))*\s*(\d+)(?!\w|\.\d|\s*(?:x|by|\*)\s*\d)|(?<![\w.])(\d+)\s*(?:elements?\s+|cells?\s+)?(?:grid|mesh)\b/g;

export function readGrids(text: string, problem: ProblemInfo, claims: Claims): GridReading {
  const x = axisField(problem, 'x');
  const y = axisField(problem, 'y');
  const z = axisField(problem, 'z');
  const out: GridReading = { assignments: [], ambiguities: [], unusable: [] };
  const ref = (field: NonNullable<typeof x>): FieldRef => ({ field, kind: 'config' });
  for (const m of text.matchAll(TRIPLE)) {
    const [start, end] = [m.index, m.index + m[0].length];
    if (!claims.isFree(start, end)) continue;
    claims.claim(start, end);
    if (!x || !y || !z) {
      out.unusable.push({ start, end, reason: x && y ? `${problem.id} takes a 2-D grid (${x.name} × ${y.name}), not a 3-D one` : `${problem.id} has no grid size setting` });
      continue;
    }
    const axes = [x, y, z];
    for (let k = 0; k < 3; k++) out.assignments.push({ ref: ref(axes[k]), written: { value: Number(m[k + 1]) }, start, end });
  }
  for (const m of text.matchAll(PAIR)) {
    const [start, end] = [m.index, m.index + m[0].length];
    if (!claims.isFree(start, end)) continue;
    claims.claim(start, end);
    if (!x || !y) {
      out.unusable.push({ start, end, reason: `${problem.id} has no grid size setting` });
      continue;
    }
    out.assignments.push({ ref: ref(x), written: { value: Number(m[1]) }, start, end }, { ref: ref(y), written: { value: Number(m[2]) }, start, end });
  }
  return out;
}

/** One number for a grid ("resolution 120", "a 100 element mesh"), read after the values so "blur 2 grid 100x120" keeps its 2. */
export function readGridSingles(text: string, problem: ProblemInfo, claims: Claims): GridReading {
  const x = axisField(problem, 'x');
  const y = axisField(problem, 'y');
  const out: GridReading = { assignments: [], ambiguities: [], unusable: [] };
  for (const m of text.matchAll(SINGLE)) {
    const [start, end] = [m.index, m.index + m[0].length];
    if (!claims.isFree(start, end)) continue;
    claims.claim(start, end);
    const value = Number(m[1] ?? m[2]);
    if (!x || !y) out.unusable.push({ start, end, reason: `${problem.id} has no grid size setting` });
    else {
      const token = { value, start, end, numEnd: end, unit: null, unitStart: end, percent: false };
      out.ambiguities.push({ refs: [{ field: x, kind: 'config' }, { field: y, kind: 'config' }], token, start, end });
    }
  }
  return out;
}
