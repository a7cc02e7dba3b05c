/**
 * Design → watertight binary STL. 2-D designs: by threshold, contour and extrusion (the paper's
 * convert_design_to_stl, with a mesh that is closed by construction and checked independently).
 * 3-D designs ([ny, nx, nz], Beams3D): the isosurface at the threshold (surfaceStl.ts), where
 * scaleXy is the voxel's x/y edge and scaleZ its height (default: scaleXy).
 *
 * Parameters (paper §3.3 W-styles, benchmarks.md §2.1):
 *   threshold  density threshold ρ_t: material where ρ ≥ ρ_t (default 0.5)
 *   scaleXy    length of one design cell in x and y (default 1)
 *   scaleZ     extrusion height (default 10)
 *   mirrorY    mirror the design about its left edge (column 0) and join it to the original: the
 *              half-MBB beam of Beams2D (symmetry line at column 0) becomes the full beam, width
 *              2·cols·scaleXy, symmetry line at x = cols·scaleXy. (Mirroring about the vertical
 *              symmetry line; "y" follows the benchmark's parameter name.)
 * Frame: x = column · scaleXy (left to right), y = (rows − row) · scaleXy (row 0 on top, so the
 * part stands upright), z ∈ [0, scaleZ].
 * Pipeline: contourRings (d3-contour, padded, clamped crossings) → manifold-3d
 * CrossSection.ofPolygons(EvenOdd).extrude(scaleZ) → triangles → binary STL → checkMesh on the
 * very float32 triangles written.
 */
import { InputError } from '../../errors.ts';
import type { Design } from '../problem.ts';
import { contourRings, mirroredField, type Ring } from './contourRings.ts';
import { manifoldModule } from './manifoldWasm.ts';
import { checkMesh, type MeshCheck } from './meshCheck.ts';
import { writeBinaryStl } from './stlBinary.ts';
import { exportSurfaceStl, type VolumeFractionCheck } from './surfaceStl.ts';

export { manifoldModule };

export interface StlOptions {
  threshold?: number;
  scaleXy?: number;
  scaleZ?: number;
  mirrorY?: boolean;
}

export interface StlResult {
  /** extrusion: a 2-D design extruded; surface: a 3-D design's isosurface. */
  kind: 'extrusion' | 'surface';
  stl: Uint8Array;
  triangles: number;
  /** Solid volume (double precision: manifold-3d's for an extrusion, the indexed surface's for a 3-D design). */
  volume: number;
  /** Extrusions only: footprint (cross-section) area; volume = area × scaleZ. */
  area?: number;
  surfaceArea: number;
  /**
   * Our own check passed: closed, edge- and vertex-manifold, consistently oriented, positive volume;
   * for a 3-D design also χ = 2·solidEuler and manifold-3d's NoError.
   */
  watertight: boolean;
  /** 3-D designs: the surface's χ is twice the solid's (the surface bounds exactly the thresholded voxels' region). */
  eulerConsistent?: boolean;
  /** 3-D designs: Euler characteristic of the inside region. */
  solidEuler?: number;
  /** 3-D designs: the mesh's volume fraction against the design's mean density (EngiBench's ±0.05). */
  volumeFraction?: VolumeFractionCheck;
  genus: number;
  components: number;
  checks: MeshCheck;
  /** What manifold-3d says about the same solid. */
  manifold: { status: string; genus: number; volume: number };
  bounds: { min: [number, number, number]; max: [number, number, number] };
  params: Required<StlOptions>;
}

function resolveParams(design: Design, opts: StlOptions): Required<StlOptions> {
  const p = { threshold: opts.threshold ?? 0.5, scaleXy: opts.scaleXy ?? 1, scaleZ: opts.scaleZ ?? 10, mirrorY: opts.mirrorY ?? false };
  if (!Number.isFinite(p.threshold)) throw new InputError(`threshold must be a finite number, got ${p.threshold}`, { field: 'threshold' });
  for (const [field, v] of [['scale_xy', p.scaleXy], ['scale_z', p.scaleZ]] as const) {
    if (!(Number.isFinite(v) && v > 0)) throw new InputError(`${field} must be a positive number, got ${v}`, { field });
  }
  if (design.shape.length !== 2) {
    throw new InputError(`export-stl extrudes 2-D designs and meshes the surface of 3-D ones; this design has shape [${design.shape.join(', ')}]`, { field: 'design' });
  }
  const [rows, cols] = design.shape;
  if (!(rows > 0 && cols > 0) || design.data.length !== rows * cols) {
    throw new InputError(`design shape [${design.shape}] does not fit ${design.data.length} values`, { field: 'design' });
  }
  const bad = design.data.findIndex((v) => !Number.isFinite(v));
  if (bad >= 0) throw new InputError(`design value at (${Math.floor(bad / cols)}, ${bad % cols}) is ${design.data[bad]}; densities must be finite`, { field: 'design' });
  return p;
}

export async function exportStl(design: Design, opts: StlOptions = {}): Promise<StlResult> {
  if (design.shape.length === 3) return exportSurfaceStl(design, opts);
  const params = resolveParams(design, opts);
  const field = mirroredField(design, params.mirrorY);
  const rows = field.shape[0];
  const s = params.scaleXy;
  const rings: Ring[] = contourRings(field, params.threshold).map((ring) => ring.map(([x, y]) => [x * s, (rows - y) * s] as [number, number]));
  const emptyError = () => {
    let max = -Infinity;
    for (const v of design.data) max = Math.max(max, v);
    return new InputError(`nothing to export: no density reaches the threshold ${params.threshold} (largest value ${max})`, {
      field: 'threshold',
      hint: 'lower the threshold below the largest density',
    });
  };
  if (rings.length === 0) throw emptyError();
  const { CrossSection } = await manifoldModule();
  const section = CrossSection.ofPolygons(rings, 'EvenOdd');
  try {
    const area = section.area();
    if (section.isEmpty() || !(area > 0)) throw emptyError();
    const solid = section.extrude(params.scaleZ);
    try {
      const positions = trianglePositions(solid.getMesh());
      const checks = checkMesh(positions);
      const bb = solid.boundingBox();
      return {
        kind: 'extrusion',
        stl: writeBinaryStl(positions),
        triangles: positions.length / 9,
        volume: solid.volume(),
        area,
        surfaceArea: checks.surfaceArea,
        watertight: checks.watertight,
        genus: checks.genus,
        components: checks.components,
        checks,
        manifold: { status: String(solid.status()), genus: solid.genus(), volume: solid.volume() },
        bounds: { min: [bb.min[0], bb.min[1], bb.min[2]], max: [bb.max[0], bb.max[1], bb.max[2]] },
        params,
      };
    } finally {
      solid.delete();
    }
  } finally {
    section.delete();
  }
}

/** Indexed mesh → flat float32 triangle soup (9 values per triangle, manifold's CCW order). */
function trianglePositions(mesh: { numProp: number; vertProperties: Float32Array; triVerts: Uint32Array }): Float32Array {
  const out = new Float32Array(mesh.triVerts.length * 3);
  for (let k = 0; k < mesh.triVerts.length; k++) {
    const v = mesh.triVerts[k] * mesh.numProp;
    out[3 * k] = mesh.vertProperties[v];
    out[3 * k + 1] = mesh.vertProperties[v + 1];
    out[3 * k + 2] = mesh.vertProperties[v + 2];
  }
  return out;
}
