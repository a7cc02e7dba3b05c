/**
 * The engineering agent's tools (paper §3.1, benchmarks.md §2.1; the names are part of the benchmark):
 * create_problem → optimize_design → simulate_design → render_design | convert_design_to_stl,
 * plus ask_human_for_clarification. Each tool is a strict zod schema (with units and ranges in
 * .describe()) and a `run` that returns compact JSON with artifact ids and paths.
 *
 * Tools are plain data ({ name, description, schema, run }); agents/ binds them to models and runs
 * them. Side effects go through the injected context (artifact store, human, progress), so the
 * same definitions can back an MCP server or the CLI.
 */
import { z } from 'zod';
import { InfraError, InputError, NotFoundError } from '../errors.ts';
import { errorsOnly, formatViolation, warningsOnly, type ConfigValues } from './constraint.ts';
import { mean } from './fields.ts';
import type { Design, OptimizeResult, OptiStep, Problem, StepEvent } from './problem.ts';
import type { DesignMeta } from './store/designMeta.ts';
import { getProblem, problemIds } from './registry.ts';
import { optimizeInThread } from './optimizeThread.ts';

/** What a tool may do besides computing: store artifacts, ask the person, report progress. */
export interface ToolContext {
  store: ArtifactStore;
  /** Ask the person and wait for the answer (a graph interrupt under the agent runtime). */
  askHuman(request: { question: string; missing?: string[] }): Promise<string>;
  /** Progress of long computations (optimizer iterations). */
  progress?(event: { tool: string; step: number; maxIter: number; objective?: number }): void;
  /** Render/export back-ends; injected so this file stays testable without them. */
  exporters: Exporters;
}

/** The subset of tools/engineering/store/designStore.ts DesignStore the tools use. */
export interface ArtifactStore {
  save(design: Design, meta: StoredMeta): Promise<{ id: string }>;
  load(ref: string): Promise<{ design: Design; meta?: Partial<StoredMeta>; path: string }>;
  attach(id: string, fileName: string, bytes: Uint8Array): Promise<unknown>;
  dir(id: string): string;
}

/** What the tools store with a design: the store's metadata less what the store fills in. */
export type StoredMeta = Omit<DesignMeta, 'id' | 'createdAt' | 'files' | 'provenance'> & { provenance: { tool: string; parent?: string } };

export interface Exporters {
  renderPng(problem: Problem, design: Design, config: ConfigValues): Promise<Uint8Array>;
  convergencePng(problem: Problem, history: OptiStep[], title: string): Promise<Uint8Array>;
  exportStl(design: Design, opts: { threshold: number; scaleXy: number; scaleZ: number; mirrorY: boolean }): Promise<{
    stl: Uint8Array;
    triangles: number;
    volume: number;
    watertight: boolean;
  }>;
}

/** A tool as the agents see it. */
export interface EngiTool<S extends z.ZodObject = z.ZodObject> {
  name: string;
  description: string;
  schema: S;
  /** Ask the person before running (agents/ raises an approval interrupt). */
  needsApproval?: boolean;
  run(args: z.infer<S>, ctx: ToolContext): Promise<Record<string, unknown>>;
}

function defineTool<S extends z.ZodObject>(t: EngiTool<S>): EngiTool {
  return t as unknown as EngiTool;
}

const valueMap = z
  .record(z.string(), z.union([z.number(), z.boolean()]))
  .describe('Condition values by name, e.g. {"volfrac": 0.4, "forcedist": 0.65, "rmin": 4}. Omitted conditions use the problem defaults.');

const problemField = () => z.string().min(1).describe(`Problem id; one of: ${problemIds().join(', ')}`);
const designId = z.string().min(6).describe('Design artifact id returned by optimize_design (or a unique prefix of at least 6 characters)');

async function resolveProblem(id: string, values: ConfigValues = {}): Promise<{ problem: Problem; config: ConfigValues; warnings: string[] }> {
  const problem = await getProblem(id);
  const config = problem.resolveConfig(values);
  const violations = problem.checkConfig(config);
  const errors = errorsOnly(violations);
  if (errors.length) {
    throw new InputError(`${problem.id}: ${errors.map(formatViolation).join('; ')}`, {
      field: errors[0].constraint,
      hint: 'change the value to lie inside the allowed range and call the tool again',
    });
  }
  return { problem, config, warnings: warningsOnly(violations).map(formatViolation) };
}

function objectiveRecord(problem: Problem, values: number[]): Record<string, number> {
  const out: Record<string, number> = {};
  problem.objectives.forEach((o, i) => (out[o.name] = round(values[i])));
  return out;
}

const round = (v: number) => (Number.isFinite(v) ? Number(v.toPrecision(8)) : v);

