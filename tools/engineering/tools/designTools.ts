/** simulate_design, render_design and convert_design_to_stl: work on a stored design by id. */
import { z } from 'zod';
import { toolsWith } from '../../tool.ts';
import type { EngineeringContext } from '../context.ts';
import { changedConditions, defaultScaleZ, exportStoredStl, loadStored, renderStoredDesign, setupProblem, simulateDesign } from '../workflow.ts';
import { valuesSchema, type ProblemInfo } from './catalog.ts';
import { maskField } from './maskField.ts';
import { designIdSchema, rounded } from './designRef.ts';
import { convertDesignToStlOutput, renderDesignOutput, simulateDesignOutput } from './outputSchemas.ts';

const define = toolsWith<EngineeringContext>();

export function simulateDesignTool(catalog: readonly ProblemInfo[]) {
  return define({
    name: 'simulate_design',
    title: 'Simulate a stored design',
    outputSchema: simulateDesignOutput,
    description:
      "Evaluate a stored design with the problem's simulator (Beams2D: compliance c, lower is better) under the conditions it was optimized for, " +
      'or under changed conditions when given (the result then lists what changed). Returns the objective values and constraint notes.',
    keyFields: ['design_id', 'problem', 'objectives', 'volume_fraction', 'conditions_changed', 'constraint_violations', 'note'],
    schema: z.strictObject({
      design_id: designIdSchema,
      conditions: valuesSchema(catalog, 'conditions').optional().describe('Optional conditions to simulate under instead of the stored ones'),
    }),
    async run(args, ctx) {
      const d = await loadStored(ctx, args.design_id);
      const { config } = args.conditions ? await setupProblem(`${d.problem.id}@${d.problem.version}`, { ...d.config, ...args.conditions }) : d;
      const sim = simulateDesign(d.problem, d.design, config);
      const changed = changedConditions(d.problem, d.config, config);
      const changedNames = Object.keys(changed);
      return {
        result: {
          design_id: d.id,
          problem: d.problem.id,
          objectives: rounded(sim.objectives),
          ...(Object.keys(sim.extras).length ? { diagnostics: rounded(sim.extras) } : {}),
          volume_fraction: rounded(sim.volumeFraction),
          constraint_violations: sim.violations,
          ...maskField(config),
          ...(changedNames.length
            ? { conditions_changed: changed, note: `simulated under changed conditions (${changedNames.join(', ')}), not the ones the design was optimized for` }
            : {}),
        },
      };
    },
  });
}

export function renderDesignTool() {
  return define({
    name: 'render_design',
    title: 'Render a stored design',
    outputSchema: renderDesignOutput,
    description: 'Draw a stored design (and its convergence history when it has one) as PNG images. Returns the image paths.',
    keyFields: ['design_id', 'files'],
    schema: z.strictObject({ design_id: designIdSchema }),
    async run(args, ctx) {
      const d = await loadStored(ctx, args.design_id);
      const artifacts = await renderStoredDesign(ctx, d);
      return { result: { design_id: d.id, files: Object.fromEntries(artifacts.map((a) => [a.label ?? a.kind, a.path])) }, artifacts };
    },
  });
}

export function convertDesignToStlTool() {
  return define({
    name: 'convert_design_to_stl',
    title: 'Export a design as STL',
    outputSchema: convertDesignToStlOutput,
    description:
      'Export a stored design as a 3-D printable, watertight STL: cells with density >= threshold are kept. A 2-D design: each pixel is scale_xy mm wide, ' +
      'the outline is extruded scale_z mm. A 3-D design (Beams3D): the surface of the solid voxels, each voxel scale_xy mm along x and y and scale_z mm tall. ' +
      'mirror_y mirrors the design across its left edge (x = 0; Beams2D: the half beam becomes the full MBB beam).',
    keyFields: ['design_id', 'stl_path', 'threshold', 'scale_xy', 'scale_z', 'mirror_y', 'watertight', 'volume_fraction'],
    schema: z.strictObject({
      design_id: designIdSchema,
      threshold: z.number().gt(0).lt(1).default(0.5).describe('Density threshold in (0, 1); default 0.5'),
      scale_xy: z.number().positive().max(1000).default(1).describe('Size of one pixel in mm, (0, 1000]; default 1'),
      scale_z: z
        .number()
        .positive()
        .max(10000)
        .optional()
        .describe('2-D designs: extrusion height in mm, default 10; 3-D designs: height of one voxel in mm, default scale_xy; (0, 10000]'),
      mirror_y: z.boolean().default(false).describe('Mirror across the left edge (symmetry line); default false'),
    }),
    async run(args, ctx) {
      const d = await loadStored(ctx, args.design_id);
      const scaleZ = args.scale_z ?? defaultScaleZ(d.design, args.scale_xy);
      const { result, artifact } = await exportStoredStl(ctx, d, { threshold: args.threshold, scaleXy: args.scale_xy, scaleZ, mirrorY: args.mirror_y });
      const vf = result.volumeFraction;
      return {
        result: {
          design_id: d.id,
          stl_path: artifact.path,
          threshold: args.threshold,
          scale_xy: args.scale_xy,
          scale_z: scaleZ,
          mirror_y: args.mirror_y,
          triangles: result.triangles,
          volume_mm3: rounded(result.volume),
          watertight: result.watertight,
          ...(vf
            ? {
                volume_fraction: { mesh: rounded(vf.mesh), design: rounded(vf.design), tolerance: vf.tolerance, ok: vf.ok },
                ...(vf.ok ? {} : { note: `the mesh's volume fraction ${rounded(vf.mesh)} differs from the design's ${rounded(vf.design)} by more than ${vf.tolerance} (a grey design: the threshold decides what is solid)` }),
              }
            : {}),
        },
        artifacts: [artifact],
      };
    },
  });
}
