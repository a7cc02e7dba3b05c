/**
 * A sketch's marks (agents/sketch/sketchMarks.ts) as the conditions of a new design: on Beams2D the
 * marked load's position along the top edge becomes `forcedist`; supports that lie on the problem's
 * own fixed supports are read as those; everything else a sketch holds — keep-out regions, supports
 * elsewhere, a second load, a load direction the problem cannot take — is listed as not applied,
 * never dropped silently. The values the request writes out win over the sketch's (and say so).
 */
import type { ProblemInfo } from '../../../../tools/engineering/tools/index.ts';
import type { SketchMark, SketchMarks } from '../../../sketch/sketchMarks.ts';
import type { Reading } from './readRequest.ts';

const at = (x: number, y: number) => `x ${x}, y ${y}`;
const region = (m: Extract<SketchMark, { kind: 'keepout' }>) => `x ${m.x0}–${m.x1}, y ${m.y0}–${m.y1}`;
const round2 = (v: number) => Math.round(v * 100) / 100;

/** How near (a fraction of the domain) a marked support must lie to one of the problem's own. */
const NEAR = 0.06;

/** Beams2D (the right half of the MBB beam): a roller symmetry line at the left edge, a roller at the bottom right corner. */
function beams2dSupport(x: number, y: number): string | null {
  if (x <= NEAR) return 'the symmetry line at the left edge';
  if (x >= 1 - NEAR && y >= 1 - NEAR) return 'the roller at the bottom right corner';
  return null;
}

function applyBeams2d(r: Reading, s: SketchMarks): void {
  const loads = s.marks.filter((m) => m.kind === 'load');
  const [load, ...more] = loads;
  if (load) {
    const forcedist = round2(load.x);
    if ('forcedist' in r.conditions) r.notApplied.push(`the sketch's load at ${at(load.x, load.y)} (the request gives forcedist = ${r.conditions.forcedist})`);
    else {
      r.conditions.forcedist = forcedist;
      r.said.forcedist = `the load marked on the sketch at x ${load.x}`;
      r.notes.push(`forcedist = ${forcedist} from the load marked on the sketch (x ${load.x} of the beam's length)`);
      if (load.y > NEAR) r.notes.push(`the sketch's load was marked ${Math.round(load.y * 100)}% down the beam's height; Beams2D loads the top edge, so it is applied there`);
    }
    if (load.dx !== undefined && load.dy !== undefined && !(load.dy > 0.9 && Math.abs(load.dx) < 0.45))
      r.notApplied.push(`the sketch load's direction (dx ${load.dx}, dy ${load.dy}; Beams2D's load points straight down)`);
  }
  for (const m of more) r.notApplied.push(`the sketch's load at ${at(m.x, m.y)} (Beams2D takes one load)`);
  for (const m of s.marks) {
    if (m.kind === 'support') {
      const own = beams2dSupport(m.x, m.y);
      if (own) r.notes.push(`the sketch's support at ${at(m.x, m.y)} is Beams2D's own: ${own}`);
      else r.notApplied.push(`the sketch's support at ${at(m.x, m.y)} (Beams2D's supports are fixed: the symmetry line at the left edge and the roller at the bottom right corner)`);
    }
    if (m.kind === 'keepout') r.notApplied.push(`the sketch's keep-out region ${region(m)} (Beams2D has no keep-out or passive-element condition)`);
  }
}

/** Problems with no condition a mark can become: each mark is listed as not applied. */
function applyNone(r: Reading, s: SketchMarks, info: ProblemInfo): void {
  const why = `no condition of ${info.id} takes it`;
  for (const m of s.marks) {
    if (m.kind === 'keepout') r.notApplied.push(`the sketch's keep-out region ${region(m)} (${why})`);
    else r.notApplied.push(`the sketch's ${m.kind} at ${at(m.x, m.y)} (${why})`);
  }
}

/** The reading with the sketch's marks applied where the problem has a condition for them. */
export function applySketch(r: Reading, s: SketchMarks, info: ProblemInfo): Reading {
  if (s.problem !== info.id) {
    r.notApplied.push(`the sketch (drawn on ${s.problem}'s domain, the request is about ${info.id})`);
    return r;
  }
  if (info.id === 'beams2d') applyBeams2d(r, s);
  else applyNone(r, s, info);
  return r;
}
