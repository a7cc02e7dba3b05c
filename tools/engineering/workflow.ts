/**
 * The engineering workflow as plain functions over an EngineeringContext: set a problem up,
 * optimize and store, load a stored design, simulate, render, export an STL. The agent tools
 * (tools/engineering/tools/) and the `engiai` commands both call these, so a design stored from a
 * chat and one stored from the CLI carry the same metadata under the same content id.
 *
 * A stored design's `objectives` are those of the stored design itself (what simulate reports for
 * it); the optimizer's own record is its `history`.
 */
import { InputError, InfraError, NotFoundError, throwIfCancelled } from '../errors.ts';
import { artifact, type Artifact } from '../tool.ts';
import { errorsOnly, formatViolation, warningsOnly, type ConfigValue, type ConfigValues, type GivenValues } from './constraint.ts';
import type { EngineeringContext } from './context.ts';
import type { StlOptions, StlResult } from './export/stl.ts';
import { solidBlock } from './export/solidBlock.ts';
import { mean } from './fields.ts';
import { compactMask, isNodeMask, maskHash, type CompactMask } from './nodeMask.ts';
import { optimizeInThread } from './optimizeThread.ts';
import { optimizationKey, reuseOrRun } from './optimizeReuse.ts';
import type { Design, OptimizeResult, Problem, StepEvent } from './problem.ts';
import { allProblems, getProblem } from './registry.ts';
import type { DesignMeta } from './store/designMeta.ts';
import { historyArrayFiles } from './store/historyArrays.ts';

export interface ProblemSetup {
  problem: Problem;
  /** Conditions and solver knobs, defaults filled in. */
  config: ConfigValues;
  /** Warning-level violations, formatted. */
  warnings: string[];
}

/** The problem with `values` over its defaults; error-level violations throw one InputError naming them all. */
export async function setupProblem(problemId: string, values: GivenValues = {}): Promise<ProblemSetup> {
  const problem = await getProblem(problemId);
  const config = problem.resolveConfig(values);
  const violations = problem.checkConfig(config);
  const errors = errorsOnly(violations);
  if (errors.length) {
    throw new InputError(`${problem.id}: ${errors.map(formatViolation).join('; ')}`, {
      field: errors[0].constraint,
      hint: 'change the value to lie inside the allowed range and try again',
    });
  }
  return { problem, config, warnings: warningsOnly(violations).map(formatViolation) };
}

/** Only the fields a person would call conditions. */
export function conditionsOf(problem: Problem, config: ConfigValues): ConfigValues {
  const out: ConfigValues = {};
  for (const f of problem.conditions) out[f.name] = config[f.name];
  return out;
}

export function objectiveRecord(problem: Problem, values: readonly number[]): Record<string, number> {
  return Object.fromEntries(problem.objectives.map((o, i) => [o.name, values[i]]));
}

export interface OptimizeRequest extends ProblemSetup {
  /** A warm start (a loaded design) and its id, when it was a stored one. */
  start?: { design: Design; id?: string };
  onStep?: (e: StepEvent) => void;
  /** What asked for it: 'optimize_design', 'engiai optimize', ... */
  provenance: { tool: string; command?: string };
  /** Also draw the design and its convergence (default false). */
  render?: boolean;
  /** Aborting it stops the optimizer (its thread is terminated) with a CancelledError. */
  signal?: AbortSignal;
  /** 'full': also keep EngiBench's OptiStep arrays, as history_*.npy files beside the design (store/historyArrays.ts). */
  history?: 'objectives' | 'full';
}

export interface StoredOptimization {
  id: string;
  dir: string;
  meta: DesignMeta;
  design: Design;
  objectives: Record<string, number>;
  volumeFraction: number;
  /** The set-up's warnings, then the result's (e.g. the design clipped into the design space). */
  warnings: string[];
  /** design.npy, and the renders when asked for. */
  artifacts: Artifact[];
  seconds: number;
}

