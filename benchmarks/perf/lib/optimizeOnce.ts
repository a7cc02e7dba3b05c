/**
 * "Ours" as a separate process: `node --import tsx benchmarks/perf/lib/optimizeOnce.ts <problem>
 * [--field value ...]` runs one cold-start optimize of a registered problem and prints one JSON line:
 * {problem, iterations, seconds (the optimize loop, wall), cpu_seconds (its user+system CPU), load_seconds (engine import), final, first,
 *  final_<obj>, <obj>0} where <obj> is the first objective's name (Beams2D: final_c and c0).
 * Field flags are the problem's condition/config names with `_` or `-` (`--max-iter 20`, `--overhang-constraint`).
 */
import { performance } from 'node:perf_hooks';
import { getProblem } from '../../../tools/engineering/registry.ts';
import { optimize, type Problem } from '../../../tools/engineering/problem.ts';
import type { ConfigValues } from '../../../tools/engineering/constraint.ts';
import { parseFlags, type Flags } from './flags.ts';

function toConfig(problem: Problem, flags: Flags): ConfigValues {
  const fields = new Map([...problem.conditions, ...problem.configFields].map((f) => [f.name, f]));
  const out: ConfigValues = {};
  for (const [raw, value] of Object.entries(flags)) {
    const name = raw.replace(/-/g, '_');
    const spec = fields.get(name);
    if (!spec) throw new RangeError(`${problem.id} has no field "${raw}"; fields: ${[...fields.keys()].join(', ')}`);
    out[name] = spec.type === 'boolean' ? value === true || value === 'true' || value === '1' : Number(value);
  }
  return out;
}

async function main(argv: string[]): Promise<void> {
  const { flags, positional } = parseFlags(argv);
  const problemId = positional[0];
  if (!problemId) throw new RangeError('usage: optimizeOnce.ts <problem> [--field value ...]');
  const tLoad = performance.now();
  const problem = await getProblem(problemId);
  const config = problem.resolveConfig(toConfig(problem, flags));
  const loadSeconds = (performance.now() - tLoad) / 1000;
  const t0 = performance.now();
  const cpu0 = process.cpuUsage();
  const result = optimize(problem, config);
  const seconds = (performance.now() - t0) / 1000;
  const cpu = process.cpuUsage(cpu0);
  const name = problem.objectives[0]?.name ?? 'obj';
  const first = result.history[0]?.objectives ?? [];
  const final = result.history[result.history.length - 1]?.objectives ?? [];
  const line = {
    problem: problem.id,
    iterations: result.iterations,
    seconds,
    cpu_seconds: (cpu.user + cpu.system) / 1e6,
    load_seconds: loadSeconds,
    first,
    final,
    [`${name}0`]: first[0] ?? null,
    [`final_${name}`]: final[0] ?? null,
  };
  process.stdout.write(JSON.stringify(line) + '\n');
}

main(process.argv.slice(2)).catch((err: unknown) => {
  process.stderr.write(`${err instanceof Error ? err.message : String(err)}\n`);
  process.exitCode = 1;
});
