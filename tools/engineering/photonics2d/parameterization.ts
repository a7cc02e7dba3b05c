/**
 * Density → permittivity chain (engibench.md §2.4) and the adjoints of its steps.
 *
 * Legend: rho = design density on the nx×ny grid, D = design mask, bg = waveguide background,
 * rhoC = rho·D + bg·(1−D) (mask-combine), blur = normalised disk kernel (cells with distance < r + 0.1,
 * zero padding, output of the same size), projection
 * rhoT = [tanh(β·eta) + tanh(β·(rho − eta))] / [tanh(β·eta) + tanh(β·(1 − eta))], epsr = 1 + 11·rhoC.
 */
import { EPSR_MAX, EPSR_MIN, type Grid } from './grid.ts';

export function maskCombine(grid: Grid, rho: Float64Array): Float64Array {
  const out = new Float64Array(grid.n);
  const { designMask: D, background: bg } = grid;
  for (let i = 0; i < grid.n; i++) out[i] = rho[i] * D[i] + bg[i] * (1 - D[i]);
  return out;
}

/** Adjoint of mask-combine: the gradient survives only inside the design region. */
export function maskCombineAdjoint(grid: Grid, g: Float64Array): Float64Array {
  const out = new Float64Array(grid.n);
  for (let i = 0; i < grid.n; i++) out[i] = g[i] * grid.designMask[i];
  return out;
}

/** Offsets and weights of the normalised disk kernel of radius r (empty when r < 0.5). */
export function diskKernel(r: number): { dx: number[]; dy: number[]; w: number[] } {
  const dx: number[] = [], dy: number[] = [], w: number[] = [];
  if (r < 0.5) return { dx, dy, w };
  const R = Math.max(1, Math.floor(r));
  for (let i = -R; i <= R; i++) {
    for (let j = -R; j <= R; j++) {
      if (Math.sqrt(i * i + j * j) < r + 0.1) {
        dx.push(i);
        dy.push(j);
      }
    }
  }
  for (let t = 0; t < dx.length; t++) w.push(1 / dx.length);
  return { dx, dy, w };
}

/**
 * Zero-padded disk blur. The kernel is symmetric, so this operator is its own adjoint. With `only`, the
 * output is computed where only[i] ≠ 0 and left 0 elsewhere (the chain below masks everything outside
 * the design region away, so only the design region's cells are needed: a quarter of the grid).
 */
export function blur(nx: number, ny: number, rho: Float64Array, r: number, only?: Float64Array): Float64Array {
  const K = diskKernel(r);
  if (K.w.length === 0) return Float64Array.from(rho);
  const out = new Float64Array(nx * ny);
  for (let x = 0; x < nx; x++) {
    for (let y = 0; y < ny; y++) {
      if (only && only[x * ny + y] === 0) continue;
      let acc = 0;
      for (let t = 0; t < K.w.length; t++) {
        const xx = x + K.dx[t], yy = y + K.dy[t];
        if (xx >= 0 && xx < nx && yy >= 0 && yy < ny) acc += K.w[t] * rho[xx * ny + yy];
      }
      out[x * ny + y] = acc;
    }
  }
  return out;
}

export function project(rho: Float64Array, beta: number, eta: number): Float64Array {
  const den = Math.tanh(beta * eta) + Math.tanh(beta * (1 - eta));
  const a = Math.tanh(beta * eta);
  return rho.map((v) => (a + Math.tanh(beta * (v - eta))) / den);
}

/** Chain rule through the projection: g · ∂rhoT/∂rho evaluated at rho. */
export function projectAdjoint(rho: Float64Array, beta: number, eta: number, g: Float64Array): Float64Array {
  const den = Math.tanh(beta * eta) + Math.tanh(beta * (1 - eta));
  return g.map((gi, i) => {
    const c = Math.cosh(beta * (rho[i] - eta));
    return (gi * beta) / (c * c * den);
  });
}

export interface FilterParams {
  blurRadius: number;
  beta: number;
  eta: number;
}

/** v1 `filter_and_project`: mask-combine, blur, project, mask-combine. */
export function filterAndProject(grid: Grid, rho: Float64Array, p: FilterParams): Float64Array {
  // outside the design region the projected values are replaced by the background, so they need no blur
  const blurred = blur(grid.nx, grid.ny, maskCombine(grid, rho), p.blurRadius, grid.designMask);
  return maskCombine(grid, project(blurred, p.beta, p.eta));
}

/** Gradient with respect to rho, given the gradient g with respect to filterAndProject(rho). */
export function filterAndProjectAdjoint(grid: Grid, rho: Float64Array, p: FilterParams, g: Float64Array): Float64Array {
  // gProj is ±0 outside the design region (g is masked there), whatever blurred holds there; the result is masked too
  const blurred = blur(grid.nx, grid.ny, maskCombine(grid, rho), p.blurRadius, grid.designMask);
  const gProj = projectAdjoint(blurred, p.beta, p.eta, maskCombineAdjoint(grid, g));
  return maskCombineAdjoint(grid, blur(grid.nx, grid.ny, gProj, p.blurRadius, grid.designMask));
}

/** epsr = epsr_min + (epsr_max − epsr_min)·rhoC, with rhoC the mask-combined density. */
export function permittivity(grid: Grid, rho: Float64Array): Float64Array {
  return maskCombine(grid, rho).map((v) => EPSR_MIN + (EPSR_MAX - EPSR_MIN) * v);
}
