/**
 * Default settings, one place. The schema (config/schema.ts) applies them; the example
 * file (config/engiai.example.yaml) documents them.
 */
export const DEFAULTS = {
  model: {
    /** `offline` needs no network; see agents/models/modelSpec.ts for the other forms. */
    spec: 'offline',
    temperature: 0,
    seed: 42,
    /** Bound on one HTTP attempt to a model API. */
    timeoutMs: 120_000,
    /** Retries after the first attempt, on HTTP 429/5xx and network errors. */
    maxRetries: 3,
    /** Exponential back-off: retryBaseDelayMs * 2^k, capped at retryMaxDelayMs; Retry-After wins. */
    retryBaseDelayMs: 1_000,
    retryMaxDelayMs: 60_000,
  },
  providers: {
    /** numCtx: Ollama's context window; its small server default silently truncates agent prompts. */
    ollama: { host: 'http://127.0.0.1:11434', numCtx: 16_384 },
  },
  server: {
    host: '127.0.0.1',
    port: 8080,
    /** Chat turns running at once on the web server (503 with Retry-After beyond it). */
    maxTurns: 64,
  },
} as const;
