/**
 * Everyday words for more or less material: "make it lighter", "a bit lighter", "use less material",
 * "much heavier", "more material". They change the problem's volume fraction (the field named
 * `volfrac`) relative to the earlier design's: 20 % less or more by default, 10 % for "a bit",
 * 30 % for "much". The amount is an assumption, so the note that reads it says so and how to
 * choose another; a problem without a volume fraction does not read the words.
 */
import type { ProblemInfo } from '../../../../tools/engineering/tools/index.ts';
import { fieldRefs } from './mentions.ts';
import type { Relative } from './relative.ts';

const SIZE = String.raw`(?:(a\s+(?:bit|little)|slightly|somewhat|much|a\s+lot|way|far|significantly)\s+)?`;
const LESS = new RegExp(String.raw`\b${SIZE}(?:lighter|less\s+(?:material|mass|weight|heavy)|(?:reduce|cut|lower|save)\s+(?:some\s+|the\s+)?(?:weight|mass|material))\b`);
const MORE = new RegExp(String.raw`\b${SIZE}(?:heavier|beefier|more\s+(?:material|mass))\b`);

const step = (size: string | undefined) => (!size ? 0.2 : /bit|little|slightly|somewhat/.test(size) ? 0.1 : 0.3);

/** The change the words ask of the volume fraction, or null. */
export function readMaterialChange(text: string, info: ProblemInfo): (Relative & { said: string; assumed: string }) | null {
  const ref = fieldRefs(info).find((x) => x.field.name === 'volfrac');
  if (!ref) return null;
  const less = LESS.exec(text);
  const more = less ? null : MORE.exec(text);
  const m = less ?? more;
  if (!m) return null;
  const by = step(m[1]);
  const pct = Math.round(by * 100);
  return {
    ref,
    factor: less ? 1 - by : 1 + by,
    start: m.index,
    end: m.index + m[0].length,
    said: m[0],
    assumed: `${pct} % ${less ? 'less' : 'more'} material, an amount I assumed; say e.g. "volfrac 0.3" for another`,
  };
}
