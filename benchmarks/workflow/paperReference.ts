/**
 * The EngiAI paper's published workflow results (its Tables 2 and 3: TC and CO, mean ± population
 * std over 15 runs per cell), shown as reference rows beside the user's models. Values copied from
 * the paper; problems the paper did not run have no entry.
 */
import type { ProblemId, Style } from './styles.ts';

export const PAPER_MODELS = ['GPT-5-mini', 'Gemini-3-Flash', 'Qwen3-4B', 'Qwen3.5-4B'] as const;

/** [TC mean, TC std, CO mean, CO std] per model, in PAPER_MODELS order. */
type Row = [number, number, number, number][];

/** The paper's tables, for the problems the paper ran (ThermoElastic2D is not in the paper: the report prints no table for it). */
export const PAPER_TABLES: Partial<Record<ProblemId, Partial<Record<Style, Row>>>> = {
  beams2d: {
    Full: [[1.0, 0.0, 0.65, 0.07], [0.93, 0.25, 0.69, 0.1], [0.0, 0.0, 0.45, 0.06], [0.73, 0.44, 0.59, 0.11]],
    Natural: [[0.87, 0.34, 0.82, 0.3], [1.0, 0.0, 0.88, 0.23], [0.0, 0.0, 0.29, 0.05], [0.33, 0.47, 0.48, 0.32]],
    'W-Rand': [[1.0, 0.0, 0.66, 0.07], [1.0, 0.0, 0.65, 0.09], [1.0, 0.0, 0.64, 0.07], [1.0, 0.0, 0.69, 0.06]],
    'W-Derived': [[1.0, 0.0, 0.65, 0.07], [1.0, 0.0, 0.64, 0.07], [0.47, 0.5, 0.53, 0.08], [0.85, 0.36, 0.66, 0.1]],
    'W-Distract': [[1.0, 0.0, 0.63, 0.06], [1.0, 0.0, 0.63, 0.08], [1.0, 0.0, 0.61, 0.06], [0.93, 0.25, 0.66, 0.09]],
    'W-Cond': [[0.93, 0.25, 0.66, 0.1], [0.87, 0.34, 0.65, 0.1], [0.4, 0.49, 0.57, 0.12], [0.6, 0.49, 0.62, 0.13]],
    'W-Multi': [[0.93, 0.25, 0.66, 0.09], [1.0, 0.0, 0.7, 0.07], [1.0, 0.0, 0.65, 0.08], [1.0, 0.0, 0.69, 0.06]],
  },
  photonics2d: {
    'W-Rand': [[1.0, 0.0, 0.53, 0.01], [1.0, 0.0, 0.6, 0.02], [1.0, 0.0, 0.56, 0.02], [1.0, 0.0, 0.55, 0.01]],
    'W-Distract': [[1.0, 0.0, 0.52, 0.02], [1.0, 0.0, 0.55, 0.03], [1.0, 0.0, 0.52, 0.02], [1.0, 0.0, 0.57, 0.05]],
    'W-Cond': [[0.4, 0.49, 0.47, 0.08], [0.53, 0.5, 0.54, 0.09], [0.2, 0.4, 0.43, 0.07], [0.47, 0.5, 0.49, 0.08]],
  },
  thermoelastic2d: {},
  beams3d: {},
};

/** The paper's "Average" row (TC, CO per model) as printed. */
export const PAPER_AVERAGES: Partial<Record<ProblemId, [number, number][]>> = {
  beams2d: [[0.96, 0.68], [0.97, 0.69], [0.55, 0.53], [0.78, 0.63]],
  photonics2d: [[0.8, 0.51], [0.84, 0.56], [0.73, 0.5], [0.82, 0.54]],
};

/**
 * Where our benchmark departs from the paper and its published code (gioelemo/EngiAI-Public, protocol.ts's
 * REFERENCE_COMMIT), each with its measured effect. "Measured" = the reference scripted agent on Beams2D,
 * all seven styles × 5 rows × 3 seeds (105 trials, preset paper), scored under both protocols; the report's
 * "Measured effect" table recomputes the scoring rows over whatever run it reports.
 */
