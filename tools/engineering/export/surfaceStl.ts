/**
 * A 3-D design [ny, nx, nz] → watertight binary STL: the isosurface at the threshold (isosurface.ts),
 * checked on the very float32 triangles written (meshCheck.ts), by its Euler characteristic against
 * the solid's, by manifold-3d, and by the mesh's volume fraction against the design's.
 *
 * Parameters (as the 2-D export's, read for voxels):
 *   threshold  material where ρ ≥ ρ_t (default 0.5); must be > 0 (the void padding lies outside)
 *   scaleXy    edge of one voxel along x and y, mm (default 1)
 *   scaleZ     height of one voxel along z, mm (default: scaleXy, cubic voxels)
 *   mirrorY    mirror the design about its x = 0 face and join it to the original (the 2-D export's
 *              mirror about the left edge, one dimension up): 2·nx voxels along x
 * Frame: x = ix·scaleXy, y = iy·scaleXy, z = iz·scaleZ (z up: Beams3D's load is on the top face
 * z = nelz, its supports at z = 0); the part lies in [0, nx·sx] × [0, ny·sy] × [0, nz·sz].
 *
 * Volume fraction: EngiBench's xeltofab bridge warns when |mean(design) − volume_fraction| > 0.05,
 * with xeltofab's volume_fraction the mean of the input itself (a check that cannot fail). Ours
 * compares the mesh: V_mesh / V_box against the design's mean density, with the same 0.05.
 * Legend: ρ = density, ρ_t = threshold, V = volume, χ = V − E + F.
 */
import { InputError } from '../../errors.ts';
import type { Design } from '../problem.ts';
import { isosurface } from './isosurface.ts';
import { checkMesh } from './meshCheck.ts';
import { writeBinaryStl } from './stlBinary.ts';
import { manifoldModule } from './manifoldWasm.ts';
import type { StlOptions, StlResult } from './stl.ts';

/** EngiBench's xeltofab tolerance on the volume fraction. */
export const VOLUME_FRACTION_TOLERANCE = 0.05;
/**
 * Most voxels a 3-D export meshes (after mirroring): 64³ (Beams3D's largest grid mirrored, a 51³
 * HeatConduction3D design). Measured worst case, random noise: 32³ 257k triangles in 3.7 s; twice 64³
 * (refused now) 4.0M triangles in 144 s and 2 GB, so the limit keeps hostile input near 30 s and 1 GB.
 */
export const SURFACE_VOXELS_LIMIT = 64 ** 3;

export interface VolumeFractionCheck {
  /** Mesh volume (double precision) / box volume. */
  mesh: number;
  /** Mean density of the (mirrored) design. */
  design: number;
  /** Share of voxels with ρ ≥ ρ_t. */
  thresholded: number;
  tolerance: number;
  /** |mesh − design| ≤ tolerance. */
  ok: boolean;
}

export function mirroredVolume(design: Design, mirror: boolean): { data: Float64Array; nx: number; ny: number; nz: number } {
  const [ny, nx, nz] = design.shape as [number, number, number];
  if (!mirror) return { data: Float64Array.from(design.data), nx, ny, nz };
  const data = new Float64Array(ny * 2 * nx * nz);
  for (let y = 0; y < ny; y++) {
    for (let x = 0; x < nx; x++) {
      for (let z = 0; z < nz; z++) {
        const val = design.data[(y * nx + x) * nz + z];
        data[(y * 2 * nx + nx + x) * nz + z] = val;
        data[(y * 2 * nx + nx - 1 - x) * nz + z] = val;
      }
    }
  }
  return { data, nx: 2 * nx, ny, nz };
}

function resolveParams(design: Design, opts: StlOptions): Required<StlOptions> {
  const scaleXy = opts.scaleXy ?? 1;
  const p = { threshold: opts.threshold ?? 0.5, scaleXy, scaleZ: opts.scaleZ ?? scaleXy, mirrorY: opts.mirrorY ?? false };
  if (!(Number.isFinite(p.threshold) && p.threshold > 0)) {
    throw new InputError(`threshold must be a positive finite number for a 3-D design (the void around the part is 0), got ${p.threshold}`, { field: 'threshold' });
  }
  for (const [field, v] of [['scale_xy', p.scaleXy], ['scale_z', p.scaleZ]] as const) {
    if (!(Number.isFinite(v) && v > 0)) throw new InputError(`${field} must be a positive number, got ${v}`, { field });
  }
  const [ny, nx, nz] = design.shape as [number, number, number];
  if (!(ny > 0 && nx > 0 && nz > 0) || design.data.length !== ny * nx * nz) {
    throw new InputError(`design shape [${design.shape}] does not fit ${design.data.length} values`, { field: 'design' });
  }
  const voxels = ny * nx * nz * (p.mirrorY ? 2 : 1);
  if (voxels > SURFACE_VOXELS_LIMIT) {
    throw new InputError(`a 3-D export meshes at most ${SURFACE_VOXELS_LIMIT} voxels; this one has ${voxels}`, { field: 'design', hint: 'export a coarser design' });
  }
  const bad = design.data.findIndex((v) => !Number.isFinite(v));
  if (bad >= 0) throw new InputError(`design value at flat index ${bad} is ${design.data[bad]}; densities must be finite`, { field: 'design' });
  return p;
}

