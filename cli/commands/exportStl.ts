/** `engiai export-stl --design ID|FILE.npy`: watertight STL, a 2-D design by threshold → contour → extrusion, a 3-D one by its isosurface. */
import type { Command } from 'commander';

export interface ExportStlOpts {
  design: string;
  threshold: string;
  scaleXy: string;
  scaleZ?: string;
  mirrorY?: boolean;
  out?: string;
  json?: boolean;
}

export function register(program: Command): void {
  program
    .command('export-stl')
    .description('export a design as a closed, watertight STL solid')
    .requiredOption('--design <design>', '[string] artifact id, id prefix or .npy file')
    .option('--threshold <t>', '[number] density threshold', '0.5')
    .option('--scale-xy <s>', '[number] size of one pixel (3-D: voxel edge along x and y)', '1')
    .option('--scale-z <s>', '[number] extrusion height, default 10 (3-D: voxel height, default --scale-xy)')
    .option('--mirror-y', '[boolean] mirror about the left edge, x = 0 (Beams2D: the full MBB beam)')
    .option('--out <file>', '[string] STL file to write (default: stored beside the design)')
    .option('--json', '[boolean] print JSON')
    .action(async (opts: ExportStlOpts) => {
      const { runExportStl } = await import('../actions/exportStl.ts');
      await runExportStl(opts);
    });
}
