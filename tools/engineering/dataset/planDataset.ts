/**
 * The plan of a dataset: its ordered condition list, each fully resolved and checked against the
 * problem's constraints, with its resume key and its train/val/test split.
 */
import { InputError } from '../../errors.ts';
import { errorsOnly, formatViolation, type ConfigValues } from '../constraint.ts';
import type { Problem } from '../problem.ts';
import { conditionKey, gridConditions, sampledConditions } from './conditions.ts';
import { datasetSpec } from './datasetSpecs.ts';
import type { DatasetSource } from './manifest.ts';
import { assignSplits, type Split } from './splits.ts';

export interface PlannedRow {
  id: number;
  key: string;
  split: Split;
  /** The fully resolved config (defaults, fixed knobs, overrides, varied fields). */
  config: ConfigValues;
}

export interface PlanRequest {
  grid?: string;
  n?: number;
  seed?: number;
  conditionsOverride?: ConfigValues;
}

export interface DatasetPlan {
  rows: PlannedRow[];
  source: DatasetSource;
  splitSeed: number;
  overrides: ConfigValues;
}

export function planDataset(problem: Problem, req: PlanRequest): DatasetPlan {
  const spec = datasetSpec(problem.id);
  const overrides = Object.fromEntries(Object.entries(req.conditionsOverride ?? {}).filter(([, v]) => v !== undefined));
  const seed = req.seed ?? 0;
  if (req.grid !== undefined && req.n !== undefined) throw new InputError('give either a grid or n, not both', { field: 'grid' });
  let source: DatasetSource;
  let partials: ConfigValues[];
  if (req.grid !== undefined) {
    source = { grid: req.grid };
    partials = gridConditions(spec, req.grid, overrides);
  } else if (req.n !== undefined) {
    source = { n: req.n, seed };
    partials = sampledConditions(spec, req.n, seed, overrides);
  } else {
    throw new InputError('a dataset needs a grid (e.g. "engibench") or n sampled conditions', { field: 'grid' });
  }
  const splits = assignSplits(partials.length, seed);
  const seen = new Set<string>();
  const rows = partials.map((partial, id) => {
    const config = problem.resolveConfig(partial);
    const errors = errorsOnly(problem.checkConfig(config));
    if (errors.length) {
      throw new InputError(`dataset condition ${id} (${JSON.stringify(partial)}) violates ${problem.id}'s constraints: ${errors.map(formatViolation).join('; ')}`, {
        field: errors[0].constraint,
      });
    }
    const key = conditionKey(problem.id, problem.version, config);
    if (seen.has(key)) throw new InputError(`dataset condition ${id} repeats an earlier one (${JSON.stringify(partial)})`, { field: 'conditions' });
    seen.add(key);
    return { id, key, split: splits[id], config };
  });
  return { rows, source, splitSeed: seed, overrides };
}
