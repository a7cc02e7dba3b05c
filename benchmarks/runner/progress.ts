/**
 * A progress bar on stderr (cli-progress) while trials run. Silent when stderr is not a terminal,
 * unless forced (then plain lines, for logs); never on stdout, so --json output stays clean.
 */
import cliProgress from 'cli-progress';

export interface Progress {
  tick(text?: string): void;
  stop(): void;
}

export interface ProgressOptions {
  label: string;
  total: number;
  /** Where to draw; default process.stderr. */
  stream?: NodeJS.WriteStream;
  /** Draw even when the stream is not a TTY. */
  force?: boolean;
  /** Already done (skipped by resume). */
  start?: number;
}

export function createProgress(options: ProgressOptions): Progress {
  const stream = options.stream ?? process.stderr;
  if (!stream.isTTY && !options.force) return { tick() {}, stop() {} };
  const bar = new cliProgress.SingleBar(
    { format: `${options.label} [{bar}] {value}/{total} ETA {eta_formatted} {text}`, stream, hideCursor: true, noTTYOutput: !stream.isTTY, notTTYSchedule: 2000, clearOnComplete: false },
    cliProgress.Presets.shades_classic,
  );
  let done = options.start ?? 0;
  bar.start(options.total, done, { text: '' });
  return {
    tick(text = '') {
      done++;
      bar.update(Math.min(done, options.total), { text });
    },
    stop() {
      bar.stop();
    },
  };
}