/** Runs the optimizer (on a worker thread when one can start), stores the design, optionally renders it. */
export async function optimizeAndStore(ctx: EngineeringContext, req: OptimizeRequest): Promise<StoredOptimization> {
  const { problem, config } = req;
  const t0 = performance.now();
  const result = await runOptimizer(problem, config, req.start?.design, req.onStep ?? (() => {}), req.signal, req.history);
  // a cancel that arrived as the last iteration finished still means: store nothing
  throwIfCancelled(req.signal);
  const seconds = (performance.now() - t0) / 1000;
  const objectives = objectiveRecord(problem, result.objectives);
  const saved = await ctx.store.save(result.design, {
    problem: problem.id,
    version: problem.version,
    conditions: conditionsOf(problem, config),
    config,
    objectives,
    history: result.history,
    iterations: result.iterations,
    warnings: result.warnings,
    provenance: { ...req.provenance, parent: req.start?.id },
  });
  const artifacts = [artifact('design', `${saved.path}/design.npy`, 'design')];
  for (const f of historyArrayFiles(result.history)) artifacts.push(artifact('data', await ctx.store.attach(saved.id, f.fileName, f.bytes, f.role), f.role));
  if (req.render) artifacts.push(...(await renderStoredDesign(ctx, { id: saved.id, problem, config, design: result.design, meta: saved.meta })));
  return {
    id: saved.id,
    dir: saved.path,
    meta: saved.meta,
    design: result.design,
    objectives,
    volumeFraction: mean(result.design.data),
    warnings: [...req.warnings, ...(result.warnings ?? []).map(formatViolation)],
    artifacts,
    seconds,
  };
}

type Optimized = OptimizeResult & { objectives: number[] };

/**
 * On a worker thread (the caller's event loop stays free); in this thread when none can start. Also
 * used by the generative models' evaluation. An identical optimization finished earlier in this
 * process is reused, its progress replayed (optimizeReuse.ts: the same inputs give the same bits).
 */
export async function runOptimizer(problem: Problem, config: ConfigValues, start: Design | undefined, onStep: (e: StepEvent) => void, signal?: AbortSignal, history?: 'objectives' | 'full'): Promise<Optimized> {
  // the reuse cache keeps objectives only, so a 'full' history is always computed
  if (history === 'full') return computeOptimization(problem, config, start, onStep, signal, history);
  return reuseOrRun(optimizationKey(problem, config, start), onStep, signal, (step) => computeOptimization(problem, config, start, step, signal));
}

async function computeOptimization(problem: Problem, config: ConfigValues, start: Design | undefined, onStep: (e: StepEvent) => void, signal?: AbortSignal, history?: 'objectives' | 'full'): Promise<Optimized> {
  try {
    return await optimizeInThread(`${problem.id}@${problem.version}`, config, start, onStep, signal, history);
  } catch (err) {
    if (!(err instanceof InfraError && err.retryable)) throw err;
  }
  const steps = problem.optimizeSteps(config, { startingPoint: start, history });
  let last = performance.now();
  for (;;) {
    const next = steps.next();
    if (next.done) return { ...next.value, objectives: problem.simulate(next.value.design, config) };
    throwIfCancelled(signal);
    onStep(next.value);
    // give the event loop a turn every ~50 ms so progress reaches a live timeline
    if (performance.now() - last > 50) {
      await new Promise((resolve) => setImmediate(resolve));
      last = performance.now();
    }
  }
}

export interface StoredDesign {
  id: string;
  problem: Problem;
  /** The config it was made under. */
  config: ConfigValues;
  design: Design;
  meta: DesignMeta;
}

/** A stored design by id or unique id prefix, with its problem and config. */
export async function loadStored(ctx: EngineeringContext, ref: string): Promise<StoredDesign> {
  const loaded = await ctx.store.load(ref);
  const meta = loaded.meta;
  if (!meta?.problem) throw new NotFoundError(`design "${ref}" has no problem metadata`, { hint: 'use a design id returned by optimize' });
  const problem = await getProblem(`${meta.problem}@${meta.version}`);
  return { id: meta.id, problem, config: problem.resolveConfig(meta.config ?? {}), design: loaded.design, meta };
}

export interface Simulation {
  objectives: Record<string, number>;
  /** With `diagnostics`: the simulator's named quantities besides the objectives (Photonics2D: overlap1, overlap2). */
  extras: Record<string, number>;
  /** Design-level violations (the config's own are setupProblem's), formatted. */
  violations: string[];
  volumeFraction: number;
}

/** The problem's simulator on a design under `config` (`diagnostics` runs the verbose simulator as well). */
export function simulateDesign(problem: Problem, design: Design, config: ConfigValues, opts: { diagnostics?: boolean } = {}): Simulation {
  const configChecks = new Set(problem.checkConfig(config).map((v) => v.constraint));
  const violations = problem.checkConstraints(design, config).filter((v) => !configChecks.has(v.constraint));
  const objectives = objectiveRecord(problem, problem.simulate(design, config));
  const verbose = (opts.diagnostics && problem.simulateVerbose?.(design, config)) || {};
  const extras = Object.fromEntries(Object.entries(verbose).filter(([k, v]) => objectives[k] !== v));
  return { objectives, extras, violations: violations.map(formatViolation), volumeFraction: mean(design.data) };
}

