/**
 * The project's error hierarchy, classed by who is at fault (style.md §7.3).
 * Only cli/ and web/server turn these into exit codes or HTTP statuses.
 */
export abstract class EngiError extends Error {
  /** A short fix-it hint shown to the person or the model. */
  readonly hint?: string;

  constructor(message: string, options: { cause?: unknown; hint?: string } = {}) {
    super(message, { cause: options.cause });
    this.name = new.target.name;
    this.hint = options.hint;
  }
}

/** Bad input from a person or a tool call: names the field, the allowed range and the value. */
export class InputError extends EngiError {
  readonly field?: string;
  constructor(message: string, options: { field?: string; cause?: unknown; hint?: string } = {}) {
    super(message, options);
    this.field = options.field;
  }
}

/** The model produced malformed tool arguments or an impossible request. */
export class ModelBehaviorError extends EngiError {}

/** NaN, no convergence, a singular matrix: carries the iteration where it happened. */
export class NumericError extends EngiError {
  readonly iteration?: number;
  constructor(message: string, options: { iteration?: number; cause?: unknown; hint?: string } = {}) {
    super(message, options);
    this.iteration = options.iteration;
  }
}

/** Network, SSH, SLURM, printer: `retryable` tells the runner whether to try again. */
export class InfraError extends EngiError {
  readonly retryable: boolean;
  constructor(message: string, options: { retryable?: boolean; cause?: unknown; hint?: string } = {}) {
    super(message, options);
    this.retryable = options.retryable ?? false;
  }
}

export class TimeoutError extends EngiError {
  readonly timeoutMs: number;
  constructor(message: string, timeoutMs: number, options: { cause?: unknown; hint?: string } = {}) {
    super(message, options);
    this.timeoutMs = timeoutMs;
  }
}

/** Bad settings in config/engiai.yaml, the environment or flags. */
export class ConfigError extends EngiError {}

/** A stored artifact is missing or malformed. */
export class NotFoundError extends EngiError {}

/** The work was cancelled by its caller (the person's client went away, the server is stopping). */
export class CancelledError extends EngiError {}

/** Throws a CancelledError when `signal` has been aborted (its reason as the message). */
export function throwIfCancelled(signal: AbortSignal | undefined): void {
  if (signal?.aborted) throw new CancelledError(`cancelled: ${reasonOf(signal)}`);
}

/** The text of an abort signal's reason. */
export function reasonOf(signal: AbortSignal): string {
  const r: unknown = signal.reason;
  return r instanceof Error ? r.message : typeof r === 'string' ? r : 'aborted';
}

/**
 * A file or database EngiAI keeps under ENGIAI_HOME cannot be read or written (damaged, read-only,
 * disk full): names the path, and the hint says what to do. The person can fix it (exit code 2).
 */
export class StorageError extends EngiError {
  readonly path: string;
  constructor(message: string, path: string, options: { cause?: unknown; hint?: string } = {}) {
    super(message, options);
    this.path = path;
  }
}

/** Someone else changed the same thing first (another process ran a turn on the thread): nothing of ours was stored; try again. */
export class ConflictError extends EngiError {}

/**
 * An answer from outside (an HTTP reply, a remote command's output) passed the size cap its reader
 * holds to, and was abandoned there: names what was read, the cap, and what was seen so far.
 */
export class ReplyTooLargeError extends InfraError {
  readonly limitBytes: number;
  constructor(message: string, limitBytes: number, options: { cause?: unknown; hint?: string } = {}) {
    super(message, { ...options, retryable: false });
    this.limitBytes = limitBytes;
  }
}
