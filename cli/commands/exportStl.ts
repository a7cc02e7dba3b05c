/** `engiai export-stl --design ID|FILE.npy`: watertight STL by threshold → contour → extrusion. */
import type { Command } from 'commander';

export interface ExportStlOpts {
  design: string;
  threshold: string;
  scaleXy: string;
  scaleZ: string;
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
    .option('--scale-xy <s>', '[number] size of one pixel', '1')
    .option('--scale-z <s>', '[number] extrusion height', '10')
    .option('--mirror-y', '[boolean] mirror about the left edge (Beams2D: the full MBB beam)')
    .option('--out <file>', '[string] STL file to write (default: stored beside the design)')
    .option('--json', '[boolean] print JSON')
    .action(async (opts: ExportStlOpts) => {
      const { runExportStl } = await import('../actions/exportStl.ts');
      await runExportStl(opts);
    });
}
