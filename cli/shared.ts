/** What several commands do the same way: warnings, numbers, a progress bar, Ctrl-C as an abort signal. */

/** An AbortSignal that fires on Ctrl-C (and any other `signals` given); dispose() stops listening. */
export function interruptSignal(...signals: NodeJS.Signals[]): { signal: AbortSignal; dispose(): void } {
  const controller = new AbortController();
  const onSignal = () => controller.abort();
  const on = signals.length ? signals : (['SIGINT'] as NodeJS.Signals[]);
  for (const s of on) process.once(s, onSignal);
  return { signal: controller.signal, dispose: () => on.forEach((s) => process.off(s, onSignal)) };
}

export function printWarnings(warnings: readonly string[]): void {
  for (const w of warnings) process.stderr.write(`${w.startsWith('warning') ? w : `warning: ${w}`}\n`);
}

export function formatObjectives(objectives: Record<string, number>): string {
  return Object.entries(objectives)
    .map(([name, v]) => `${name} = ${fmt(v)}`)
    .join(', ');
}

export const fmt = (v: number) => (Math.abs(v) >= 1e4 || (Math.abs(v) < 1e-3 && v !== 0) ? v.toExponential(6) : v.toPrecision(8));

/** A progress bar on stderr when it is a terminal; silent otherwise (logs, --json). */
export async function progressBar(label: string, total: number): Promise<{ update(done: number, text: string): void; stop(): void }> {
  if (!process.stderr.isTTY) return { update() {}, stop() {} };
  const { default: cliProgress } = await import('cli-progress');
  const bar = new cliProgress.SingleBar(
    { format: `${label} [{bar}] {value}/{total} {text}`, stream: process.stderr, hideCursor: true, clearOnComplete: false },
    cliProgress.Presets.shades_classic,
  );
  bar.start(total, 0, { text: '' });
  return {
    update(done, text) {
      bar.update(Math.min(done, total), { text });
    },
    stop() {
      bar.stop();
    },
  };
}

/** Path flags given as an empty string (`--out ""`) are refused: they would silently mean the current folder or nothing. */
export async function refuseEmptyPaths(opts: Record<string, unknown>, flags: Record<string, string>): Promise<void> {
  const { InputError } = await import('../tools/errors.ts');
  for (const [key, flag] of Object.entries(flags)) {
    const v = opts[key];
    if (typeof v === 'string' && !v.trim()) throw new InputError(`--${flag} is empty: give a path`, { field: flag });
  }
}