export async function exportSurfaceStl(design: Design, opts: StlOptions = {}): Promise<StlResult> {
  const params = resolveParams(design, opts);
  const field = mirroredVolume(design, params.mirrorY);
  const size: [number, number, number] = [params.scaleXy, params.scaleXy, params.scaleZ];
  const surf = isosurface({ ...field, threshold: params.threshold, size });
  if (surf.insideVoxels === 0) {
    let max = -Infinity;
    for (const v of design.data) max = Math.max(max, v);
    throw new InputError(`nothing to export: no density reaches the threshold ${params.threshold} (largest value ${max})`, {
      field: 'threshold',
      hint: 'lower the threshold below the largest density',
    });
  }
  const positions = new Float32Array(surf.triangles.length * 3);
  for (let k = 0; k < surf.triangles.length; k++) {
    for (let a = 0; a < 3; a++) positions[3 * k + a] = surf.vertices[3 * surf.triangles[k] + a];
  }
  const checks = checkMesh(positions);
  const eulerConsistent = checks.eulerCharacteristic === 2 * surf.solidEuler;
  const manifold = await manifoldVerdict(surf.vertices, surf.triangles);
  const box = field.nx * field.ny * field.nz * size[0] * size[1] * size[2];
  let sum = 0;
  for (const v of field.data) sum += v;
  const mean = sum / field.data.length;
  const volume = indexedVolume(surf.vertices, surf.triangles);
  const meshFraction = volume / box;
  const volumeFraction: VolumeFractionCheck = {
    mesh: meshFraction,
    design: mean,
    thresholded: surf.insideVoxels / field.data.length,
    tolerance: VOLUME_FRACTION_TOLERANCE,
    ok: Math.abs(meshFraction - mean) <= VOLUME_FRACTION_TOLERANCE,
  };
  const lo: [number, number, number] = [Infinity, Infinity, Infinity], hi: [number, number, number] = [-Infinity, -Infinity, -Infinity];
  for (let k = 0; k < positions.length; k++) {
    lo[k % 3] = Math.min(lo[k % 3], positions[k]);
    hi[k % 3] = Math.max(hi[k % 3], positions[k]);
  }
  return {
    kind: 'surface',
    stl: writeBinaryStl(positions),
    triangles: positions.length / 9,
    volume,
    surfaceArea: checks.surfaceArea,
    watertight: checks.watertight && eulerConsistent && manifold.status === 'NoError',
    genus: checks.genus,
    components: checks.components,
    checks,
    eulerConsistent,
    solidEuler: surf.solidEuler,
    volumeFraction,
    manifold,
    bounds: { min: lo, max: hi },
    params,
  };
}

/** manifold-3d's reading of the same indexed mesh: its status, genus and (double) volume. */
async function manifoldVerdict(vertices: Float64Array, triangles: Uint32Array): Promise<{ status: string; genus: number; volume: number }> {
  const { Manifold, Mesh } = await manifoldModule();
  const mesh = new Mesh({ numProp: 3, vertProperties: Float32Array.from(vertices), triVerts: triangles });
  let solid;
  try {
    solid = new Manifold(mesh);
  } catch (err) {
    return { status: `rejected: ${(err as Error).message ?? String(err)}`, genus: NaN, volume: NaN };
  }
  try {
    return { status: String(solid.status()), genus: solid.genus(), volume: solid.volume() };
  } finally {
    solid.delete();
  }
}

/** Signed volume Σ p0·(p1 × p2)/6 of the indexed surface in double precision. */
function indexedVolume(v: Float64Array, t: Uint32Array): number {
  let six = 0;
  for (let k = 0; k < t.length; k += 3) {
    const a = 3 * t[k], b = 3 * t[k + 1], c = 3 * t[k + 2];
    six += v[a] * (v[b + 1] * v[c + 2] - v[b + 2] * v[c + 1]) - v[a + 1] * (v[b] * v[c + 2] - v[b + 2] * v[c]) + v[a + 2] * (v[b] * v[c + 1] - v[b + 1] * v[c]);
  }
  return six / 6;
}
