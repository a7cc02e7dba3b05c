/**
 * Image ↔ vector layout (EngiBench `image_to_design` / `design_to_image`).
 *
 * Images are row-major [nely, nelx] with row 0 at the top; the optimizer works on the
 * column-major vector with element index e = elx·nely + ely.
 */
import type { Design } from '../problem.ts';

/** Row-major image [nely, nelx] → column-major vector (e = elx·nely + ely). */
export function imageToVector(image: Float64Array, nelx: number, nely: number, out = new Float64Array(nelx * nely)): Float64Array {
  for (let ely = 0; ely < nely; ely++) {
    const row = ely * nelx;
    for (let elx = 0; elx < nelx; elx++) out[elx * nely + ely] = image[row + elx];
  }
  return out;
}

/** Column-major vector → row-major image [nely, nelx]. */
export function vectorToImage(x: Float64Array, nelx: number, nely: number, out = new Float64Array(nelx * nely)): Float64Array {
  for (let elx = 0; elx < nelx; elx++) {
    const col = elx * nely;
    for (let ely = 0; ely < nely; ely++) out[ely * nelx + elx] = x[col + ely];
  }
  return out;
}

export function vectorToDesign(x: Float64Array, nelx: number, nely: number): Design {
  return { shape: [nely, nelx], data: vectorToImage(x, nelx, nely) };
}
