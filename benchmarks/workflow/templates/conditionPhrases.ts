/**
 * How a prompt states a problem's conditions (the `{conditions}` slot of the style templates), per
 * problem and paraphrase set, and the qualitative words the Natural style uses instead of numbers.
 */
import type { ParaphraseSet } from './styleTemplates.ts';

export interface ConditionPhrase {
  id: string;
  set: ParaphraseSet;
  text: string;
}

export const CONDITION_PHRASES: Record<string, readonly ConditionPhrase[]> = {
  beams2d: [
    { id: 'b-names', set: 'main', text: 'volfrac {volfrac}, rmin {rmin} and forcedist {forcedist}' },
    { id: 'b-words', set: 'main', text: 'a volume fraction of {volfrac}, a filter radius of {rmin} and a force distance of {forcedist}' },
    { id: 'b-held', set: 'held-out', text: 'material budget {volfrac} of the domain, minimum feature radius {rmin} elements and the load placed at {forcedist} of the span' },
  ],
  photonics2d: [
    { id: 'p-names', set: 'main', text: 'lambda1 {lambda1}, lambda2 {lambda2} and blur_radius {blur_radius}' },
    { id: 'p-words', set: 'main', text: 'a first wavelength of {lambda1} µm, a second wavelength of {lambda2} µm and a blur radius of {blur_radius}' },
    { id: 'p-held', set: 'held-out', text: 'port 1 carrying {lambda1} µm, port 2 carrying {lambda2} µm and density smoothing over {blur_radius} pixels' },
  ],
  thermoelastic2d: [
    { id: 't-names', set: 'main', text: 'volfrac {volfrac} and weight {weight}' },
    { id: 't-words', set: 'main', text: 'a volume fraction of {volfrac} and a structural objective weight of {weight}' },
    { id: 't-held', set: 'held-out', text: 'material budget {volfrac} of the domain and {weight} of the objective on stiffness (the rest on heat conduction)' },
  ],
  beams3d: [
    { id: 'b3-names', set: 'main', text: 'volfrac {volfrac}, rmin {rmin}, forcedist_x {forcedist_x} and forcedist_y {forcedist_y}' },
    { id: 'b3-words', set: 'main', text: 'a volume fraction of {volfrac}, a filter radius of {rmin}, forcedist_x = {forcedist_x} and forcedist_y = {forcedist_y}' },
    { id: 'b3-held', set: 'held-out', text: '{volfrac} of the block as material, smoothing radius {rmin}, and the load on the top face at {forcedist_x} along x and {forcedist_y} along y' },
  ],
};

export function phrasesFor(problem: string, set: ParaphraseSet): ConditionPhrase[] {
  return (CONDITION_PHRASES[problem] ?? []).filter((p) => p.set === set);
}

/** Qualitative words for a condition value (Natural style): the first band whose upper bound exceeds the value. */
interface Band {
  below: number;
  word: string;
}

const bandOf = (bands: readonly Band[], v: number) => (bands.find((b) => v < b.below) ?? bands[bands.length - 1]).word;

const WAVE: Band[] = [
  { below: 0.75, word: 'short-wavelength green' },
  { below: 1.0, word: 'red' },
  { below: 1.25, word: 'near-infrared' },
  { below: Infinity, word: 'telecom-band infrared' },
];

/** The Natural prompt's qualitative slots for a sample's conditions. */
export function qualitativeSlots(problem: string, c: Record<string, number | boolean>): Record<string, string> {
  if (problem === 'beams2d') {
    return {
      q_weight: bandOf([{ below: 0.22, word: 'very lightweight' }, { below: 0.3, word: 'lightweight' }, { below: 0.36, word: 'moderately light' }, { below: Infinity, word: 'sturdy' }], Number(c.volfrac)),
      q_load: bandOf([{ below: 0.25, word: 'close to the support' }, { below: 0.6, word: 'around the middle' }, { below: 0.85, word: 'towards the far end' }, { below: Infinity, word: 'near the tip' }], Number(c.forcedist)),
      q_detail: bandOf([{ below: 2.3, word: 'fine' }, { below: 3.2, word: 'medium-sized' }, { below: Infinity, word: 'coarse' }], Number(c.rmin)),
    };
  }
  return {
    q_band1: bandOf(WAVE, Number(c.lambda1)),
    q_band2: bandOf(WAVE, Number(c.lambda2)),
    q_detail: bandOf([{ below: 2, word: 'sharp' }, { below: 3, word: 'moderately smoothed' }, { below: Infinity, word: 'smooth' }], Number(c.blur_radius)),
  };
}

/** What a guessing agent makes of the qualitative words (the `guesser` policy; deliberately plausible). */
export const GUESSES: Record<string, Record<string, number>> = {
  'very lightweight': { volfrac: 0.2 },
  lightweight: { volfrac: 0.25 },
  'moderately light': { volfrac: 0.3 },
  sturdy: { volfrac: 0.4 },
  'close to the support': { forcedist: 0.1 },
  'around the middle': { forcedist: 0.5 },
  'towards the far end': { forcedist: 0.75 },
  'near the tip': { forcedist: 0.95 },
  fine: { rmin: 1.5, blur_radius: 1 },
  'medium-sized': { rmin: 2.5 },
  coarse: { rmin: 3.5 },
  sharp: { blur_radius: 1 },
  'moderately smoothed': { blur_radius: 2 },
  smooth: { blur_radius: 4 },
  'short-wavelength green': { lambda: 0.6 },
  red: { lambda: 0.85 },
  'near-infrared': { lambda: 1.1 },
  'telecom-band infrared': { lambda: 1.4 },
};
