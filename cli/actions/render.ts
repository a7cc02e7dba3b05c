/** The work behind `engiai render`. */
import { writeFile, mkdir } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import { checkOrThrow, printWarnings } from '../shared.ts';
import { parseConditionArgs } from '../conditionArgs.ts';
import { loadDesignForProblem, renderDesignPng, convergenceFile } from './artifacts.ts';
import { InputError } from '../../tools/errors.ts';

export async function runRender(
  problemId: string | undefined,
  tokens: string[],
  opts: { design: string; out: string; convergence?: string; json?: boolean },
): Promise<void> {
  const { problem, design, meta } = await loadDesignForProblem(opts.design, problemId);
  const config = problem.resolveConfig({ ...(meta?.config ?? {}), ...parseConditionArgs(problem, tokens) });
  printWarnings(checkOrThrow(problem, config));
  const png = await renderDesignPng(problem, config, design);
  const out = resolve(opts.out);
  await mkdir(dirname(out), { recursive: true });
  await writeFile(out, png);
  let convergence: string | undefined;
  if (opts.convergence) {
    if (!meta?.history?.length) throw new InputError('--convergence needs a stored design with an optimization history', { field: 'convergence' });
    convergence = resolve(opts.convergence);
    await mkdir(dirname(convergence), { recursive: true });
    await writeFile(convergence, await convergenceFile(problem, meta.history, convergence.endsWith('.svg') ? 'svg' : 'png', meta.id));
  }
  if (opts.json) process.stdout.write(JSON.stringify({ problem: problem.id, png: out, convergence }) + '\n');
  else process.stdout.write(`wrote ${out}${convergence ? `\nwrote ${convergence}` : ''}\n`);
}
