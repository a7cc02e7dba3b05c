/** The request reader's 3-D grids: "8x6x4" fills nelx, nely, nelz of a 3-D problem; a 2-D problem reports it, never drops it. */
import { describe, expect, it } from 'vitest';
import { readRequest } from '../../../agents/specialists/engineering/read/readRequest.ts';
import { problemCatalog } from '../../../tools/engineering/tools/catalog.ts';

describe('3-D grid sizes in a request', () => {
  it('fill the three axes of Beams3D in x, y, z order, in every spelling the 2-D reader takes', async () => {
    const catalog = await problemCatalog();
    for (const grid of ['8x6x4', '8 x 6 x 4', '8 by 6 by 4', '8*6*4', '8x6x4 voxel grid']) {
      const r = readRequest(`Optimize a beams3d design with volfrac 0.3 on an ${grid} with max_iter 12`, catalog);
      expect(r.problem.id).toBe('beams3d');
      expect([r.config, r.conditions], grid).toMatchObject([{ nelx: 8, nely: 6, nelz: 4, max_iter: 12 }, { volfrac: 0.3 }]);
      expect(r.notApplied, grid).toEqual([]);
    }
    // two numbers still fill x and y
    expect(readRequest("Optimize a beams3d design with volfrac 0.3 on a 10x12 grid", catalog).config).toMatchObject({ nelx: 10, nely: 12 });
  });

  it('a 2-D problem reports a 3-D grid instead of reading part of it', async () => {
    const catalog = await problemCatalog();
    const r = readRequest('Optimize a beams2d beam with volfrac 0.4, forcedist 0.5 and rmin 2 on a 30x15x4 grid', catalog);
    expect(r.config.nelx).toBeUndefined();
    expect(r.config.nely).toBeUndefined();
    expect(r.notApplied.join(' ')).toMatch(/30x15x4.*beams2d takes a 2-D grid \(nelx × nely\), not a 3-D one/);
  });
});
