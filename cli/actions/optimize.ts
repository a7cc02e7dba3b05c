/** The work behind `engiai optimize`: validate, run with progress, store, render, report. */
import { copyFile, mkdir, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import type { Design, OptimizeResult } from '../../tools/engineering/problem.ts';
import { conditionsOf, fmt, formatObjectives, objectivesRecord, printWarnings, progressBar, resolveProblemConfig } from '../shared.ts';
import { loadDesignForProblem, saveWithRenders } from './artifacts.ts';

export async function runOptimize(
  problemId: string,
  tokens: string[],
  opts: { out?: string; json?: boolean; start?: string; render?: boolean },
): Promise<void> {
  const { problem, config, warnings } = await resolveProblemConfig(problemId, tokens);
  printWarnings(warnings);
  let startingPoint: Design | undefined;
  if (opts.start) startingPoint = (await loadDesignForProblem(opts.start, problem.id)).design;

  const maxIter = Number(config.max_iter ?? config.num_optimization_steps ?? 100);
  const bar = await progressBar(`optimize ${problem.id}`, maxIter);
  const started = performance.now();
  const gen = problem.optimizeSteps(config, { startingPoint });
  let result: OptimizeResult;
  for (;;) {
    const next = gen.next();
    if (next.done) {
      result = next.value;
      break;
    }
    const e = next.value;
    bar.update(e.step + 1, `${problem.objectives[0].name}=${fmt(e.objectives[0])}${e.change === undefined ? '' : ` change=${e.change.toFixed(4)}`}`);
  }
  bar.stop();
  const seconds = (performance.now() - started) / 1000;
  printWarnings(result.warnings ?? []);

  const finalValues = problem.simulate(result.design, config);
  const record = await saveWithRenders(problem, config, result.design, {
    objectives: finalValues,
    history: result.history,
    iterations: result.iterations,
    warnings: result.warnings,
    provenance: { tool: 'engiai optimize', command: ['optimize', problemId, ...tokens].join(' '), parent: opts.start },
    render: opts.render !== false,
  });

  if (opts.out) {
    const dir = resolve(opts.out);
    await mkdir(dir, { recursive: true });
    for (const [name, path] of Object.entries(record.files)) await copyFile(path, join(dir, name));
    await writeFile(join(dir, 'meta.json'), JSON.stringify(record.meta, null, 2));
  }

  const history = result.history.map((s) => (s.objectives.length === 1 ? s.objectives[0] : s.objectives));
  if (opts.json) {
    const out = {
      problem: problem.id,
      version: problem.version,
      conditions: conditionsOf(problem, config),
      config,
      iterations: result.iterations,
      history,
      objective: finalValues.length === 1 ? finalValues[0] : finalValues,
      objectives: objectivesRecord(problem, finalValues),
      design: { id: record.id, path: record.files['design.npy'] },
      files: record.files,
      seconds,
      warnings: [...warnings, ...(result.warnings ?? [])].map((w) => `${w.constraint}: ${w.cause}`),
    };
    process.stdout.write(JSON.stringify(out) + '\n');
    return;
  }
  const lines = [
    `${problem.id}: ${result.iterations} iterations in ${seconds.toFixed(2)} s`,
    `final design: ${formatObjectives(problem, finalValues)}`,
    `design id: ${record.id}`,
    ...Object.entries(record.files).map(([name, path]) => `  ${name.padEnd(16)} ${path}`),
  ];
  process.stdout.write(lines.join('\n') + '\n');
}
