/** The work behind `engiai render`: the design (and its convergence) as PNG or SVG, by the file's extension. */
import { resolve } from 'node:path';
import { engineeringContext } from '../../tools/engineering/context.ts';
import { loadDesignInput, setupProblem } from '../../tools/engineering/workflow.ts';
import { InputError } from '../../tools/errors.ts';
import { writeOutputFile } from '../../tools/fileFaults.ts';
import { parseConditionArgs } from '../conditionArgs.ts';
import { printWarnings, refuseEmptyPaths } from '../shared.ts';

const isSvg = (path: string) => path.toLowerCase().endsWith('.svg');

export async function runRender(problemId: string | undefined, tokens: string[], opts: { design: string; out: string; convergence?: string; json?: boolean }): Promise<void> {
  await refuseEmptyPaths(opts, { out: 'out', convergence: 'convergence', design: 'design' });
  const ctx = engineeringContext();
  const { problem, design, stored } = await loadDesignInput(ctx, opts.design, problemId);
  const { config, warnings } = await setupProblem(`${problem.id}@${problem.version}`, { ...(stored?.meta.config ?? {}), ...parseConditionArgs(problem, tokens) });
  printWarnings(warnings);
  const out = resolve(opts.out);
  const image = isSvg(out) ? await ctx.exporters.renderSvg(problem, design, config) : await ctx.exporters.renderPng(problem, design, config);
  await writeOutputFile(out, image);
  let convergence: string | undefined;
  if (opts.convergence) {
    const history = stored?.meta.history ?? [];
    if (!history.length) throw new InputError('--convergence needs a stored design with an optimization history', { field: 'convergence' });
    convergence = resolve(opts.convergence);
    const title = `${problem.id} convergence (${stored!.id})`;
    const chart = isSvg(convergence) ? await ctx.exporters.convergenceSvg(problem, history, title) : await ctx.exporters.convergencePng(problem, history, title);
    await writeOutputFile(convergence, chart);
  }
  if (opts.json) process.stdout.write(JSON.stringify({ problem: problem.id, [isSvg(out) ? 'svg' : 'png']: out, convergence }) + '\n');
  else process.stdout.write(`wrote ${out}${convergence ? `\nwrote ${convergence}` : ''}\n`);
}
