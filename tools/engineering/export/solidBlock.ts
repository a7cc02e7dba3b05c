/**
 * A 3-D design as the solid block the 3-D exports read (the isosurface picture, the surface STL):
 * [ny, nx, nz], index (y·nx + x)·nz + z, z up. A problem declares its design's axes (Problem.solidAxes);
 * 'yxz' designs (element densities [nely, nelx, nelz]) are that block already, 'xyz' designs
 * ([nx, ny, nz], index (x·ny + y)·nz + z: nodal arrays) are transposed in x and y, so the part is
 * not mirrored. 2-D designs pass through.
 */
import { InputError } from '../../errors.ts';
import type { Design, SolidAxes } from '../problem.ts';

export function solidBlock(design: Design, axes: SolidAxes = 'yxz'): Design {
  if (design.shape.length !== 3 || axes === 'yxz') return design;
  const [nx, ny, nz] = design.shape;
  if (design.data.length !== nx * ny * nz) throw new InputError(`design shape [${design.shape}] does not fit ${design.data.length} values`, { field: 'design' });
  const data = new Float64Array(design.data.length);
  for (let x = 0; x < nx; x++) {
    for (let y = 0; y < ny; y++) {
      const from = (x * ny + y) * nz;
      data.set(design.data.subarray(from, from + nz), (y * nx + x) * nz);
    }
  }
  return { shape: [ny, nx, nz], data };
}
