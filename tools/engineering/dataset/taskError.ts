/** A failed dataset task as plain data (it crosses the worker boundary): error class name, message, iteration. */
export interface TaskError {
  name: string;
  message: string;
  /** NumericError's iteration, when the engine gave one. */
  iteration?: number;
}

export function taskError(err: unknown): TaskError {
  const e = err instanceof Error ? err : new Error(String(err));
  const iteration = (e as { iteration?: unknown }).iteration;
  return { name: e.name, message: e.message, ...(typeof iteration === 'number' ? { iteration } : {}) };
}
