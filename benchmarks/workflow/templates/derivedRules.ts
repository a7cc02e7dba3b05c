/**
 * W-Derived export rules (benchmarks.md §2.2): each export parameter stated as a rule over the
 * condition values the agent passed to earlier tools ("threshold = the volume fraction",
 * "scale_z = 10 × rmin"). Each problem's rules keep the results inside the tool's ranges for every
 * condition its dataset can draw.
 */

export interface DerivedRule {
  param: 'threshold' | 'scale_xy' | 'scale_z';
  phrase: string;
  value(conditions: Record<string, number | boolean>): number;
}

const n = (c: Record<string, number | boolean>, k: string) => Number(c[k]);

export const DERIVED_RULES: Record<string, readonly DerivedRule[]> = {
  beams2d: [
    { param: 'threshold', phrase: 'the volume fraction', value: (c) => n(c, 'volfrac') },
    { param: 'threshold', phrase: '2 × the volume fraction', value: (c) => 2 * n(c, 'volfrac') },
    { param: 'scale_xy', phrase: 'the filter radius', value: (c) => n(c, 'rmin') },
    { param: 'scale_xy', phrase: '0.5 × rmin', value: (c) => 0.5 * n(c, 'rmin') },
    { param: 'scale_z', phrase: '10 × rmin', value: (c) => 10 * n(c, 'rmin') },
    { param: 'scale_z', phrase: 'rmin times 5', value: (c) => 5 * n(c, 'rmin') },
  ],
  photonics2d: [
    { param: 'threshold', phrase: '0.5 × lambda1', value: (c) => 0.5 * n(c, 'lambda1') },
    { param: 'threshold', phrase: '0.4 × lambda2', value: (c) => 0.4 * n(c, 'lambda2') },
    { param: 'scale_xy', phrase: 'lambda2', value: (c) => n(c, 'lambda2') },
    { param: 'scale_xy', phrase: '2 × lambda1', value: (c) => 2 * n(c, 'lambda1') },
    { param: 'scale_z', phrase: '10 × lambda2', value: (c) => 10 * n(c, 'lambda2') },
    { param: 'scale_z', phrase: 'lambda1 times 20', value: (c) => 20 * n(c, 'lambda1') },
  ],
};

/**
 * The reference's W-Derived rules (paper protocol; no randomness): Beams2D threshold = volfrac,
 * scale_xy = 2·rmin, scale_z = 40·threshold (= 40·volfrac), mirror iff volfrac > 0.4; Photonics2D
 * threshold = 0.1·blur + 0.3, scale_xy = λ1 + λ2, scale_z = 5(λ1 + λ2), mirror iff λ1 > 1.0.
 * ThermoElastic2D has none.
 */
export const PAPER_DERIVED_RULES: Record<string, readonly DerivedRule[]> = {
  beams2d: [
    { param: 'threshold', phrase: 'the volume fraction', value: (c) => n(c, 'volfrac') },
    { param: 'scale_xy', phrase: '2 × the filter radius', value: (c) => 2 * n(c, 'rmin') },
    { param: 'scale_z', phrase: '40 × the threshold', value: (c) => 40 * n(c, 'volfrac') },
  ],
  photonics2d: [
    { param: 'threshold', phrase: '0.1 × blur_radius + 0.3', value: (c) => 0.1 * n(c, 'blur_radius') + 0.3 },
    { param: 'scale_xy', phrase: 'lambda1 + lambda2', value: (c) => n(c, 'lambda1') + n(c, 'lambda2') },
    { param: 'scale_z', phrase: '5 × (lambda1 + lambda2)', value: (c) => 5 * (n(c, 'lambda1') + n(c, 'lambda2')) },
  ],
};

/** The reference's conditional mirror rule per problem: its phrase and value. */
export const PAPER_MIRROR_RULES: Record<string, { phrase: string; value(c: Record<string, number | boolean>): boolean }> = {
  beams2d: { phrase: 'true if the volume fraction is above 0.4, else false', value: (c) => n(c, 'volfrac') > 0.4 },
  photonics2d: { phrase: 'true if lambda1 is above 1.0, else false', value: (c) => n(c, 'lambda1') > 1.0 },
};

/** The rule a phrase states, for a problem (either protocol's rules). */
export function ruleByPhrase(problem: string, param: DerivedRule['param'], phrase: string): DerivedRule | undefined {
  return [...(DERIVED_RULES[problem] ?? []), ...(PAPER_DERIVED_RULES[problem] ?? [])].find((r) => r.param === param && r.phrase === phrase.trim());
}
