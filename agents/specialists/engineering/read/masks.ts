/**
 * Boundary-condition masks in a request (Beams3D's fixed_elements, ThermoElastic3D's heat sinks, ...): the offline
 * planner does not read them — neither from words ("fix the left face") nor from a node list typed into a
 * sentence — so that none is guessed. Each such phrase is claimed and reported as not applied, saying the
 * default was used and how a mask is given (the tools' and the CLI's node lists). A problem without declared
 * masks gets no such report here (its other readers report what they cannot place).
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

export function readMaskMentions(s: string, info: ProblemInfo, claims: Claims): { said: string; reason: string }[] {
  const masks = info.masks ?? [];
  if (!masks.length) return [];
  const out: { said: string; reason: string }[] = [];
  const report = (a: number, b: number, name: string | undefined) => {
    claims.claim(a, b);
    const m = masks.find((x) => x.name === name);
    out.push({
      said: s.slice(a, b),
      reason: `the offline planner does not read boundary masks; ${m ? `${m.name} stayed the default (${m.default})` : 'the default masks were used'}: give ${m?.name ?? 'a mask'} as node coordinates [[x, y, z], ...] through the optimize_design tool (MCP) or \`engiai optimize ${info.id} --${(m?.name ?? '<mask>').replace(/_/g, '-')} nodes.json\``,
    });
  };
  for (const m of masks) {
    for (const x of s.matchAll(named(m.name))) if (claims.isFree(x.index, x.index + x[0].length)) report(x.index, x.index + x[0].length, m.name);
  }
  for (const x of s.matchAll(WORDS)) if (claims.isFree(x.index, x.index + x[0].length)) report(x.index, x.index + x[0].length, maskFor(x[0], info));
  return out;
}
