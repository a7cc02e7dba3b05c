/** describe_problem and create_problem: what a problem asks for, and a checked set-up of one. */
import { z } from 'zod';
import { toolsWith } from '../../tool.ts';
import type { EngineeringContext } from '../context.ts';
import { getProblem } from '../registry.ts';
import { conditionsOf, setupProblem } from '../workflow.ts';
import { ASK_RULE, problemIdSchema, problemInfo, valuesSchema, type ProblemInfo } from './catalog.ts';
import { maskField } from './maskField.ts';
import { createProblemOutput, describeProblemOutput } from './outputSchemas.ts';

const define = toolsWith<EngineeringContext>();

export function describeProblemTool(catalog: readonly ProblemInfo[]) {
  return define({
    name: 'describe_problem',
    title: 'Describe a design problem',
    outputSchema: describeProblemOutput,
    description:
      'Describe a design problem before setting it up: its conditions and solver knobs with unit, default, allowed and recommended range ' +
      'and meaning, and its objectives. Without a problem id it lists every problem.',
    schema: z.strictObject({ problem: problemIdSchema(catalog).optional() }),
    async run(args) {
      if (!args.problem) return { result: { problems: catalog.map((p) => ({ id: p.id, title: p.title, conditions: p.conditions.map((f) => f.name) })), ask_rule: ASK_RULE } };
      return { result: { ...problemInfo(await getProblem(args.problem)), ask_rule: ASK_RULE } };
    },
  });
}

/** The arguments create_problem and optimize_design share: a problem and its values. */
export function setupSchema(catalog: readonly ProblemInfo[]) {
  return {
    problem: problemIdSchema(catalog),
    conditions: valuesSchema(catalog, 'conditions').optional().describe(`Condition values by name; omitted ones use the problem's defaults. ${ASK_RULE}`),
    config: valuesSchema(catalog, 'config').optional().describe('Solver knobs by name (grid size, iteration cap); omitted ones use the defaults'),
  };
}

export function createProblemTool(catalog: readonly ProblemInfo[]) {
  return define({
    name: 'create_problem',
    title: 'Set up a design problem',
    outputSchema: createProblemOutput,
    description:
      'Set up an engineering design problem and check its values. Returns the resolved conditions (defaults filled in), the objectives, ' +
      'the design shape and any warnings. Call this first; then optimize_design with the same problem, conditions and config.',
    keyFields: ['problem', 'conditions', 'design_shape', 'warnings'],
    schema: z.strictObject(setupSchema(catalog)),
    async run(args) {
      const { problem, config, warnings } = await setupProblem(args.problem, { ...args.config, ...args.conditions });
      return {
        result: {
          problem: problem.id,
          version: problem.version,
          title: problem.title,
          conditions: conditionsOf(problem, config),
          config: Object.fromEntries(problem.configFields.map((f) => [f.name, config[f.name]])),
          objectives: problem.objectives.map((o) => `${o.name} (${o.direction})`),
          design_shape: problem.designShape(config),
          ...maskField(config),
          warnings,
        },
      };
    },
  });
}
