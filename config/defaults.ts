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
    /** Wall time one chat turn may run on the web server, s (it runs on when its client goes). */
    turnBudgetS: 3600,
    /** How long a turn may run with no client attached, s, before the server stops it. */
    unattendedS: 1800,
  },
  mcp: {
    /** Sessions an MCP HTTP server keeps (each holds a server instance, ~70 kB); idle ones expire. */
    maxSessions: 100,
    sessionIdleMs: 30 * 60_000,
  },
  prusa: {
    /** PrusaLink's digest user. */
    username: 'maker',
    storage: 'local',
    requestTimeoutMs: 30_000,
    /** Slicing and uploads take longer than the MCP SDK's 60 s default request timeout. */
    callTimeoutMs: 600_000,
    slicer: { command: '/usr/bin/prusa-slicer', timeoutMs: 600_000 },
  },
  commands: {
    timeoutMs: 30_000,
    maxOutputBytes: 65_536,
    guiStartMs: 1_500,
    /** The default whitelist: read-only helpers run without asking; viewers open a window after approval. */
    programs: [
      { name: 'ls', path: '/usr/bin/ls', args: ['-l', '-a', '-la', '-lh', '{path}'], maxArgs: 4, safe: true, description: 'list files of the working folder' },
      { name: 'wc', path: '/usr/bin/wc', args: ['-l', '-c', '-w', '{file}'], maxArgs: 4, safe: true, description: 'count lines, words, bytes' },
      { name: 'sha256sum', path: '/usr/bin/sha256sum', args: ['{file}'], maxArgs: 4, safe: true, description: 'checksum of a file' },
      { name: 'head', path: '/usr/bin/head', args: ['-n', '{int}', '{file:gcode,txt,json,md,log,svg,csv}'], maxArgs: 3, safe: true, description: 'first lines of a text file' },
      { name: 'prusa-slicer', path: '/usr/bin/prusa-slicer', args: ['--info', '{file:stl}'], required: ['--info'], maxArgs: 2, safe: true, description: 'size, facets and manifold check of an STL' },
      { name: 'prusa-gcodeviewer', path: '/usr/bin/prusa-gcodeviewer', args: ['{file:gcode}'], maxArgs: 1, gui: true, opens: ['gcode'], description: 'G-code preview window' },
      { name: 'f3d', path: '/usr/bin/f3d', args: ['{file:stl}'], maxArgs: 1, gui: true, opens: ['stl'], description: '3-D viewer window' },
      { name: 'meshlab', path: '/usr/bin/meshlab', args: ['{file:stl}'], maxArgs: 1, gui: true, opens: ['stl'], description: 'mesh viewer window' },
      { name: 'eog', path: '/usr/bin/eog', args: ['{file:png,svg}'], maxArgs: 1, gui: true, opens: ['png', 'svg'], description: 'image viewer window' },
      { name: 'xdg-open', path: '/usr/bin/xdg-open', args: ['{file:stl,png,svg,gcode,pdf}'], maxArgs: 1, gui: true, opens: ['stl', 'png', 'svg', 'gcode', 'pdf'], description: "the desktop's default application" },
    ],
  },
  /** The document index (tools/retrieval): BM25 always, vectors when an embedding model is set. */
  retrieval: {
    /** on: index in ENGIAI_HOME; off: the RAG agent has no tools; empty: tools over an empty index (benchmark conditions). */
    mode: 'on',
    /** none (BM25 only) | fake[:DIM] | openai:MODEL | google:MODEL | ollama:MODEL */
    embeddings: 'none',
    collection: 'default',
    chunkChars: 1000,
    maxFileBytes: 50 * 1024 * 1024,
  },
  arxiv: {
    baseUrl: 'https://export.arxiv.org/api/query',
    /** arXiv's terms of use: at most one request every 3 seconds. */
    minIntervalMs: 3000,
    collection: 'arxiv',
    maxResults: 5,
  },
  websearch: {
    baseUrl: 'https://api.tavily.com',
    maxResults: 5,
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
