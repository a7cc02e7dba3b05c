/** Flag parsing the `engiai bench` subcommands share: integers, lists, seeds, the agent or model under test. */
import { InputError } from '../../tools/errors.ts';

export function integer(flag: string, raw: string | undefined, min: number, max = Number.MAX_SAFE_INTEGER): number | undefined {
  if (raw === undefined) return undefined;
  const v = Number(raw);
  if (!Number.isInteger(v) || v < min || v > max) throw new InputError(`--${flag} must be an integer in [${min}, ${max === Number.MAX_SAFE_INTEGER ? '∞' : max}], got "${raw}"`, { field: flag });
  return v;
}

export const list = (raw: string | undefined) => (raw ? raw.split(',').map((s) => s.trim()).filter(Boolean) : undefined);

/**
 * Seeds: "3" = three seeds starting at `first` (workflow: 0, 1, 2; HPC: 1, 2, 3), "1-10" = a range,
 * "4,7,9" = a list.
 */
export function parseSeeds(raw: string, first: number): number[] {
  const text = raw.trim();
  const range = /^(\d+)\s*-\s*(\d+)$/.exec(text);
  let seeds: number[];
  if (range) {
    const [a, b] = [Number(range[1]), Number(range[2])];
    if (b < a || b - a > 10_000) throw new InputError(`--seeds range "${raw}" is empty or too long`, { field: 'seeds' });
    seeds = Array.from({ length: b - a + 1 }, (_, i) => a + i);
  } else if (text.includes(',')) seeds = text.split(',').map((s) => Number(s.trim()));
  else {
    const n = Number(text);
    if (!Number.isInteger(n) || n < 1 || n > 10_000) throw new InputError(`--seeds must be a count, a range a-b or a list, got "${raw}"`, { field: 'seeds' });
    seeds = Array.from({ length: n }, (_, i) => first + i);
  }
  if (!seeds.length || seeds.some((s) => !Number.isInteger(s) || s < 0)) throw new InputError(`--seeds must be non-negative integers, got "${raw}"`, { field: 'seeds' });
  return [...new Set(seeds)];
}

/** Exactly one of --agent / --model; neither: the configured model (offline → the model "offline"). */
export function agentOrModel(opts: { agent?: string; model?: string }, configured: string): { agent?: string; model?: string } {
  if (opts.agent && opts.model) throw new InputError('give either --agent or --model, not both', { field: 'agent' });
  if (opts.agent || opts.model) return { agent: opts.agent, model: opts.model };
  return { model: configured };
}
