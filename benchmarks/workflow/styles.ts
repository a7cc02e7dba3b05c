/**
 * The workflow suite's styles (benchmarks.md §2.2) and problems: what each style asks for, the
 * optimal tool-call sequence it is scored against, and how many STL exports it expects. Tool names
 * are part of the benchmark (§2.1).
 */
import { InputError } from '../../tools/errors.ts';

export const STYLES = ['Full', 'Natural', 'W-Rand', 'W-Derived', 'W-Distract', 'W-Cond', 'W-Multi'] as const;
export type Style = (typeof STYLES)[number];

export const PROBLEMS = ['beams2d', 'photonics2d', 'thermoelastic2d', 'beams3d'] as const;
export type ProblemId = (typeof PROBLEMS)[number];

/** The problems a run without --problem covers: the paper's two (ThermoElastic2D and Beams3D, not in the paper, on request). */
export const DEFAULT_PROBLEMS: readonly ProblemId[] = ['beams2d', 'photonics2d'];

/** The styles the paper ran per problem (Beams2D all seven, Photonics2D three); ours run every style on both. */
export const PAPER_STYLES: Record<ProblemId, readonly Style[]> = {
  beams2d: STYLES,
  photonics2d: ['W-Rand', 'W-Distract', 'W-Cond'],
  thermoelastic2d: [],
  beams3d: [],
};

/**
 * The styles a problem supports. ThermoElastic2D (the reference has only a plain "Design a 2D
 * thermoelastic structure…" prompt) runs the styles whose prompts need no problem-specific words or
 * rules: Full, W-Rand, W-Distract, W-Cond (on the structural compliance) and W-Multi; Natural and
 * W-Derived would need its own qualitative words and derived rules. Beams3D (not in the paper) runs
 * the same five; its STL is the design's surface, with scale_xy the voxel's x/y edge and scale_z its
 * height (convert_design_to_stl), so the export styles' parameters keep their names and meaning.
 */
export const SUPPORTED_STYLES: Record<ProblemId, readonly Style[]> = {
  beams2d: STYLES,
  photonics2d: STYLES,
  thermoelastic2d: ['Full', 'W-Rand', 'W-Distract', 'W-Cond', 'W-Multi'],
  beams3d: ['Full', 'W-Rand', 'W-Distract', 'W-Cond', 'W-Multi'],
};

/** The styles `--style paper` selects per problem: the paper's, plus Full on Photonics2D (the minimum). */
export const DEFAULT_STYLES: Record<ProblemId, readonly Style[]> = {
  beams2d: STYLES,
  photonics2d: ['Full', 'W-Rand', 'W-Distract', 'W-Cond'],
  thermoelastic2d: ['Full', 'W-Rand', 'W-Distract', 'W-Cond', 'W-Multi'],
  beams3d: ['Full', 'W-Rand', 'W-Distract', 'W-Cond', 'W-Multi'],
};

export const TOOL = {
  create: 'create_problem',
  optimize: 'optimize_design',
  simulate: 'simulate_design',
  render: 'render_design',
  convert: 'convert_design_to_stl',
  ask: 'ask_human_for_clarification',
} as const;

/** The optimal call sequence per style (§2.2). */
export const OPTIMAL_SEQUENCE: Record<Style, readonly string[]> = {
  Full: [TOOL.create, TOOL.optimize, TOOL.simulate, TOOL.render],
  Natural: [TOOL.ask],
  'W-Rand': [TOOL.create, TOOL.optimize, TOOL.simulate, TOOL.convert],
  'W-Derived': [TOOL.create, TOOL.optimize, TOOL.simulate, TOOL.convert],
  'W-Distract': [TOOL.create, TOOL.optimize, TOOL.simulate, TOOL.convert],
  'W-Cond': [TOOL.create, TOOL.optimize, TOOL.simulate, TOOL.convert],
  'W-Multi': [TOOL.create, TOOL.optimize, TOOL.simulate, TOOL.convert, TOOL.convert],
};

export const isExportStyle = (s: Style) => s.startsWith('W-');

export function parseStyle(raw: string): Style {
  const s = STYLES.find((x) => x.toLowerCase() === raw.trim().toLowerCase());
  if (!s) throw new InputError(`unknown style "${raw}"`, { field: 'style', hint: `one of ${STYLES.join(', ')}, or all` });
  return s;
}

/** Display names as in the paper's tables. */
export const PROBLEM_TITLE: Record<ProblemId, string> = { beams2d: 'Beams2D', photonics2d: 'Photonics2D', thermoelastic2d: 'ThermoElastic2D', beams3d: 'Beams3D' };

/** The objective each problem's W-Cond branches on, as the prompt names it, and its key in simulate_design's result. */
export const COND_OBJECTIVE: Record<ProblemId, { word: string; key: string }> = {
  beams2d: { word: 'compliance', key: 'c' },
  photonics2d: { word: 'total_overlap', key: 'total_overlap' },
  thermoelastic2d: { word: 'structural_compliance', key: 'structural_compliance' },
  beams3d: { word: 'compliance', key: 'c' },
};
