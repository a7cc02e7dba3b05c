/**
 * S_HPC under the engiai protocol (paper Appendix A.3, benchmarks.md §4), pure:
 * w_step·n_completed/4 + w_config·c_config + w_eval·min(1, n_metrics/6), base weights 0.70/0.15/0.15;
 * a secondary weight whose step was not called (generate for the configuration, evaluate for the
 * metrics) is 0 and moves to w_step. Stricter than the reference (scoreHpcPaper.ts): a step completes
 * with a successful call of its tool; monitoring completes when a status call reports the job
 * finished; the configuration is the last successful generate's (arguments and result); metrics are
 * the numeric fields of evaluate_model's results, never words the agent wrote. TC: all four steps
 * completed with the right configuration.
 */
import type { TraceCall } from '../../agents/traceCalls.ts';
import { HPC_METRICS, HPC_STEPS } from '../prompts.ts';
import type { HpcSample } from '../schema.ts';

export interface HpcEngiaiScore {
  s_hpc: number;
  tc: number;
  steps: Record<string, number>;
  n_completed: number;
  c_config: number;
  n_metrics: number;
  weights: { step: number; config: number; eval: number };
}

const FINISHED = /^(completed?|done|finished|succeeded|success)$/i;

/** A field by any of its usual names. */
export function field(o: Record<string, unknown> | null, names: string[]): unknown {
  if (!o) return undefined;
  const k = Object.keys(o).find((x) => names.includes(x.toLowerCase()));
  return k === undefined ? undefined : o[k];
}

function finished(c: TraceCall): boolean {
  const state = field(c.result, ['state', 'status', 'job_state']);
  return c.ok && typeof state === 'string' && FINISHED.test(state.trim());
}

/** Metric names with a numeric value anywhere in a result. */
function metricsIn(v: unknown, found = new Set<string>()): Set<string> {
  if (v && typeof v === 'object') {
    for (const [k, x] of Object.entries(v as Record<string, unknown>)) {
      const name = Object.keys(HPC_METRICS).find((m) => HPC_METRICS[m].test(k));
      if (name && typeof x === 'number' && Number.isFinite(x)) found.add(name);
      else metricsIn(x, found);
    }
  }
  return found;
}

function configMatches(c: TraceCall, e: HpcSample['expected']): boolean {
  const a = { ...c.args, ...(c.result ?? {}) };
  const s = (names: string[]) => String(field(a, names) ?? '').toLowerCase();
  return s(['algorithm', 'algo', 'model']) === e.algorithm && s(['problem', 'problem_id']) === e.problem.toLowerCase() && Number(field(a, ['epochs', 'n_epochs', 'num_epochs'])) === e.epochs && Number(field(a, ['seed'])) === e.seed;
}

/** S_HPC's weights: a secondary weight whose step was not called moves to w_step (both protocols). */
export function hpcWeights(generateCalled: boolean, evaluateCalled: boolean): { step: number; config: number; eval: number } {
  const config = generateCalled ? 0.15 : 0;
  const evalW = evaluateCalled ? 0.15 : 0;
  return { step: 1 - config - evalW, config, eval: evalW };
}

export function scoreHpcEngiai(sample: HpcSample, calls: readonly TraceCall[]): HpcEngiaiScore {
  const ok = (tools: readonly string[]) => calls.filter((c) => c.ok && tools.includes(c.name));
  const steps: Record<string, number> = {};
  for (const s of HPC_STEPS) steps[s.step] = s.step === 'monitor' ? (ok(s.tools).some(finished) ? 1 : 0) : ok(s.tools).length ? 1 : 0;
  const n_completed = Object.values(steps).reduce((a, b) => a + b, 0);
  const generated = ok(['generate_slurm_script']).at(-1);
  const c_config = generated && configMatches(generated, sample.expected) ? 1 : 0;
  const n_metrics = Math.max(0, ...ok(['evaluate_model']).map((c) => metricsIn(c.result).size));
  const weights = hpcWeights(calls.some((c) => c.name === 'generate_slurm_script'), calls.some((c) => c.name === 'evaluate_model'));
  const s_hpc = (weights.step * n_completed) / 4 + weights.config * c_config + weights.eval * Math.min(1, n_metrics / 6);
  return { s_hpc, tc: n_completed === 4 && c_config === 1 ? 1 : 0, steps, n_completed, c_config, n_metrics, weights };
}
