/**
 * One turn of the event loop for a test worker. Vitest's worker talks to the main process over
 * RPC with a 60 s timeout per call, and the reply is only read when the worker's event loop
 * reaches its I/O phase: a file whose work runs as one long chain of promises (an in-memory graph
 * turn after another) or sync tests back to back never gets there, and on a loaded machine the
 * run ends with an unhandled `Timeout calling "onTaskUpdate"` though every test passed. Long
 * in-process loops await this between items; tests/support/yieldBetweenTests.ts awaits it before
 * every test.
 */
export const yieldToLoop = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));
