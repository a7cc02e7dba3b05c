/**
 * The shape of each engineering tool's result, as MCP clients read it (outputSchema, checked by
 * the MCP server against every structuredContent it returns). Objects stay open (further fields
 * may be added); the fields named here are always present with these types, the optional ones
 * only when the tool says so.
 */
import { z } from 'zod';

const numbers = z.record(z.string(), z.number());
const values = z.record(z.string(), z.unknown()).describe('Values by name (numbers, strings or booleans)');
const designId = z.string().describe('A stored design: <problem>-<16 hex digits>');

const field = z.looseObject({ name: z.string(), description: z.string() });
const masks = z
  .record(z.string(), z.looseObject({ nodes: z.number().int(), sha256: z.string(), list: z.array(z.array(z.number().int())).optional() }))
  .optional()
  .describe('The node masks given (the others are the problem\'s defaults): node count, hash, and the nodes when at most 12');

export const describeProblemOutput = z.looseObject({
  ask_rule: z.string().describe('When to ask the person for a value instead of using its default'),
  problems: z.array(z.looseObject({ id: z.string(), title: z.string(), conditions: z.array(z.string()) })).optional().describe('Without a problem id: every problem'),
  id: z.string().optional(),
  version: z.number().int().optional(),
  title: z.string().optional(),
  description: z.string().optional(),
  objectives: z.array(z.looseObject({ name: z.string(), direction: z.enum(['minimize', 'maximize']) })).optional(),
  conditions: z.array(field).optional(),
  config: z.array(field).optional(),
  masks: z.array(z.looseObject({ name: z.string(), description: z.string(), default: z.string(), role: z.enum(['condition', 'config']) })).optional().describe('Node masks the problem takes'),
});

export const createProblemOutput = z.looseObject({
  problem: z.string(),
  version: z.number().int(),
  title: z.string(),
  conditions: values,
  config: values,
  objectives: z.array(z.string()).describe('"name (direction)"'),
  design_shape: z.array(z.number().int()),
  masks,
  warnings: z.array(z.string()),
});

export const optimizeDesignOutput = z.looseObject({
  design_id: designId,
  problem: z.string(),
  conditions: values,
  iterations: z.number().int(),
  final_objective: numbers.describe('Objective values of the stored design'),
  volume_fraction: z.number(),
  path: z.string().describe('The design folder on the server'),
  masks,
  warnings: z.array(z.string()),
});

export const simulateDesignOutput = z.looseObject({
  design_id: designId,
  problem: z.string(),
  objectives: numbers,
  diagnostics: numbers.optional(),
  volume_fraction: z.number(),
  constraint_violations: z.array(z.unknown()),
  masks,
  conditions_changed: z.record(z.string(), z.unknown()).optional(),
  note: z.string().optional(),
});

export const renderDesignOutput = z.looseObject({
  design_id: designId,
  files: z.record(z.string(), z.string()).describe('Image path by label'),
});

export const convertDesignToStlOutput = z.looseObject({
  design_id: designId,
  stl_path: z.string(),
  threshold: z.number(),
  scale_xy: z.number(),
  scale_z: z.number(),
  mirror_y: z.boolean(),
  triangles: z.number().int(),
  volume_mm3: z.number(),
  watertight: z.boolean(),
});

export const listDesignsOutput = z.looseObject({
  scope: z.enum(['conversation', 'all']),
  count: z.number().int(),
  designs: z.array(
    z.looseObject({ design_id: designId, problem: z.string(), conditions: values, config: values, objectives: numbers, iterations: z.number().int(), created: z.string(), made_by: z.string() }),
  ),
});

export const compareDesignsOutput = z.looseObject({
  problem: z.string(),
  designs: z.array(z.looseObject({ design_id: designId, conditions: values, objectives: numbers, volume_fraction: z.number() })),
  best: z.record(z.string(), designId).describe('The best design id per objective'),
  differing_conditions: z.array(z.string()),
});
