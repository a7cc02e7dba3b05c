/** Pieces several commands share: resolving a problem + condition flags, warnings, progress. */
import type { ConfigValues, Violation } from '../tools/engineering/constraint.ts';
import type { Problem } from '../tools/engineering/problem.ts';
import { InputError } from '../tools/errors.ts';
import { parseConditionArgs } from './conditionArgs.ts';

export interface Resolved {
  problem: Problem;
  config: ConfigValues;
  warnings: Violation[];
}

/** Problem + flags → validated config. Error-level violations throw one InputError listing all of them. */
export async function resolveProblemConfig(problemId: string, tokens: string[], base: ConfigValues = {}): Promise<Resolved> {
  const { getProblem } = await import('../tools/engineering/registry.ts');
  const problem = await getProblem(problemId);
  const config = problem.resolveConfig({ ...base, ...parseConditionArgs(problem, tokens) });
  return { problem, config, warnings: checkOrThrow(problem, config) };
}

export function checkOrThrow(problem: Problem, config: ConfigValues): Violation[] {
  const violations = problem.checkConfig(config);
  const errors = violations.filter((v) => v.criticality === 'error');
  if (errors.length) {
    const first = errors[0];
    throw new InputError(errors.map((v) => `${v.constraint}: ${v.cause}`).join('; '), {
      field: first.constraint,
      hint: 'change the value to lie inside the allowed range',
    });
  }
  return violations.filter((v) => v.criticality === 'warning');
}

export function printWarnings(warnings: Violation[]): void {
  for (const w of warnings) process.stderr.write(`warning: ${w.constraint}: ${w.cause}\n`);
}

/** Only the fields a person would call conditions (for titles and JSON). */
export function conditionsOf(problem: Problem, config: ConfigValues): ConfigValues {
  const out: ConfigValues = {};
  for (const c of problem.conditions) out[c.name] = config[c.name];
  return out;
}

export function objectivesRecord(problem: Problem, values: number[]): Record<string, number> {
  return Object.fromEntries(problem.objectives.map((o, i) => [o.name, values[i]]));
}

export function formatObjectives(problem: Problem, values: number[]): string {
  return problem.objectives.map((o, i) => `${o.name} = ${fmt(values[i])}`).join(', ');
}

export const fmt = (v: number) => (Math.abs(v) >= 1e4 || (Math.abs(v) < 1e-3 && v !== 0) ? v.toExponential(6) : v.toPrecision(8));

/** A progress bar on stderr when it is a terminal; silent otherwise (logs, --json). */
export async function progressBar(label: string, total: number): Promise<{ update(done: number, text: string): void; stop(): void }> {
  if (!process.stderr.isTTY) return { update() {}, stop() {} };
  const { default: cliProgress } = await import('cli-progress');
  const bar = new cliProgress.SingleBar(
    { format: `${label} [{bar}] {value}/{total} {text}`, stream: process.stderr, hideCursor: true, clearOnComplete: false },
    cliProgress.Presets.shades_classic,
  );
  bar.start(total, 0, { text: '' });
  return {
    update(done, text) {
      bar.update(Math.min(done, total), { text });
    },
    stop() {
      bar.stop();
    },
  };
}
