/** optimize_design: the problem's optimizer from a uniform (or given, or seeded random dataset design) start; stores the design. */
import { dirname, join } from 'node:path';
import { z } from 'zod';
import { InputError } from '../../errors.ts';
import { randomDatasetDesign } from '../dataset/randomDatasetDesign.ts';
import { toolsWith } from '../../tool.ts';
import type { EngineeringContext } from '../context.ts';
import { conditionsOf, loadStored, optimizeAndStore, setupProblem } from '../workflow.ts';
import type { ProblemInfo } from './catalog.ts';
import { maskField } from './maskField.ts';
import { designIdSchema, rounded } from './designRef.ts';
import { setupSchema } from './setupTools.ts';
import { optimizeDesignOutput } from './outputSchemas.ts';

const define = toolsWith<EngineeringContext>();

export function optimizeDesignTool(catalog: readonly ProblemInfo[]) {
  return define({
    name: 'optimize_design',
    title: 'Optimize a design',
    outputSchema: optimizeDesignOutput,
    description:
      "Run the problem's optimizer (Beams2D: SIMP + optimality criteria; Photonics2D: adjoint FDFD + Adam; ThermoElastic2D: MMA) and store the design. " +
      'Returns design_id (use it for simulate_design, render_design and convert_design_to_stl), the objectives of the stored design and its folder.',
    keyFields: ['design_id', 'problem', 'conditions', 'iterations', 'final_objective', 'volume_fraction', 'path', 'warnings'],
    schema: z.strictObject({
      ...setupSchema(catalog),
      starting_design_id: designIdSchema.optional().describe('Optional warm start: a design id from an earlier optimize_design'),
      seed: z
        .number()
        .int()
        .min(0)
        .max(2 ** 31 - 1)
        .optional()
        .describe("Optional: start from a random design of the problem's dataset (a train-split row's optimum) drawn with this seed, as EngiBench's random_design"),
    }),
    async run(args, ctx) {
      const setup = await setupProblem(args.problem, { ...args.config, ...args.conditions });
      if (args.starting_design_id && args.seed !== undefined) throw new InputError('give either starting_design_id or seed, not both', { field: 'seed' });
      const start = args.starting_design_id
        ? await loadStored(ctx, args.starting_design_id)
        : args.seed !== undefined
          ? { design: randomDatasetDesign(join(dirname(ctx.store.root), 'cache', 'dataset-designs'), setup.problem, setup.config, args.seed).design, id: undefined }
          : undefined;
      const objective = setup.problem.objectives[0].name;
      // progress counts recorded steps from 0 (ProgressEvent); a problem's own step numbers start where EngiBench's do (Beams2D 0, Beams3D 1)
      let done = 0;
      const stored = await optimizeAndStore(ctx, {
        ...setup,
        start: start && { design: start.design, id: start.id },
        onStep: (e) => ctx.progress?.({ step: done++, total: e.maxIter, value: e.objectives[0], label: objective }),
        provenance: { tool: 'optimize_design' },
        signal: ctx.signal,
      });
      if (ctx.threadId) await ctx.store.noteThreadUse(ctx.threadId, stored.id);
      return {
        result: {
          design_id: stored.id,
          problem: setup.problem.id,
          conditions: conditionsOf(setup.problem, setup.config),
          iterations: stored.meta.iterations,
          final_objective: rounded(stored.objectives),
          volume_fraction: rounded(stored.volumeFraction),
          ...(args.seed !== undefined ? { start: `random dataset design, seed ${args.seed}` } : {}),
          path: stored.dir,
          ...maskField(setup.config),
          warnings: stored.warnings,
        },
        artifacts: stored.artifacts,
      };
    },
  });
}
