/** The work behind `engiai optimize`: the workflow's optimizeAndStore with a progress bar, then a report. */
import { copyFile } from 'node:fs/promises';
import { basename, join, resolve } from 'node:path';
import { engineeringContext } from '../../tools/engineering/context.ts';
import { conditionsOf, loadDesignInput, optimizeAndStore, setupProblem } from '../../tools/engineering/workflow.ts';
import { parseConditionArgs } from '../conditionArgs.ts';
import { compactValues, givenMasks } from '../../tools/engineering/nodeMask.ts';
import { InputError } from '../../tools/errors.ts';
import { fileFault, makeDirs, writeOutputFile } from '../../tools/fileFaults.ts';
import { fmt, formatObjectives, printWarnings, progressBar, refuseEmptyPaths } from '../shared.ts';

export async function runOptimize(problemId: string, tokens: string[], opts: { out?: string; json?: boolean; start?: string; render?: boolean; history?: string }): Promise<void> {
  await refuseEmptyPaths(opts, { out: 'out', start: 'start' });
  if (opts.history !== undefined && opts.history !== 'objectives' && opts.history !== 'full') {
    throw new InputError(`--history must be 'objectives' or 'full', got "${opts.history}"`, { field: 'history' });
  }
  const { getProblem } = await import('../../tools/engineering/registry.ts');
  const setup = await setupProblem(problemId, parseConditionArgs(await getProblem(problemId), tokens));
  const { problem, config } = setup;
  printWarnings(setup.warnings);
  const ctx = engineeringContext();
  const start = opts.start ? await loadDesignInput(ctx, opts.start, problemId) : undefined;
  // a folder that cannot be made fails before the optimizer runs, not after
  const outDir = opts.out ? resolve(opts.out) : undefined;
  if (outDir) await makeDirs(outDir);

  const maxIter = Number(config.max_iter ?? config.num_optimization_steps ?? 100);
  const bar = await progressBar(`optimize ${problem.id}`, maxIter);
  // the bar counts recorded steps: a problem numbers its steps as EngiBench does (Beams2D from 0, Beams3D from 1)
  let done = 0;
  const stored = await optimizeAndStore(ctx, {
    ...setup,
    start: start && { design: start.design, id: start.stored?.id },
    onStep: (e) => bar.update(++done, `${problem.objectives[0].name}=${fmt(e.objectives[0])}${e.change === undefined ? '' : ` change=${e.change.toFixed(4)}`}`),
    provenance: { tool: 'engiai optimize', command: ['optimize', problemId, ...tokens].join(' ') },
    render: opts.render !== false,
    history: opts.history as 'objectives' | 'full' | undefined,
  });
  bar.stop();
  printWarnings(stored.warnings.filter((w) => !setup.warnings.includes(w)));
  const files = Object.fromEntries(stored.artifacts.map((a) => [basename(a.path), a.path]));

  if (outDir) {
    const dir = outDir;
    for (const [name, path] of Object.entries(files)) await copyFile(path, join(dir, name)).catch((e: unknown) => Promise.reject(fileFault(e, join(dir, name), 'write')));
    await writeOutputFile(join(dir, 'meta.json'), JSON.stringify(stored.meta, null, 2));
  }

  const values = Object.values(stored.objectives);
  if (opts.json) {
    const history = stored.meta.history.map((s) => (s.objectives.length === 1 ? s.objectives[0] : s.objectives));
    const out = {
      problem: problem.id,
      version: problem.version,
      conditions: conditionsOf(problem, config),
      config: compactValues(config),
      iterations: stored.meta.iterations,
      history,
      objective: values.length === 1 ? values[0] : values,
      objectives: stored.objectives,
      design: { id: stored.id, path: files['design.npy'] },
      files,
      seconds: stored.seconds,
      warnings: stored.warnings,
    };
    process.stdout.write(JSON.stringify(out) + '\n');
    return;
  }
  const lines = [
    `${problem.id}: ${stored.meta.iterations} iterations in ${stored.seconds.toFixed(2)} s`,
    `final design: ${formatObjectives(stored.objectives)}`,
    `design id: ${stored.id}`,
    ...Object.entries(givenMasks(config)).map(([name, m]) => `${name}: ${m.nodes} nodes${m.list ? ` ${JSON.stringify(m.list)}` : ''} (sha256 ${m.sha256})`),
    ...Object.entries(files).map(([name, path]) => `  ${name.padEnd(16)} ${path}`),
  ];
  process.stdout.write(lines.join('\n') + '\n');
}
