/** The work behind `engiai train`: progress lines go to stdout (a job's log), the card at the end. */
import { join, resolve } from 'node:path';
import { loadConfig } from '../../config/load.ts';
import { datasetsDir } from '../../config/paths.ts';
import { InputError } from '../../tools/errors.ts';
import type { TrainOpts } from '../commands/train.ts';
import { interruptSignal } from '../shared.ts';

export function intArg(flag: string, raw: string, min: number, max: number): number {
  const v = Number(raw);
  if (!Number.isInteger(v) || v < min || v > max) throw new InputError(`--${flag} must be an integer in [${min}, ${max}], got "${raw}"`, { field: flag });
  return v;
}

export function oneOf<T extends string>(flag: string, raw: string, allowed: readonly T[]): T {
  if (!(allowed as readonly string[]).includes(raw)) throw new InputError(`--${flag} must be one of ${allowed.join(', ')}, got "${raw}"`, { field: flag });
  return raw as T;
}

export async function runTrain(opts: TrainOpts): Promise<void> {
  const { train, ALGOS, SCALES } = await import('../../tools/generative/index.ts');
  const algo = oneOf('algo', opts.algo, ALGOS);
  const scale = oneOf('scale', opts.scale, SCALES);
  const epochs = intArg('epochs', opts.epochs, 0, 100_000);
  const seed = intArg('seed', opts.seed, 0, 2 ** 31 - 1);
  const config = loadConfig();
  const home = config.home;
  const { datasetName } = await import('../../tools/hpc/index.ts');
  const dataDir = resolve(opts.data ?? join(datasetsDir(home), datasetName(opts.problem, config.hpc.datasets[scale])));
  const outDir = resolve(opts.out ?? join(home, 'models', `${algo}-${opts.problem}-${scale}-s${seed}`));
  const write = (line: string) => void process.stdout.write(`${line}\n`);
  const { signal, dispose } = interruptSignal('SIGINT', 'SIGTERM');
  try {
    const r = await train({ algo, problem: opts.problem, epochs, seed, scale, dataDir, outDir, log: write, signal });
    if (opts.json) write(JSON.stringify({ model: outDir, resumed: r.resumed, epochs_run: r.epochsRun, ...r.card }));
    else write(`[train] model in ${outDir}: ${r.card.epochs_done} epoch(s) trained${r.resumed ? ` (resumed, ${r.epochsRun} run now)` : ''}`);
    if (signal.aborted) process.exitCode = 130;
  } finally {
    dispose();
  }
}
