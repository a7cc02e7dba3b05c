/** The work behind `engiai dataset generate`. */
import { join, resolve } from 'node:path';
import { datasetsDir } from '../../config/paths.ts';
import { InputError } from '../../tools/errors.ts';
import type { DatasetOpts } from '../commands/dataset.ts';
import { parseConditionArgs } from '../conditionArgs.ts';
import { interruptSignal, progressBar, refuseEmptyPaths } from '../shared.ts';

/** The most rows `--n` may ask for (the EngiBench Beams2D grid has 4,851). */
export const MAX_ROWS = 100_000;
/** The most worker threads `--workers` may start (each holds its own engine). */
export const MAX_WORKERS = 64;

function positiveInt(flag: string, raw: string | undefined, max = Number.MAX_SAFE_INTEGER): number | undefined {
  if (raw === undefined) return undefined;
  const v = Number(raw);
  if (!/^\d+$/.test(raw.trim()) || !Number.isSafeInteger(v)) throw new InputError(`--${flag} must be a non-negative integer, got "${raw}"`, { field: flag });
  if (v > max) throw new InputError(`--${flag} = ${v} is above the limit of ${max}`, { field: flag });
  return v;
}

export async function runDatasetGenerate(problemId: string, tokens: string[], opts: DatasetOpts): Promise<void> {
  const { getProblem } = await import('../../tools/engineering/registry.ts');
  const problem = await getProblem(problemId);
  const overrides = parseConditionArgs(problem, tokens);
  const n = positiveInt('n', opts.n, MAX_ROWS);
  const seed = positiveInt('seed', opts.seed) ?? 0;
  if (!opts.grid && n === undefined) throw new InputError('give either --grid engibench or --n N [--seed S]', { field: 'grid' });
  if (opts.grid && n !== undefined) throw new InputError('--grid and --n are exclusive', { field: 'grid' });
  const name = opts.grid ? `${problem.id}-${opts.grid}` : `${problem.id}-n${n}-seed${seed}`;
  await refuseEmptyPaths(opts as unknown as Record<string, unknown>, { out: 'out' });
  const outDir = resolve(opts.out ?? join(datasetsDir(), name));
  const executor = opts.executor ?? 'local';
  if (executor !== 'local' && executor !== 'slurm') throw new InputError(`--executor must be local or slurm, got "${executor}"`, { field: 'executor' });
  const { generateDataset, parseShard, MAX_SHARDS } = await import('../../tools/engineering/dataset/index.ts');
  const shard = opts.shard === undefined ? undefined : parseShard(opts.shard);
  if (executor === 'local' && (opts.shards !== undefined || opts.cluster !== undefined)) throw new InputError('--shards and --cluster go with --executor slurm', { field: opts.shards !== undefined ? 'shards' : 'cluster' });
  if (executor === 'slurm') {
    if (shard) throw new InputError('--shard is what each array task runs; with --executor slurm give --shards K', { field: 'shard' });
    if (opts.workers !== undefined) throw new InputError('with --executor slurm each array task uses the cluster\'s cpus (hpc.clusters.<name>.cpus) as its workers; drop --workers', { field: 'workers' });
    const shards = positiveInt('shards', opts.shards, MAX_SHARDS);
    if (shards === 0) throw new InputError(`--shards must be 1..${MAX_SHARDS}, got 0`, { field: 'shards' });
    const { generateSlurmDataset } = await import('./datasetSlurm.ts');
    await generateSlurmDataset({ problemId: problem.id, grid: opts.grid, n, seed, conditionsOverride: overrides, outDir, shards, cluster: opts.cluster, json: opts.json, label: name });
    return;
  }

  let bar: Awaited<ReturnType<typeof progressBar>> | undefined;
  const interrupt = interruptSignal();
  try {
    const manifest = await generateDataset({
      problemId: problem.id,
      grid: opts.grid as 'engibench' | undefined,
      n,
      seed,
      outDir,
      workers: positiveInt('workers', opts.workers, MAX_WORKERS),
      conditionsOverride: overrides,
      shard,
      signal: interrupt.signal,
      onProgress: async (done: number, total: number, eta?: number) => {
        bar ??= await progressBar(`dataset ${name}`, total);
        bar.update(done, eta === undefined || !Number.isFinite(eta) ? '' : `eta ${Math.round(eta)} s`);
      },
    });
    bar?.stop();
    if (opts.json) process.stdout.write(JSON.stringify({ outDir, ...manifest }) + '\n');
    else process.stdout.write(`dataset written to ${outDir}\n${JSON.stringify(manifest, null, 2)}\n`);
  } finally {
    interrupt.dispose();
  }
}
