/**
 * Photonics2D geometry (engibench.md §2.2): grid size, design region, waveguides, source and probe slices.
 *
 * Legend: nx, ny = cells along x (propagation) and y; dL = pixel size [m]; npml = PML thickness [px];
 * node n = x·ny + y (row-major over [x, y], as ceviche flattens its arrays).
 * Rectangles are half-open: x ∈ [x0, x1), y ∈ [y0, y1).
 */

export const DL_M = 40e-9;
export const NPML = 20;
export const PML_SPACE = 10;
export const WG_WIDTH = 12;
export const WG_SHIFT = 9;
export const SPACE_SLICE = 8;
export const EPSR_MIN = 1.0;
export const EPSR_MAX = 12.0;

export interface Rect {
  x0: number;
  x1: number;
  y0: number;
  y1: number;
}

/** A line of cells at fixed x, y ∈ [y0, y1). */
export interface Slice {
  x: number;
  y0: number;
  y1: number;
}

export interface Grid {
  nx: number;
  ny: number;
  n: number;
  dL: number;
  npml: number;
  design: Rect;
  /** 1 inside the design region, 0 outside (the mask D). */
  designMask: Float64Array;
  /** 1 inside the waveguides, 0 elsewhere (bg). */
  background: Float64Array;
  source: Slice;
  probe1: Slice;
  probe2: Slice;
}

function fillRect(a: Float64Array, ny: number, r: Rect): void {
  for (let x = r.x0; x < r.x1; x++) for (let y = r.y0; y < r.y1; y++) a[x * ny + y] = 1;
}

export function makeGrid(nx: number, ny: number): Grid {
  const n = nx * ny;
  const inY0 = Math.floor(ny / 2 - WG_WIDTH / 2);
  const out1Y0 = NPML + PML_SPACE + WG_SHIFT;
  const out2Y0 = ny - NPML - PML_SPACE - WG_WIDTH - WG_SHIFT;
  const designX0 = NPML + PML_SPACE;
  const designY0 = NPML + PML_SPACE;
  const design: Rect = { x0: designX0, x1: Math.max(designX0, nx - designX0), y0: designY0, y1: Math.max(designY0, ny - designY0) };

  const background = new Float64Array(n);
  fillRect(background, ny, { x0: 0, x1: designX0, y0: inY0, y1: inY0 + WG_WIDTH });
  fillRect(background, ny, { x0: nx - designX0, x1: nx, y0: out1Y0, y1: out1Y0 + WG_WIDTH });
  fillRect(background, ny, { x0: nx - designX0, x1: nx, y0: out2Y0, y1: out2Y0 + WG_WIDTH });
  const designMask = new Float64Array(n);
  fillRect(designMask, ny, design);

  const probeX = nx - NPML - 1;
  return {
    nx,
    ny,
    n,
    dL: DL_M,
    npml: NPML,
    design,
    designMask,
    background,
    source: { x: NPML + 1, y0: inY0 - SPACE_SLICE, y1: inY0 + WG_WIDTH + SPACE_SLICE },
    probe1: { x: probeX, y0: out1Y0 - SPACE_SLICE, y1: out1Y0 + WG_WIDTH + SPACE_SLICE },
    probe2: { x: probeX, y0: out2Y0 - SPACE_SLICE, y1: out2Y0 + WG_WIDTH + SPACE_SLICE },
  };
}

/** Angular frequency [rad/s] of a free-space wavelength in µm (§2.3). */
export const C0 = 299792458;
export function omegaOf(wavelengthUm: number): number {
  return (2 * Math.PI * C0 * 1e6) / wavelengthUm;
}