type Shown = number | boolean | CompactMask | 'default';

/** Conditions that differ between the stored design's and the ones simulated now (a mask by its nodes: compact, or 'default'). */
export function changedConditions(problem: Problem, stored: ConfigValues, used: ConfigValues): Record<string, { stored: Shown; used: Shown }> {
  const out: Record<string, { stored: Shown; used: Shown }> = {};
  for (const f of [...problem.conditions, ...problem.configFields]) {
    const [a, b] = [stored[f.name], used[f.name]];
    if (a !== b && !isNodeMask(a) && !isNodeMask(b)) out[f.name] = { stored: a, used: b };
  }
  const shown = (v: ConfigValue | undefined): Shown => (isNodeMask(v) ? compactMask(v) : 'default');
  for (const m of problem.masks ?? []) {
    const [a, b] = [stored[m.name], used[m.name]];
    if ((isNodeMask(a) ? maskHash(a) : '') !== (isNodeMask(b) ? maskHash(b) : '')) out[m.name] = { stored: shown(a), used: shown(b) };
  }
  return out;
}

/** Renders a design and (when it has a history) its convergence into its artifact folder. */
export async function renderStoredDesign(ctx: EngineeringContext, d: StoredDesign): Promise<Artifact[]> {
  const png = await ctx.exporters.renderPng(d.problem, d.design, d.config);
  const out = [artifact('image', await ctx.store.attach(d.id, 'render.png', png), 'render')];
  if (d.meta.history?.length > 1) {
    const conv = await ctx.exporters.convergencePng(d.problem, d.meta.history, `${d.problem.title}: convergence`);
    out.push(artifact('image', await ctx.store.attach(d.id, 'convergence.png', conv), 'convergence'));
  }
  return out;
}

export type StlParams = Required<StlOptions>;

/** scale_z when not given: a 2-D design's extrusion height 10 mm; a 3-D design's voxel height scale_xy (cubic voxels). */
export function defaultScaleZ(design: Design, scaleXy: number): number {
  return design.shape.length === 3 ? scaleXy : 10;
}

/** The file name an STL export of these parameters is stored under. */
export const stlFileName = (p: StlParams) => `design-t${p.threshold}-xy${p.scaleXy}-z${p.scaleZ}${p.mirrorY ? '-mirrored' : ''}.stl`;

/** Exports a stored design as STL into its artifact folder (a 3-D design read as a solid in its problem's axes). */
export async function exportStoredStl(ctx: EngineeringContext, d: StoredDesign, params: StlParams): Promise<{ result: StlResult; artifact: Artifact }> {
  const result = await ctx.exporters.exportStl(solidBlock(d.design, d.problem.solidAxes), params);
  const path = await ctx.store.attach(d.id, stlFileName(params), result.stl);
  return { result, artifact: artifact('mesh', path, 'stl') };
}

export interface DesignInput {
  problem: Problem;
  design: Design;
  /** Present when the design is a stored one. */
  stored?: StoredDesign;
}

/**
 * A design the person named on the command line: a stored id or prefix, or a .npy file (regular,
 * size-capped). Its problem is the one named, else the stored one's, else the one problem whose
 * default design shape matches the file.
 */
export async function loadDesignInput(ctx: EngineeringContext, ref: string, problemId?: string): Promise<DesignInput> {
  const loaded = await ctx.store.loadFile(ref);
  const meta = loaded.meta;
  if (meta?.problem) {
    const own = await getProblem(`${meta.problem}@${meta.version}`);
    const stored = { id: meta.id, problem: own, config: own.resolveConfig(meta.config ?? {}), design: loaded.design, meta };
    return { problem: problemId ? await getProblem(problemId) : own, design: loaded.design, stored };
  }
  if (problemId) return { problem: await getProblem(problemId), design: loaded.design };
  const shape = loaded.design.shape;
  const matches = (await allProblems()).filter((p) => {
    const own = p.designShape(p.resolveConfig());
    return own.length === shape.length && own.every((v, d) => v === shape[d]);
  });
  if (matches.length === 1) return { problem: matches[0], design: loaded.design };
  throw new InputError(`cannot tell which problem the ${shape.join('×')} design in ${ref} belongs to`, {
    field: 'problem',
    hint: 'name the problem: e.g. `engiai simulate beams2d --design FILE.npy --nelx 100 --nely 50`',
  });
}