function conditionsOf(problem: Problem, config: ConfigValues): ConfigValues {
  const out: ConfigValues = {};
  for (const f of problem.conditions) out[f.name] = config[f.name];
  return out;
}

const createProblem = defineTool({
  name: 'create_problem',
  description:
    'Set up an engineering design problem and check its conditions. Returns the resolved conditions (defaults filled in), ' +
    'the objectives, the design shape and any warnings. Call this first; then optimize_design with the same problem and conditions.',
  schema: z.strictObject({ problem: problemField(), conditions: valueMap.optional(), config: valueMap.optional().describe('Optional solver knobs (grid size, max_iter)') }),
  async run(args) {
    const { problem, config, warnings } = await resolveProblem(args.problem, { ...args.config, ...args.conditions });
    return {
      problem: problem.id,
      version: problem.version,
      title: problem.title,
      conditions: conditionsOf(problem, config),
      condition_fields: problem.conditions.map((f) => `${f.name}${f.unit ? ` [${f.unit}]` : ''}: ${f.description}`),
      objectives: problem.objectives.map((o) => `${o.name} (${o.direction})`),
      design_shape: problem.designShape(config),
      warnings,
    };
  },
});

const optimizeDesign = defineTool({
  name: 'optimize_design',
  description:
    'Run the problem\'s optimizer (Beams2D: SIMP + optimality criteria) from a uniform start and store the optimized design. ' +
    'Returns design_id (use it for simulate_design, render_design and convert_design_to_stl), the final objective and the artifact path.',
  schema: z.strictObject({
    problem: problemField(),
    conditions: valueMap.optional(),
    config: valueMap.optional().describe('Optional solver knobs (grid size, max_iter)'),
    starting_design_id: designId.optional().describe('Optional warm start: a design id from an earlier optimize_design'),
  }),
  async run(args, ctx) {
    const { problem, config, warnings } = await resolveProblem(args.problem, { ...args.config, ...args.conditions });
    const start = args.starting_design_id ? (await ctx.store.load(args.starting_design_id)).design : undefined;
    const onStep = (e: StepEvent): void => ctx.progress?.({ tool: 'optimize_design', step: e.step, maxIter: e.maxIter, objective: e.objectives[0] });
    const result = await optimizeOffThread(args.problem, problem, config, start, onStep);
    const last = result.history[result.history.length - 1];
    const objectives = last ? objectiveRecord(problem, last.objectives) : {};
    const saved = await ctx.store.save(result.design, {
      problem: problem.id,
      version: problem.version,
      conditions: conditionsOf(problem, config),
      config,
      objectives,
      history: result.history,
      iterations: result.iterations,
      warnings: result.warnings,
      shape: result.design.shape,
      provenance: { tool: 'optimize_design', parent: args.starting_design_id },
    });
    return {
      design_id: saved.id,
      problem: problem.id,
      conditions: conditionsOf(problem, config),
      iterations: result.iterations,
      final_objective: objectives,
      volume_fraction: round(mean(result.design.data)),
      path: ctx.store.dir(saved.id),
      warnings: [...warnings, ...(result.warnings ?? []).map(formatViolation)],
    };
  },
});

/**
 * Runs the optimizer on a worker thread (optimizeThread.ts), so the event loop (other sessions'
 * streams in the web server) stays free; where no thread can be started, in this thread.
 */
async function optimizeOffThread(id: string, problem: Problem, config: ConfigValues, start: Design | undefined, onStep: (e: StepEvent) => void): Promise<OptimizeResult> {
  try {
    return await optimizeInThread(id, config, start, onStep);
  } catch (err) {
    if (err instanceof InfraError && err.retryable) return optimizeYielding(problem, config, start, onStep);
    throw err;
  }
}

/**
 * Runs the optimizer in this thread, giving the event loop a turn every ~50 ms so progress
 * reaches the live timeline (and a stream consumer) while the optimizer works.
 */
async function optimizeYielding(problem: Problem, config: ConfigValues, start: Design | undefined, onStep: (e: StepEvent) => void): Promise<OptimizeResult> {
  const steps = problem.optimizeSteps(config, { startingPoint: start });
  let last = performance.now();
  for (;;) {
    const next = steps.next();
    if (next.done) return next.value;
    onStep(next.value);
    if (performance.now() - last > 50) {
      await new Promise((resolve) => setImmediate(resolve));
      last = performance.now();
    }
  }
}

async function loadDesign(ctx: ToolContext, ref: string) {
  const loaded = await ctx.store.load(ref);
  if (!loaded.meta?.problem) {
    throw new NotFoundError(`design "${ref}" has no problem metadata`, { hint: 'use a design_id returned by optimize_design' });
  }
  const problem = await getProblem(loaded.meta.problem);
  const config = problem.resolveConfig(loaded.meta.config ?? {});
  const id = loaded.path.split(/[\\/]/).slice(-2, -1)[0] ?? ref;
  return { ...loaded, problem, config, id };
}

