/** Shared set-up of the workflow suite's tests: a temporary ENGIAI_HOME (ground truth cached there) and a run. */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runWorkflow, type WorkflowRunOptions, type WorkflowRunResult } from '../../../benchmarks/workflow/index.ts';
import { loadConfig } from '../../../config/load.ts';

export function benchHome(env: Record<string, string> = {}) {
  const home = mkdtempSync(join(tmpdir(), 'workflow-int-'));
  const config = loadConfig({ env: { ENGIAI_HOME: home, ...env }, cwd: home });
  let n = 0;
  const run = (o: Partial<WorkflowRunOptions>): Promise<WorkflowRunResult> =>
    runWorkflow({ samples: 1, seeds: [0], preset: 'small', problems: ['beams2d'], protocol: 'engiai', out: join(home, `run-${n++}`), config, ...o });
  return { home, config, run };
}

/** Trial scores by trial id. */
export const byTrial = (r: WorkflowRunResult) => Object.fromEntries(r.trials.map((t) => [t.trialId, t.score]));
