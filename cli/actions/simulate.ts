/** The work behind `engiai simulate`. */
import { checkOrThrow, conditionsOf, formatObjectives, objectivesRecord, printWarnings } from '../shared.ts';
import { parseConditionArgs } from '../conditionArgs.ts';
import { loadDesignForProblem } from './artifacts.ts';
import { InputError } from '../../tools/errors.ts';

export async function runSimulate(problemId: string | undefined, tokens: string[], opts: { design: string; json?: boolean }): Promise<void> {
  const { problem, design, meta } = await loadDesignForProblem(opts.design, problemId);
  const config = problem.resolveConfig({ ...(meta?.config ?? {}), ...parseConditionArgs(problem, tokens) });
  const warnings = checkOrThrow(problem, config);
  // checkConstraints repeats the config checks; keep only what it adds about the design.
  const designViolations = problem.checkConstraints(design, config).filter((v) => !warnings.some((w) => w.constraint === v.constraint));
  const designErrors = designViolations.filter((v) => v.criticality === 'error');
  if (designErrors.length) throw new InputError(`design rejected: ${designErrors.map((v) => `${v.constraint}: ${v.cause}`).join('; ')}`, { field: 'design' });
  const allWarnings = [...warnings, ...designViolations.filter((v) => v.criticality === 'warning')];
  printWarnings(allWarnings);

  const values = problem.simulate(design, config);
  const verbose = problem.simulateVerbose?.(design, config);
  if (opts.json) {
    const out = {
      problem: problem.id,
      design: meta?.id ?? opts.design,
      conditions: conditionsOf(problem, config),
      objective: values.length === 1 ? values[0] : values,
      objectives: objectivesRecord(problem, values),
      ...(verbose ?? {}),
      warnings: allWarnings.map((w) => `${w.constraint}: ${w.cause}`),
    };
    process.stdout.write(JSON.stringify(out) + '\n');
    return;
  }
  const extra = verbose ? Object.entries(verbose).filter(([k]) => !problem.objectives.some((o) => o.name === k)) : [];
  process.stdout.write(`${problem.id}: ${formatObjectives(problem, values)}${extra.map(([k, v]) => `, ${k} = ${v.toPrecision(8)}`).join('')}\n`);
}
