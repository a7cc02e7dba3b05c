/**
 * The workflow suite's styles (benchmarks.md §2.2) and problems: what each style asks for, the
 * optimal tool-call sequence it is scored against, and how many STL exports it expects. Tool names
 * are part of the benchmark (§2.1).
 */
import { InputError } from '../../tools/errors.ts';

export const STYLES = ['Full', 'Natural', 'W-Rand', 'W-Derived', 'W-Distract', 'W-Cond', 'W-Multi'] as const;
export type Style = (typeof STYLES)[number];

export const PROBLEMS = ['beams2d', 'photonics2d'] as const;
export type ProblemId = (typeof PROBLEMS)[number];

/** The styles the paper ran per problem (Beams2D all seven, Photonics2D three); ours run every style on both. */
export const PAPER_STYLES: Record<ProblemId, readonly Style[]> = {
  beams2d: STYLES,
  photonics2d: ['W-Rand', 'W-Distract', 'W-Cond'],
};

/** The styles `--style paper` selects per problem: the paper's, plus Full on Photonics2D (the minimum). */
export const DEFAULT_STYLES: Record<ProblemId, readonly Style[]> = {
  beams2d: STYLES,
  photonics2d: ['Full', 'W-Rand', 'W-Distract', 'W-Cond'],
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
export const PROBLEM_TITLE: Record<ProblemId, string> = { beams2d: 'Beams2D', photonics2d: 'Photonics2D' };

/** The objective each problem's W-Cond branches on, as the prompt names it, and its key in simulate_design's result. */
export const COND_OBJECTIVE: Record<ProblemId, { word: string; key: string }> = {
  beams2d: { word: 'compliance', key: 'c' },
  photonics2d: { word: 'total_overlap', key: 'total_overlap' },
};
