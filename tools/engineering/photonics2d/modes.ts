/**
 * Waveguide mode sources and probes (engibench.md §2.6, ceviche `insert_mode` with m = 1, no PML).
 *
 * Legend: along a slice of N cells with permittivity eps, solve (diag(eps) + Dxf·Dxb/k0²)·v = neff²·v
 * (periodic 1-D differences, k0 = ω/c), take the eigenvalue nearest max(eps) (ARPACK's shift-invert
 * choice), normalise v to unit L2 norm and write it into a zero field at the slice cells.
 */
import type { Grid, Slice } from './grid.ts';
import { EPSILON_0, MU_0, type ComplexVec } from './pml.ts';

const C_LIGHT = 1 / Math.sqrt(EPSILON_0 * MU_0);

/** All eigenpairs of a real symmetric matrix (row-major n×n, destroyed) by cyclic Jacobi rotations. */
export function symmetricEigen(a: Float64Array, n: number): { values: Float64Array; vectors: Float64Array } {
  const v = new Float64Array(n * n);
  for (let i = 0; i < n; i++) v[i * n + i] = 1;
  for (let sweep = 0; sweep < 100; sweep++) {
    let off = 0, scale = 0;
    for (let i = 0; i < n; i++) {
      for (let j = 0; j < n; j++) {
        if (i === j) scale += a[i * n + j] ** 2;
        else off += a[i * n + j] ** 2;
      }
    }
    if (off <= 1e-30 * scale) break;
    for (let p = 0; p < n - 1; p++) {
      for (let q = p + 1; q < n; q++) {
        const apq = a[p * n + q];
        if (apq === 0) continue;
        const theta = (a[q * n + q] - a[p * n + p]) / (2 * apq);
        const t = Math.sign(theta || 1) / (Math.abs(theta) + Math.sqrt(theta * theta + 1));
        const c = 1 / Math.sqrt(t * t + 1), s = t * c;
        for (let k = 0; k < n; k++) {
          const akp = a[k * n + p], akq = a[k * n + q];
          a[k * n + p] = c * akp - s * akq;
          a[k * n + q] = s * akp + c * akq;
        }
        for (let k = 0; k < n; k++) {
          const apk = a[p * n + k], aqk = a[q * n + k];
          a[p * n + k] = c * apk - s * aqk;
          a[q * n + k] = s * apk + c * aqk;
        }
        for (let k = 0; k < n; k++) {
          const vkp = v[k * n + p], vkq = v[k * n + q];
          v[k * n + p] = c * vkp - s * vkq;
          v[k * n + q] = s * vkp + c * vkq;
        }
      }
    }
  }
  const values = new Float64Array(n);
  for (let i = 0; i < n; i++) values[i] = a[i * n + i];
  return { values, vectors: v };
}

/** The fundamental mode profile (unit norm) of a 1-D permittivity cut at angular frequency omega. */
export function modeProfile(epsCut: Float64Array, omega: number, dL: number): Float64Array {
  const n = epsCut.length;
  const k0 = omega / C_LIGHT;
  const c = 1 / (dL * dL * k0 * k0);
  const a = new Float64Array(n * n);
  let sigma = -Infinity;
  for (let i = 0; i < n; i++) {
    a[i * n + i] = epsCut[i] - 2 * c;
    a[i * n + ((i + 1) % n)] += c;
    a[i * n + ((i - 1 + n) % n)] += c;
    sigma = Math.max(sigma, epsCut[i]);
  }
  const { values, vectors } = symmetricEigen(a, n);
  let best = 0;
  for (let i = 1; i < n; i++) if (Math.abs(values[i] - sigma) < Math.abs(values[best] - sigma)) best = i;
  const mode = new Float64Array(n);
  let norm = 0;
  for (let i = 0; i < n; i++) {
    mode[i] = vectors[i * n + best];
    norm += mode[i] * mode[i];
  }
  norm = Math.sqrt(norm);
  for (let i = 0; i < n; i++) mode[i] /= norm;
  return mode;
}

/** A zero complex field on the grid with the slice's mode written in (real-valued). */
export function insertMode(grid: Grid, epsr: Float64Array, slice: Slice, omega: number): ComplexVec {
  const cut = new Float64Array(slice.y1 - slice.y0);
  for (let y = slice.y0; y < slice.y1; y++) cut[y - slice.y0] = epsr[slice.x * grid.ny + y];
  const mode = modeProfile(cut, omega, grid.dL);
  const re = new Float64Array(grid.n), im = new Float64Array(grid.n);
  for (let y = slice.y0; y < slice.y1; y++) re[slice.x * grid.ny + y] = mode[y - slice.y0];
  return { re, im };
}
