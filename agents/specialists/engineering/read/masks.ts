/**
 * Boundary-condition masks in a request (supports, loads, heat sinks the problem declares as masks). One
 * precise path is read: a mask's own name followed by a node list or nested array in JSON
 * ("fixed_elements [[0,0,0],[6,0,0]]"), passed to the tools as given (they check it and name what is wrong).
 * Nothing is guessed from words: "fix the left face", "heat sinks on the top edge", or a name with no
 * readable list, is claimed and reported as not applied, saying the default was used and how to give a mask.
 * A problem without declared masks gets no such report here (its other readers report what they cannot place).
 */
import type { ProblemInfo } from '../../../../tools/engineering/tools/index.ts';
import type { Claims } from './tokens.ts';

/** Support and sink words with a place on the block: "fix the left face", "clamped bottom corners", "heat sinks on the top edge". */
const WORDS = /\b(?:fix(?:ed|es|ing)?|clamp(?:ed|s|ing)?|support(?:ed|s|ing)?|pin(?:ned|s)?|heat[\s-]?sinks?|cool(?:ed|ing)?)\b[^.;\n]{0,40}?\b(?:faces?|edges?|corners?|sides?|walls?|nodes?)\b/g;
/** A mask by name, with a node list or nested array after it when one was typed. */
const named = (name: string) => new RegExp(String.raw`\b${name.replace(/_/g, '[_ ]')}\b(?:\s*(?:=|:|is|as|at)?\s*\[[\[\]\d\s,.]*\])?`, 'g');

/** Which mask a phrase is about, by the masks' own descriptions: heat words a heat-sink mask, the others a clamping one. */
function maskFor(said: string, info: ProblemInfo): string | undefined {
  const masks = info.masks ?? [];
  const about = /heat|cool/.test(said) ? /heat[\s-]?sink/i : /clamp/i;
  return (masks.find((m) => about.test(m.description)) ?? masks[0])?.name;
}

export interface MaskReading {
  /** Masks given as JSON after their name, by name. */
  read: Record<string, unknown[]>;
  /** The person's words for each mask read. */
  said: Record<string, string>;
  /** What was not read: the words and why. */
  unread: { said: string; reason: string }[];
}

/** The JSON after a mask's name, when it parses to an array. */
function listOf(text: string): unknown[] | undefined {
  const at = text.indexOf('[');
  if (at < 0) return undefined;
  try {
    const v: unknown = JSON.parse(text.slice(at));
    // a list of lists: nodes [[x, y, z], ...] or planes of the nested array (what the tools' schema takes)
    return Array.isArray(v) && v.length > 0 && v.every(Array.isArray) ? v : undefined;
  } catch {
    return undefined;
  }
}

export function readMaskMentions(s: string, info: ProblemInfo, claims: Claims): MaskReading {
  const masks = info.masks ?? [];
  const result: MaskReading = { read: {}, said: {}, unread: [] };
  if (!masks.length) return result;
  const out = result.unread;
  const report = (a: number, b: number, name: string | undefined) => {
    claims.claim(a, b);
    const m = masks.find((x) => x.name === name);
    out.push({
      said: s.slice(a, b),
      reason: `a mask is read only as its name followed by a JSON node list; ${m ? `${m.name} stayed the default (${m.default})` : 'the default masks were used'}: give ${m?.name ?? 'a mask'} as node coordinates after its name, e.g. "${m?.name ?? '<mask>'} [[0,0,0],[0,4,0]]", or \`engiai optimize ${info.id} --${(m?.name ?? '<mask>').replace(/_/g, '-')} nodes.json\``,
    });
  };
  for (const m of masks) {
    for (const x of s.matchAll(named(m.name))) {
      const [a, b] = [x.index, x.index + x[0].length];
      if (!claims.isFree(a, b)) continue;
      const list = listOf(x[0]);
      if (list && result.read[m.name] === undefined) {
        claims.claim(a, b);
        result.read[m.name] = list;
        result.said[m.name] = x[0];
      } else report(a, b, m.name);
    }
  }
  for (const x of s.matchAll(WORDS)) if (claims.isFree(x.index, x.index + x[0].length)) report(x.index, x.index + x[0].length, maskFor(x[0], info));
  return result;
}
