/**
 * The marks of a sketch drawn on a problem's domain (the web UI's sketch pad): supports, loads and
 * keep-out regions, in domain coordinates — x and y as fractions of the domain's width and height,
 * from its top left corner. Checked by one schema (bounded counts, coordinates in [0, 1]); the turn
 * carries them in the person's message as one labelled JSON line, so a real model reads them as
 * written and the offline planners read them back with `readSketchBlock`.
 */
import { z } from 'zod';
import { InputError } from '../../tools/errors.ts';

const unit = z.number().finite().min(0).max(1);
const round = (v: number) => Math.round(v * 1000) / 1000;

const Support = z.object({ kind: z.literal('support'), x: unit, y: unit }).strict();
/** A load at (x, y); (dx, dy) its direction (a unit vector, y pointing down), when an arrow was drawn. */
const Load = z.object({ kind: z.literal('load'), x: unit, y: unit, dx: z.number().finite().min(-1).max(1).optional(), dy: z.number().finite().min(-1).max(1).optional() }).strict();
const Region = z.object({ kind: z.literal('keepout'), x0: unit, y0: unit, x1: unit, y1: unit }).strict();

export const MAX_MARKS = 50;

export const SketchMarksSchema = z
  .object({
    /** The problem whose domain the sketch was drawn on. */
    problem: z.string().regex(/^[a-z][a-z0-9_]{0,40}$/),
    marks: z.array(z.discriminatedUnion('kind', [Support, Load, Region])).max(MAX_MARKS),
  })
  .strict();

export type SketchMarks = z.infer<typeof SketchMarksSchema>;
export type SketchMark = SketchMarks['marks'][number];

/** The marks checked; anything else is an InputError naming what is wrong (nothing is guessed). */
export function checkSketchMarks(value: unknown): SketchMarks {
  const parsed = SketchMarksSchema.safeParse(value);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new InputError(`sketch marks: ${issue.path.join('.') || 'value'}: ${issue.message}`, { field: 'sketch.marks' });
  }
  // three decimals are finer than any grid we run (2000 elements): the text a model reads stays short
  const marks = parsed.data.marks.map((m): SketchMark => {
    if (m.kind === 'keepout') return { kind: m.kind, x0: round(Math.min(m.x0, m.x1)), y0: round(Math.min(m.y0, m.y1)), x1: round(Math.max(m.x0, m.x1)), y1: round(Math.max(m.y0, m.y1)) };
    if (m.kind === 'load') return { kind: m.kind, x: round(m.x), y: round(m.y), ...(m.dx !== undefined && m.dy !== undefined ? { dx: round(m.dx), dy: round(m.dy) } : {}) };
    return { kind: m.kind, x: round(m.x), y: round(m.y) };
  });
  return { problem: parsed.data.problem, marks };
}

const LABEL = 'Sketch marks (x, y: fractions of the domain width and height from its top left corner; dx, dy: load direction, y down):';

/** The block appended to the person's message. */
export function writeSketchBlock(s: SketchMarks): string {
  return `${LABEL}\n${JSON.stringify(s)}`;
}

/** The message without its sketch block, and the marks it carried (null when none, or when the block does not parse). */
export function readSketchBlock(text: string): { text: string; sketch: SketchMarks | null } {
  const at = text.indexOf(LABEL);
  if (at < 0) return { text, sketch: null };
  const line = text.slice(at + LABEL.length).replace(/^\s*\n/, '').split('\n')[0];
  const rest = text.slice(0, at).trimEnd();
  try {
    return { text: rest, sketch: checkSketchMarks(JSON.parse(line)) };
  } catch {
    return { text: rest, sketch: null };
  }
}

/** "1 load, 2 supports, 1 keep-out region": what a sketch holds, in words. */
export function describeMarks(s: SketchMarks): string {
  const n = (kind: SketchMark['kind']) => s.marks.filter((m) => m.kind === kind).length;
  const part = (k: number, one: string, many: string) => (k ? `${k} ${k === 1 ? one : many}` : '');
  return [part(n('load'), 'load', 'loads'), part(n('support'), 'support', 'supports'), part(n('keepout'), 'keep-out region', 'keep-out regions')].filter(Boolean).join(', ') || 'no marks';
}
