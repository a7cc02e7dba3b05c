/**
 * The prompt templates of every style (benchmarks.md §2.2), in two sets: `main`, which runs by
 * default and which tests see, and `held-out`, paraphrases that no test or tuning ever reads
 * (`--paraphrases held-out`), to detect prompts over-fitted by a planner or a model. `{conditions}`
 * is the problem's condition phrase (conditionPhrases.ts), `{solver}` the solver settings sentence
 * (empty when the run uses the defaults). Slot kinds: templateText.ts.
 */
import type { Protocol } from '../protocol.ts';
import type { Style } from '../styles.ts';

export type ParaphraseSet = 'main' | 'held-out';

export interface StyleTemplate {
  id: string;
  style: Style;
  set: ParaphraseSet;
  /** Only for this problem (the Natural prompts describe each problem in its own words). */
  problem?: string;
  /** Only under this protocol (the paper's Full prompt); other templates serve both. */
  protocol?: Protocol;
  text: string;
}

const BASE = 'Optimize a {problem} design with {conditions}. {solver}Simulate the design. ';
const BASE2 = 'Run a topology optimization of {problem} with {conditions}. {solver}';
const HELD = 'Set up {problem} using {conditions} and optimize it. {solver}';

const T = (id: string, style: Style, set: ParaphraseSet, text: string, problem?: string): StyleTemplate => ({ id, style, set, text, ...(problem ? { problem } : {}) });

