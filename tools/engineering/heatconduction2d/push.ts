/**
 * What EngiBench's simulate reports besides the model (engibench-3d-and-api.md §3.4): it runs IPOPT
 * with maximum_iterations = 0 and writes J_CONTROL.tape_value() with "%.14f". IPOPT evaluates J at
 * its starting point after pushing it inside the bounds, so the reported J is J of the pushed
 * nodal values. IPOPT first relaxes the bounds [0, 1] by bound_relax_factor 1e-8·max(1, |bound|) to
 * [−1e-8, 1 + 1e-8], then moves a start closer than min(bound_push·max(1, |bound|), bound_frac·
 * (upper − lower)) (bound_push = bound_frac = 0.01) to a bound to that distance. Checked with
 * Debian's IPOPT 3.11.9 run with max_iter 0 (tests/fixtures/heatconduction2d/ipopt_push.py): its one
 * evaluation sees exactly these values (EngiBench's container has 3.12.x, same initialization).
 */
const RELAX = 1e-8;
const PUSH = 0.01;
const FRAC = 0.01;

const lower = -RELAX * Math.max(1, 0);
const upper = 1 + RELAX * Math.max(1, 1);
const width = upper - lower;
/** The pushed box IPOPT starts from: ≈ [0.00999999, 0.9900000099]. */
export const PUSHED_BOX = {
  lo: lower + Math.min(PUSH * Math.max(1, Math.abs(lower)), FRAC * width),
  hi: upper - Math.min(PUSH * Math.max(1, Math.abs(upper)), FRAC * width),
} as const;

/** The nodal values clipped to the pushed box, and how many moved. */
export function ipoptPushed(a: Float64Array): { values: Float64Array; moved: number } {
  let moved = 0;
  const values = a.map((v) => {
    const w = Math.min(PUSHED_BOX.hi, Math.max(PUSHED_BOX.lo, v));
    if (w !== v) moved++;
    return w;
  });
  return { values, moved };
}

/** J as EngiBench's "%.14f" leaves it (toFixed rounds the exact binary value to 14 decimals, as printf does). */
export const roundLikeEngibench = (J: number): number => Number(J.toFixed(14));
