/**
 * Bounds on the work one document may cost to read: pages (a PDF's page count, checked before any
 * text is read), time (checked between pages, and enforced by terminating the extraction thread),
 * memory (the extraction thread's heap) and extracted characters. Exceeding one is an
 * ExtractLimitError naming the limit, so the batch reports the file and goes on.
 */
import { InputError } from '../../errors.ts';

export interface ExtractLimits {
  maxPages: number;
  timeoutMs: number;
  /** Heap of the extraction thread, in MB (only enforced off the calling thread). */
  maxMemoryMb: number;
  maxChars: number;
}

export const DEFAULT_EXTRACT_LIMITS: ExtractLimits = { maxPages: 5000, timeoutMs: 120_000, maxMemoryMb: 1024, maxChars: 50_000_000 };

export type ExtractLimit = 'pages' | 'time' | 'memory' | 'chars';

export class ExtractLimitError extends InputError {
  readonly limit: ExtractLimit;
  constructor(message: string, limit: ExtractLimit, options: { cause?: unknown; hint?: string } = {}) {
    super(message, { field: 'path', ...options });
    this.limit = limit;
  }
}

/** Throws when the deadline (a performance.now() time) has passed. */
export function checkDeadline(deadline: number, name: string, timeoutMs: number): void {
  if (performance.now() > deadline) throw new ExtractLimitError(`${name} took longer than ${timeoutMs / 1000} s to read`, 'time', { hint: 'split the document, or index it from the command line with a larger limit' });
}
