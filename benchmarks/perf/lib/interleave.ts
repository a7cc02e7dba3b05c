/**
 * Runs several commands in turn, A B C A B C ..., `runs` times each, so a drift in machine
 * speed hits every command alike. Returns each command's runs in order, keyed by label.
 * Commands labelled in `warmup` run once first, untimed: what they build once per source change
 * or installation (ours: the launcher's bundle, the kernels' binary) is not counted as a run.
 */
import { timeProcess, type Command, type ProcessRun } from './processTimer.ts';

export type RunLog = (line: string) => void;

export async function runInterleaved(commands: readonly Command[], runs: number, log: RunLog = () => {}, warmup: readonly string[] = ['ours']): Promise<Map<string, ProcessRun[]>> {
  if (!Number.isInteger(runs) || runs < 1) throw new RangeError(`runs must be a positive integer, got ${runs}`);
  const labels = new Set(commands.map((c) => c.label));
  if (labels.size !== commands.length) throw new RangeError('command labels must be unique');
  const out = new Map<string, ProcessRun[]>(commands.map((c) => [c.label, []]));
  for (const cmd of commands.filter((c) => warmup.includes(c.label))) {
    const run = await timeProcess(cmd);
    log(`[warm-up] ${cmd.label}: ${run.wallS.toFixed(2)} s (not counted)`);
  }
  for (let r = 0; r < runs; r++) {
    for (const cmd of commands) {
      const run = await timeProcess(cmd);
      out.get(cmd.label)!.push(run);
      log(`[${r + 1}/${runs}] ${cmd.label}: ${run.wallS.toFixed(2)} s`);
    }
  }
  return out;
}