const simulateDesign = defineTool({
  name: 'simulate_design',
  description:
    'Evaluate a stored design with the problem\'s simulator (Beams2D: compliance c, lower is better) under its own conditions ' +
    '(or overrides) and check its constraints. Returns the objective values and constraint violations.',
  schema: z.strictObject({ design_id: designId, conditions: valueMap.optional().describe('Optional condition overrides for this simulation') }),
  async run(args, ctx) {
    const d = await loadDesign(ctx, args.design_id);
    const config = args.conditions ? d.problem.resolveConfig({ ...d.config, ...args.conditions }) : d.config;
    const values = d.problem.simulate(d.design, config);
    const violations = d.problem.checkConstraints(d.design, config);
    return {
      design_id: d.id,
      problem: d.problem.id,
      objectives: objectiveRecord(d.problem, values),
      volume_fraction: round(mean(d.design.data)),
      constraint_violations: violations.map(formatViolation),
    };
  },
});

const renderDesign = defineTool({
  name: 'render_design',
  description: 'Draw a stored design (and its convergence history when it has one) as PNG images. Returns the image paths.',
  schema: z.strictObject({ design_id: designId }),
  async run(args, ctx) {
    const d = await loadDesign(ctx, args.design_id);
    const png = await ctx.exporters.renderPng(d.problem, d.design, d.config);
    await ctx.store.attach(d.id, 'render.png', png);
    const dir = ctx.store.dir(d.id);
    const files: Record<string, string> = { render: `${dir}/render.png` };
    if (d.meta?.history?.length) {
      const conv = await ctx.exporters.convergencePng(d.problem, d.meta.history, `${d.problem.title}: convergence`);
      await ctx.store.attach(d.id, 'convergence.png', conv);
      files.convergence = `${dir}/convergence.png`;
    }
    return { design_id: d.id, files };
  },
});

const convertToStl = defineTool({
  name: 'convert_design_to_stl',
  description:
    'Export a stored 2-D design as a 3-D printable STL: pixels with density >= threshold are kept, each pixel is scale_xy mm wide, ' +
    'the outline is extruded scale_z mm; mirror_y mirrors the design across its left edge (Beams2D: the half beam becomes the full MBB beam).',
  schema: z.strictObject({
    design_id: designId,
    threshold: z.number().gt(0).lt(1).default(0.5).describe('Density threshold in (0, 1); default 0.5'),
    scale_xy: z.number().positive().max(1000).default(1).describe('Size of one pixel in mm, (0, 1000]; default 1'),
    scale_z: z.number().positive().max(10000).default(10).describe('Extrusion height in mm, (0, 10000]; default 10'),
    mirror_y: z.boolean().default(false).describe('Mirror across the left edge (symmetry line); default false'),
  }),
  async run(args, ctx) {
    const d = await loadDesign(ctx, args.design_id);
    const out = await ctx.exporters.exportStl(d.design, { threshold: args.threshold, scaleXy: args.scale_xy, scaleZ: args.scale_z, mirrorY: args.mirror_y });
    const name = `design-t${args.threshold}-xy${args.scale_xy}-z${args.scale_z}${args.mirror_y ? '-mirrored' : ''}.stl`;
    await ctx.store.attach(d.id, name, out.stl);
    return {
      design_id: d.id,
      stl_path: `${ctx.store.dir(d.id)}/${name}`,
      threshold: args.threshold,
      scale_xy: args.scale_xy,
      scale_z: args.scale_z,
      mirror_y: args.mirror_y,
      triangles: out.triangles,
      volume_mm3: round(out.volume),
      watertight: out.watertight,
    };
  },
});

const askHuman = defineTool({
  name: 'ask_human_for_clarification',
  description:
    'Ask the person a question when required values are missing or the request is ambiguous (e.g. "lightweight" instead of a volume fraction). ' +
    'Returns their answer. Do not guess values the person did not give.',
  schema: z.strictObject({
    question: z.string().min(1).describe('The question to ask, naming the missing values and their allowed ranges'),
    missing: z.array(z.string()).optional().describe('Names of the missing values, e.g. ["volfrac", "rmin"]'),
  }),
  async run(args, ctx) {
    const answer = await ctx.askHuman({ question: args.question, missing: args.missing });
    return { answer };
  },
});

/** The engineering agent's tools, in workflow order. */
export function engineeringTools(): EngiTool[] {
  return [createProblem, optimizeDesign, simulateDesign, renderDesign, convertToStl, askHuman];
}

export const ENGINEERING_TOOL_NAMES = [
  'create_problem',
  'optimize_design',
  'simulate_design',
  'render_design',
  'convert_design_to_stl',
  'ask_human_for_clarification',
] as const;
