/** Pieces the design tools share: the design-id argument and numbers rounded for the model. */
import { z } from 'zod';

export const designIdSchema = z
  .string()
  .regex(/^[A-Za-z0-9_.-]{6,80}$/, 'a design id such as beams2d-1a2b3c4d5e6f7a8b, or a unique prefix of at least 6 characters')
  .describe('Design artifact id returned by optimize_design (or a unique prefix of at least 6 characters)');

const round = (v: number) => (Number.isFinite(v) ? Number(v.toPrecision(8)) : v);

/** A number, or every number of a record, to 8 significant digits. */
export function rounded<T extends number | Record<string, number>>(v: T): T {
  if (typeof v === 'number') return round(v) as T;
  return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, round(x)])) as T;
}
