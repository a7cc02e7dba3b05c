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
  },
  hpc: {
    /** The embedded executor: jobs run as local processes when no cluster is configured. */
    clusters: { local: { executor: 'local' } },
    /** Datasets the training jobs generate (once per cluster, in <remoteDir>/datasets), per model scale. */
    datasets: {
      small: { rows: 200, seed: 0, nelx: 50, nely: 25, maxIter: 100 },
      paper: { grid: 'engibench', seed: 0, nelx: 100, nely: 50, maxIter: 100 },
    },
    evaluation: { nSamples: 50, sigma: 10 },
    pollSeconds: 5,
    waitTimeoutSeconds: 3_600,
  },
} as const;
