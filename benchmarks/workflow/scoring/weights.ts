/**
 * The workflow score's weights (paper Appendix A.1, benchmarks.md §2.4) and alternative weightings
 * the report recomputes from the per-trial sub-scores.
 */

export const DESIGN_WEIGHTS = { iou: 0.31, pa: 0.19, obj: 0.15, constr: 0.12, conn: 0.12, wt: 0.11 } as const;
export type DesignMetric = keyof typeof DESIGN_WEIGHTS;

export interface CompositeWeights {
  design: number;
  tool: number;
  completion: number;
}

/** CO = 0.65·S_design + 0.20·S_tool + 0.15·S_completion. */
export const PAPER_WEIGHTS: CompositeWeights = { design: 0.65, tool: 0.2, completion: 0.15 };

/** Alternatives shown beside the paper's composite. */
export const ALTERNATIVE_WEIGHTS: Record<string, CompositeWeights> = {
  equal: { design: 1 / 3, tool: 1 / 3, completion: 1 / 3 },
  'completion-heavy': { design: 0.4, tool: 0.2, completion: 0.4 },
  'design-only': { design: 1, tool: 0, completion: 0 },
};

export function composite(w: CompositeWeights, s: { design: number; tool: number; completion: number }): number {
  return w.design * s.design + w.tool * s.tool + w.completion * s.completion;
}
