/** Parses `--name value`, `--name=value` and bare `--flag` (true) tokens for benchmark modules. */

export type Flags = Record<string, string | true>;

export function parseFlags(argv: readonly string[]): { flags: Flags; positional: string[] } {
  const flags: Flags = {};
  const positional: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const t = argv[i];
    if (!t.startsWith('--')) {
      positional.push(t);
      continue;
    }
    const eq = t.indexOf('=');
    if (eq > 0) flags[t.slice(2, eq)] = t.slice(eq + 1);
    else if (i + 1 < argv.length && !argv[i + 1].startsWith('--')) flags[t.slice(2)] = argv[++i];
    else flags[t.slice(2)] = true;
  }
  return { flags, positional };
}

/** A numeric flag with a default; throws a RangeError naming the flag when it is not a number. */
export function numberFlag(flags: Flags, name: string, fallback: number, opts: { integer?: boolean; min?: number } = {}): number {
  const raw = flags[name];
  if (raw === undefined) return fallback;
  const v = Number(raw);
  if (raw === true || !Number.isFinite(v) || (opts.integer && !Number.isInteger(v)) || (opts.min !== undefined && v < opts.min)) {
    const kind = opts.integer ? 'an integer' : 'a number';
    throw new RangeError(`--${name} must be ${kind}${opts.min !== undefined ? ` >= ${opts.min}` : ''}, got ${raw === true ? '(nothing)' : raw}`);
  }
  return v;
}
