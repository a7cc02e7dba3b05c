/** The work behind `engiai simulate`: the workflow's simulateDesign on a stored design or a .npy file. */
import { engineeringContext } from '../../tools/engineering/context.ts';
import { changedConditions, conditionsOf, loadDesignInput, setupProblem, simulateDesign } from '../../tools/engineering/workflow.ts';
import { InputError } from '../../tools/errors.ts';
import { parseConditionArgs } from '../conditionArgs.ts';
import { maskField } from '../../tools/engineering/tools/maskField.ts';
import { formatObjectives, printWarnings } from '../shared.ts';

export async function runSimulate(problemId: string | undefined, tokens: string[], opts: { design: string; json?: boolean }): Promise<void> {
  const { problem, design, stored } = await loadDesignInput(engineeringContext(), opts.design, problemId);
  const setup = await setupProblem(`${problem.id}@${problem.version}`, { ...(stored?.meta.config ?? {}), ...parseConditionArgs(problem, tokens) });
  const sim = simulateDesign(problem, design, setup.config, { diagnostics: true });
  const designErrors = sim.violations.filter((v) => v.startsWith('error'));
  if (designErrors.length) throw new InputError(`design rejected: ${designErrors.join('; ')}`, { field: 'design' });
  const changed = stored ? Object.keys(changedConditions(problem, stored.config, setup.config)) : [];
  const warnings = [...setup.warnings, ...sim.violations, ...(changed.length ? [`simulated under changed conditions (${changed.join(', ')}), not the ones the design was optimized for`] : [])];
  printWarnings(warnings);
  const values = Object.values(sim.objectives);
  if (opts.json) {
    const out = {
      problem: problem.id,
      design: stored?.id ?? opts.design,
      conditions: conditionsOf(problem, setup.config),
      ...maskField(setup.config),
      objective: values.length === 1 ? values[0] : values,
      objectives: sim.objectives,
      ...sim.extras,
      warnings,
    };
    process.stdout.write(JSON.stringify(out) + '\n');
    return;
  }
  const extra = Object.entries(sim.extras).map(([k, v]) => `, ${k} = ${v.toPrecision(8)}`);
  process.stdout.write(`${problem.id}: ${formatObjectives(sim.objectives)}${extra.join('')}\n`);
}
