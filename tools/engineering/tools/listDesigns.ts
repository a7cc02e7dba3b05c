/** list_designs and compare_designs: the designs of this conversation (or the store), side by side. */
import { z } from 'zod';
import { InputError } from '../../errors.ts';
import { toolsWith } from '../../tool.ts';
import type { EngineeringContext } from '../context.ts';
import type { DesignMeta } from '../store/designMeta.ts';
import { compactValues } from '../nodeMask.ts';
import { maskField } from './maskField.ts';
import { loadStored, simulateDesign } from '../workflow.ts';
import { designIdSchema, rounded } from './designRef.ts';
import { compareDesignsOutput, listDesignsOutput } from './outputSchemas.ts';

const define = toolsWith<EngineeringContext>();

const row = (m: DesignMeta) => ({
  design_id: m.id,
  problem: m.problem,
  conditions: m.conditions,
  config: compactValues(m.config),
  objectives: rounded(m.objectives),
  iterations: m.iterations,
  created: m.createdAt,
  made_by: m.provenance.tool,
});

export function listDesignsTool() {
  return define({
    name: 'list_designs',
    title: 'List stored designs',
    outputSchema: listDesignsOutput,
    description:
      'List stored designs, newest first: by default the ones made in this conversation, or every stored design with scope "all". ' +
      'Each row has the design id, problem, conditions, all resolved values (config) and objectives.',
    keyFields: ['scope', 'count', 'designs'],
    schema: z.strictObject({
      scope: z.enum(['conversation', 'all']).default('conversation').describe('"conversation" (default): designs made in this conversation; "all": the whole store'),
      problem: z.string().optional().describe('Only designs of this problem id'),
      limit: z.number().int().min(1).max(100).default(20).describe('At most this many rows (1-100, default 20)'),
    }),
    async run(args, ctx) {
      const all = await ctx.store.list({ problem: args.problem });
      const mine = args.scope === 'conversation' && ctx.threadId ? new Set(await ctx.store.threadDesigns(ctx.threadId)) : null;
      const designs = (mine ? all.filter((r) => mine.has(r.id)) : all).slice(0, args.limit).map((r) => row(r.meta));
      // a conversation's list says how many the whole store holds: "none here" is not "none at all"
      return { result: { scope: mine ? 'conversation' : 'all', count: designs.length, ...(mine ? { in_store: all.length } : {}), designs } };
    },
  });
}

export function compareDesignsTool() {
  return define({
    name: 'compare_designs',
    title: 'Compare stored designs',
    outputSchema: compareDesignsOutput,
    description:
      'Compare stored designs of one problem side by side: their conditions, and their objectives and volume fraction simulated under ' +
      'each design\'s own conditions; names the best design per objective.',
    keyFields: ['problem', 'designs', 'best', 'differing_conditions'],
    schema: z.strictObject({ design_ids: z.array(designIdSchema).min(2).max(8).describe('Two to eight design ids') }),
    async run(args, ctx) {
      const loaded = await Promise.all(args.design_ids.map((id) => loadStored(ctx, id)));
      const problem = loaded[0].problem;
      const other = loaded.find((d) => d.problem.id !== problem.id);
      if (other) throw new InputError(`${other.id} is a ${other.problem.id} design and ${loaded[0].id} a ${problem.id} design: compare designs of one problem`, { field: 'design_ids' });
      const designs = loaded.map((d) => {
        const sim = simulateDesign(d.problem, d.design, d.config);
        return { design_id: d.id, conditions: d.meta.conditions, ...maskField(d.config), objectives: rounded(sim.objectives), volume_fraction: rounded(sim.volumeFraction) };
      });
      const best = Object.fromEntries(
        problem.objectives.map((o) => {
          const sorted = [...designs].sort((a, b) => (o.direction === 'minimize' ? 1 : -1) * (a.objectives[o.name] - b.objectives[o.name]));
          return [o.name, sorted[0].design_id];
        }),
      );
      const names = Object.keys(designs[0].conditions);
      const differing = names.filter((n) => new Set(designs.map((d) => JSON.stringify(d.conditions[n]))).size > 1);
      // a mask differs when its nodes do (a default one has no hash)
      for (const m of problem.masks ?? []) if (new Set(designs.map((d) => d.masks?.[m.name]?.sha256 ?? 'default')).size > 1) differing.push(m.name);
      return { result: { problem: problem.id, designs, best, differing_conditions: differing } };
    },
  });
}