export const STYLE_TEMPLATES: readonly StyleTemplate[] = [
  T('full-1', 'Full', 'main', 'Optimize a {problem} design with {conditions}. {solver}Then simulate the design and render it.'),
  T('full-2', 'Full', 'main', `${BASE2}Simulate the optimized design, then render it.`),
  // the reference's Full prompt states the conditions and asks to optimize, nothing more: whether the agent simulates and renders unprompted is what it tests
  { id: 'full-paper', style: 'Full', set: 'main', protocol: 'paper', text: 'Design a {problem} structure with {conditions}. {solver}Optimize the structure.' },
  T('full-h1', 'Full', 'held-out', `${HELD}Afterwards evaluate the design by simulation and render a picture of it.`),

  T('natural-b1', 'Natural', 'main', 'Design a {q_weight} {problem} beam that carries a load {q_load}, with {q_detail} features. {solver}Simulate it and render the result.', 'beams2d'),
  T('natural-b2', 'Natural', 'main', 'I want a {q_weight} {problem} beam design; the load sits {q_load} and the features should be {q_detail}. {solver}Please optimize, simulate and render it.', 'beams2d'),
  T('natural-bh1', 'Natural', 'held-out', 'Could you come up with a {q_weight} {problem} structure, loaded {q_load}, keeping {q_detail} detail? {solver}Show me how it performs and what it looks like.', 'beams2d'),
  T('natural-p1', 'Natural', 'main', 'Design a {problem} demultiplexer that sends {q_band1} light to the first port and {q_band2} light to the second, with {q_detail} features. {solver}Simulate it and render the result.', 'photonics2d'),
  T('natural-p2', 'Natural', 'main', 'I need a {problem} wavelength splitter for {q_band1} light and {q_band2} light with {q_detail} features. {solver}Please optimize, simulate and render it.', 'photonics2d'),
  T('natural-ph1', 'Natural', 'held-out', 'Could you come up with a {problem} device separating {q_band1} from {q_band2} light, keeping {q_detail} detail? {solver}Show me how it performs and what it looks like.', 'photonics2d'),

  T('rand-1', 'W-Rand', 'main', `${BASE}Export it as an STL file with threshold {threshold}, scale_xy {scale_xy}, scale_z {scale_z} and mirror_y {mirror_y}.`),
  T('rand-2', 'W-Rand', 'main', `${BASE2}Simulate the optimized design and convert it to STL using a density threshold of {threshold}, scale_xy = {scale_xy}, scale_z = {scale_z} and mirror_y = {mirror_y}.`),
  T('rand-h1', 'W-Rand', 'held-out', `${HELD}After a simulation of the result, produce a printable STL: cut the density at {threshold}, make each pixel {scale_xy} mm wide and the part {scale_z} mm tall, mirror_y {mirror_y}.`),

  T('derived-1', 'W-Derived', 'main', `${BASE}Export it as an STL file with threshold = {threshold_rule}, scale_xy = {scale_xy_rule}, scale_z = {scale_z_rule} and mirror_y {mirror_y}.`),
  T('derived-2', 'W-Derived', 'main', `${BASE2}Simulate the optimized design and export an STL whose threshold is {threshold_rule}, whose scale_xy is {scale_xy_rule} and whose scale_z is {scale_z_rule}; set mirror_y to {mirror_y}.`),
  // the reference's rules, fixed per problem, with its conditional mirror rule (paper protocol)
  { id: 'derived-paper', style: 'W-Derived', set: 'main', protocol: 'paper', text: `${BASE}Export it as an STL file with threshold = {threshold_rule}, scale_xy = {scale_xy_rule}, scale_z = {scale_z_rule} and mirror_y {mirror_rule}.` },
  T('derived-h1', 'W-Derived', 'held-out', `${HELD}Simulate it, then write an STL where the density cut-off equals {threshold_rule}, each pixel measures {scale_xy_rule} mm, the part is {scale_z_rule} mm tall and mirror_y is {mirror_y}.`),

  T('distract-1', 'W-Distract', 'main', `${BASE}Use threshold {p_threshold} and scale_z {p_scale_z} only for the on-screen preview, but for manufacturing export the STL with threshold {threshold}, scale_xy {scale_xy}, scale_z {scale_z} and mirror_y {mirror_y}.`),
  T('distract-2', 'W-Distract', 'main', `${BASE2}Simulate the optimized design. The draft preview used threshold {p_threshold}, scale_xy {p_scale_xy} and mirror_y {p_mirror_y}. For the final manufacturing STL use threshold {threshold}, scale_xy {scale_xy}, scale_z {scale_z} and mirror_y {mirror_y}.`),
  T('distract-h1', 'W-Distract', 'held-out', `${HELD}Simulate it. A colleague suggested threshold {p_threshold} and scale_z {p_scale_z} for a thumbnail, whereas the part we fabricate needs threshold {threshold}, scale_xy {scale_xy}, scale_z {scale_z} and mirror_y {mirror_y} in the exported STL.`),

  T('cond-1', 'W-Cond', 'main', `${BASE}Then export an STL with scale_xy {scale_xy} and scale_z {scale_z}. If the simulated {objective} is {cmp} {limit}, use threshold {a_threshold} and mirror_y {a_mirror_y}; otherwise use threshold {b_threshold} and mirror_y {b_mirror_y}.`),
  T('cond-2', 'W-Cond', 'main', `${BASE2}Simulate the optimized design and export it as STL with scale_xy {scale_xy} and scale_z {scale_z}. If the resulting {objective} is {cmp} {limit}, the threshold must be {a_threshold} with mirror_y {a_mirror_y}; otherwise the threshold must be {b_threshold} with mirror_y {b_mirror_y}.`),
  T('cond-h1', 'W-Cond', 'held-out', `${HELD}Check the {objective} reported by simulate_design: when it comes out {cmp} {limit}, write the STL with threshold {a_threshold}, mirror_y {a_mirror_y}; when it does not, use threshold {b_threshold}, mirror_y {b_mirror_y}. In both cases scale_xy is {scale_xy} and scale_z is {scale_z}.`),

  T('multi-1', 'W-Multi', 'main', `${BASE}Export two STL files: the first with threshold {threshold_1}, scale_xy {scale_xy_1}, scale_z {scale_z_1} and mirror_y {mirror_y_1}; the second with threshold {threshold_2}, scale_xy {scale_xy_2}, scale_z {scale_z_2} and mirror_y {mirror_y_2}.`),
  T('multi-2', 'W-Multi', 'main', `${BASE2}Simulate the optimized design. Then convert it to STL twice. First use threshold {threshold_1}, scale_xy {scale_xy_1}, scale_z {scale_z_1} and mirror_y {mirror_y_1}. Then make another export with threshold {threshold_2}, scale_xy {scale_xy_2}, scale_z {scale_z_2} and mirror_y {mirror_y_2}.`),
  T('multi-h1', 'W-Multi', 'held-out', `${HELD}Simulate it. I need a pair of STL exports, one at threshold {threshold_1} (scale_xy {scale_xy_1}, scale_z {scale_z_1}, mirror_y {mirror_y_1}) and one at threshold {threshold_2} (scale_xy {scale_xy_2}, scale_z {scale_z_2}, mirror_y {mirror_y_2}).`),
];

/** The templates a prompt of this style, problem, set and protocol is drawn from (a protocol's own templates replace the shared ones). */
export function templatesFor(style: Style, problem: string, set: ParaphraseSet, protocol: Protocol = 'engiai'): StyleTemplate[] {
  const all = STYLE_TEMPLATES.filter((t) => t.style === style && t.set === set && (!t.problem || t.problem === problem));
  const own = all.filter((t) => t.protocol === protocol);
  return own.length ? own : all.filter((t) => !t.protocol);
}