export const WORKFLOW_DEVIATIONS: readonly string[] = [
  'Two protocols (protocol.ts): paper = the reference code\'s prompts where they change scores, its sampling, seeds and scorers; engiai = ours with the scorer holes closed. Every trial is scored under both; --protocol picks the run protocol (default paper) and `bench score --protocol` the one reported. Measured CO, reference agent, export styles: paper 0.74–0.76, engiai 0.90–0.91; Full 0.75 / 0.83.',
  'Where the paper\'s text and its code disagree the paper protocol follows the code (it produced the published numbers) and engiai the text: TC "all required tools called successfully" (text) vs a successful render (Full) or the first export (W-*) alone (code); Natural "asks and produces no design" (text) vs asked (code; S_design = 1 only without a design in both); Constr τ unspecified (text) vs 0.01 (code); Conn "validates connectivity" (text) vs exactly one 8-connected component (code).',
  'Ground truth (both protocols): the reference scores against EngiBench\'s Hugging Face dataset rows, unreachable offline; ours are stand-ins made by EngiBench\'s own dataset procedure (its grid, its split, a cold-start optimize of the row) in our TypeScript engines. The reference\'s stored scorer indexes the ground truth by the prompt\'s position in the sampled list (a bug); we use the sampled row under both.',
  'Agent start (both protocols): every prompt ends with the reference runner\'s "IMPORTANT: Use seed=N when calling tools.", and optimize_design with a seed starts from that seed\'s random dataset design (a train row\'s optimum of our dataset plan, drawn with SplitMix32; EngiBench draws from its Hugging Face train split with its own RNG). Measured: the reference agent\'s IoU is 0.67 (paper rows) / 0.71 (engiai rows), where a uniform start gave IoU = 1 and CO 1.00 on every W-style. engiai TC requires the seed in the optimize call. An agent that omits the seed starts from the uniform field (the reference\'s tool defaults to seed 0, still a random dataset design), so under paper its IoU can reach 1 where the reference\'s could not.',
  'Sampling: paper draws 5 test rows per seed with replacement, seeds 1–3, like the reference\'s numpy.default_rng(seed).choice, but with SplitMix32, not numpy\'s PCG64, so the rows drawn for a seed differ from the reference\'s; engiai takes the first N usable test rows of a fixed shuffled order for every seed, seeds 0–2.',
  'Prompts under paper: reproduced are the Full prompt (conditions and "Optimize the structure", no simulate or render instruction), the export parameter draws (threshold U(0.3, 0.7), scale_xy U(0.5, 5), scale_z U(5, 20), printed %.2f/%.2f/%.1f; distractor gaps 0.1/0.5; W-Multi opposite mirrors), its W-Derived rules (Beams2D threshold = volfrac, scale_xy = 2·rmin, scale_z = 40·volfrac, mirror iff volfrac > 0.4; Photonics2D 0.1·blur + 0.3, λ1 + λ2, 5(λ1 + λ2), mirror iff λ1 > 1.0; the held-out paraphrase keeps ours), the W-Cond limit U(100, 300) (Photonics2D U(0.1, 0.8)) independent of the instance with ">", and the seed sentence. Expected values are the printed ones (the reference keeps them unrounded; |Δ| ≤ 0.005 / 0.05, inside its ±0.05). Not reproduced: the reference\'s sentence wording of the other styles (our main templates are used, with the reference\'s values), its Natural band words with the stiffness word.',
  'S_tool: paper counts every call (failed ones match too) against optimal lists without create_problem; engiai counts successful calls, create_problem is in every list, and matched is the longest common subsequence (order-aware). Measured +0.041 CO over all trials (+0.05 per export cell: the reference agent calls create_problem, so paper gives it 0.75; an agent that skips create_problem gets paper 1.0, engiai 0.75).',
  'WT: the reference\'s cube-per-cell exporter is never watertight (paper protocol WT = 0, as the paper\'s "uniformly 0.00"); our exporter writes closed 2-manifolds (engiai WT = 1 per correct export). Measured +0.051 CO over all trials, +0.07 on export styles.',
  'Obj: paper max(0, 1 − |a − t|/|t|/0.2) with a = the agent\'s first reported simulate value, t = the dataset\'s objective, symmetric; engiai re-simulates both designs under the true conditions, min(1, f_gt/f_agent) (maximize: the clipped ratio). Measured Obj 0.59 (paper) vs 0.75–0.78 (engiai), +0.015–0.018 CO.',
  'Constr: paper τ = 0.01 (the reference registry\'s; its stored scorer looked the target up where it is absent and always gave 1.0, not reproduced), Photonics2D 1.0; engiai τ = 0.05, Photonics2D the [0, 1] bounds. Measured 0.000 (the optimality-criteria update meets the volume fraction to ~1e-6).',
  'Conn: paper exactly one 8-connected component; engiai the largest 4-connected component ≥ 99 % of the solid. Measured +0.057 Conn, +0.004 CO. IoU/PA binarization (> 0.5 and empty union 0 vs ≥ 0.5 and 1): measured 0.000.',
  'Export tolerance: paper ±0.05 (the spacing of our engiai grids, so a value one step off passed: tolerance-step TC 1 under paper); engiai ±0.01, below every drawn spacing, every wrong candidate ≥ 0.1 away (tolerance-step TC 0).',
  'Which exports count: paper the first successful export (W-Multi the first two, in order; later ones ignored); engiai every successful export must match a requested set and every set be made (W-Multi exactly once, any order).',
  'W-Cond: paper takes the branch from the dataset\'s objective (a correct agent whose own design falls on the other side fails: measured reference agent paper TC 0.93 on paper-protocol prompts, 0.80 on engiai prompts, whose limits lie within 5–30 % of the dataset objective); engiai from the exported design re-simulated, and the export must follow a successful simulate of that design (cond-guess and skip-simulate: engiai TC 0, paper TC 0.40).',
  'Optimize arguments: engiai TC requires the optimize call to use the prompt\'s conditions, solver settings and seed (wrong-design: engiai TC 0, paper TC 1); the reference never checks them.',
  'A trial is one turn: a Natural trial ends when the agent asks (the reference\'s ask tool returns at once and the agent may go on to design; paper TC accepts that, engiai does not).',
  'Photonics2D: its optimizer\'s first Adam step saturates every pixel, so its design does not depend on the start (measured: the same design from a random dataset start as from the default one, IoU 1): Photonics2D design quality stays saturated under both protocols, and its cells separate agents by TC and S_tool only (the paper notes the same near-constant sub-scores).',
  'Photonics2D runs on a 90×110 grid with 40 Adam steps (the prompt states these solver settings) instead of 120×120 and 200 steps, so the whole suite fits in 15 minutes; Beams2D uses EngiBench\'s 100×50 grid and 100 iterations. Photonics2D runs Full, W-Rand, W-Distract and W-Cond by default; the paper ran three, and Table 3\'s Average row covers those three only (a second row covers every style run).',
  'ThermoElastic2D (not in the paper; the reference has a plain prompt generator only) runs Full, W-Rand, W-Distract, W-Cond (structural compliance) and W-Multi on request, Obj over its three objectives; its rows are 200 sampled conditions (EngiBench\'s were sampled, there is no grid).',
  'Beams3D (not in the paper) runs Full, W-Rand, W-Distract, W-Cond (compliance c) and W-Multi on request; its rows are 200 sampled conditions of a spec of the published 16³ rows\' ranges (volfrac 0.1–0.5, rmin 1.5–3.5, forcedist_x/y in {0, 0.25, 0.75, 1}, max_iter 100; preset small 8³ × 30); its STL exports are the design\'s surface (scale_xy the voxel\'s x/y edge, scale_z its height); IoU/PA per voxel, Conn face-connected (paper rule: one 26-connected component), Constr on volfrac under both protocols; figures show the max over z.',
  'Model settings: temperature 0 and a fixed seed by default (the reference\'s config defaults to 0.7; the paper ran at 0).',
];
