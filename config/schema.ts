/**
 * The zod schema of every EngiAI setting, with defaults (style.md §7.6: declare each schema once).
 * Secrets (API keys, server token) are only ever filled from the environment by config/load.ts.
 */
import { z } from 'zod';
import { engiaiHome } from './paths.ts';
import { DEFAULTS } from './defaults.ts';
import { mcpSettingsSchema } from './mcpSettings.ts';
import { prusaSettingsSchema } from './prusaSettings.ts';
import { commandSettingsSchema } from './commandSettings.ts';

const httpUrl = z
  .string()
  .regex(/^https?:\/\/[^\s/]+/, 'must be an http(s) URL such as http://127.0.0.1:8080/v1')
  .describe('http(s) URL');

const secret = z.string().min(1).describe('secret, read from the environment only');

export const modelSettingsSchema = z
  .object({
    spec: z.string().min(1).default(DEFAULTS.model.spec).describe('offline | openai:MODEL | google:MODEL | ollama:MODEL | openai-compatible:MODEL@URL'),
    temperature: z.number().min(0).max(2).default(DEFAULTS.model.temperature).describe('sampling temperature, 0..2'),
    seed: z.number().int().min(0).default(DEFAULTS.model.seed).describe('sampling seed (where the provider supports one)'),
    timeoutMs: z.number().int().min(1).max(3_600_000).default(DEFAULTS.model.timeoutMs).describe('per-attempt timeout in ms'),
    maxRetries: z.number().int().min(0).max(10).default(DEFAULTS.model.maxRetries).describe('retries on 429/5xx/network errors'),
    retryBaseDelayMs: z.number().int().min(0).max(600_000).default(DEFAULTS.model.retryBaseDelayMs).describe('first back-off delay in ms'),
    retryMaxDelayMs: z.number().int().min(0).max(3_600_000).default(DEFAULTS.model.retryMaxDelayMs).describe('longest back-off delay in ms'),
  })
  .strict();

const keyedProvider = z.object({ apiKey: secret.optional(), baseUrl: httpUrl.optional() }).strict();

export const providersSchema = z
  .object({
    openai: keyedProvider.default({}),
    google: keyedProvider.default({}),
    ollama: z
      .object({
        host: httpUrl.default(DEFAULTS.providers.ollama.host),
        numCtx: z.number().int().min(512).max(1_048_576).default(DEFAULTS.providers.ollama.numCtx).describe('context window in tokens (num_ctx)'),
      })
      .strict()
      .default({ ...DEFAULTS.providers.ollama }),
    openaiCompatible: z
      .object({
        apiKey: secret.optional(),
        baseUrl: httpUrl.optional().describe('the only base URL OPENAI_COMPATIBLE_API_KEY is sent to (default: the URL of model.spec when it is openai-compatible)'),
      })
      .strict()
      .default({}),
  })
  .strict();

export const serverSettingsSchema = z
  .object({
    host: z.string().min(1).default(DEFAULTS.server.host).describe('listen address'),
    port: z.number().int().min(0).max(65_535).default(DEFAULTS.server.port).describe('listen port, 0 = any free port'),
    token: secret.optional().describe('bearer token required by the web server'),
    maxTurns: z.number().int().min(1).max(10_000).default(DEFAULTS.server.maxTurns).describe('chat turns running at once on the whole web server; beyond it 503 with Retry-After'),
    turnBudgetS: z.number().int().min(1).max(604_800).default(DEFAULTS.server.turnBudgetS).describe('wall time one chat turn may run, s; past it the turn stops with its partial answer'),
    unattendedS: z.number().int().min(1).max(604_800).default(DEFAULTS.server.unattendedS).describe('how long a turn runs with no client attached, s, before the server stops it'),
  })
  .strict();

export const threadsSettingsSchema = z
  .object({
    url: secret.optional().describe('postgres:// URL of a shared conversation store (several server instances); default: SQLite in ENGIAI_HOME'),
  })
  .strict();

export const voiceSettingsSchema = z
  .object({
    provider: z.enum(['auto', 'browser', 'openai']).default('auto').describe("speech in the web UI: auto (OpenAI's endpoints when an OpenAI key is set, else the browser's own speech APIs), browser, or openai"),
    transcribeModel: z.string().min(1).max(100).default('gpt-4o-mini-transcribe').describe('OpenAI transcription model (POST /v1/audio/transcriptions), e.g. whisper-1'),
    speechModel: z.string().min(1).max(100).default('gpt-4o-mini-tts').describe('OpenAI speech model (POST /v1/audio/speech), e.g. tts-1'),
    voice: z.string().regex(/^[a-z]{2,20}$/).default('alloy').describe('OpenAI voice (alloy, ash, coral, echo, fable, nova, onyx, sage, shimmer, …)'),
    maxUploadBytes: z.number().int().min(1024).max(25 * 1024 * 1024).default(10 * 1024 * 1024).describe('largest recording accepted for transcription (OpenAI takes at most 25 MB)'),
  })
  .strict();

export const tracingSettingsSchema = z
  .object({
    otlpEndpoint: z
      .string()
      .url()
      .refine((u) => /^https?:\/\//i.test(u), 'an http:// or https:// URL')
      .optional()
      .describe('OTLP/HTTP traces endpoint (…/v1/traces) that turns, model calls and tool calls are exported to; env OTEL_EXPORTER_OTLP_TRACES_ENDPOINT, or OTEL_EXPORTER_OTLP_ENDPOINT + /v1/traces'),
    serviceName: z.string().min(1).max(200).default('engiai').describe('service.name of the exported spans; env OTEL_SERVICE_NAME'),
  })
  .strict();

export const retrievalSettingsSchema = z
  .object({
    mode: z.enum(['on', 'off', 'empty']).default(DEFAULTS.retrieval.mode).describe('on: the index in ENGIAI_HOME; off: no retrieval tools; empty: the tools over an empty index'),
    embeddings: z.string().min(1).default(DEFAULTS.retrieval.embeddings).describe('none | fake[:DIM] | openai:MODEL | google:MODEL | ollama:MODEL'),
    collection: z.string().regex(/^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$/).default(DEFAULTS.retrieval.collection).describe('collection used when none is named'),
    chunkChars: z.number().int().min(200).max(8000).default(DEFAULTS.retrieval.chunkChars).describe('chunk size target in characters, 200..8000'),
    maxFileBytes: z.number().int().min(1).max(2 ** 31).default(DEFAULTS.retrieval.maxFileBytes).describe('largest file indexed, in bytes'),
    roots: z.array(z.string().min(1)).default([]).describe('folders the agents may index from besides ENGIAI_HOME/uploads and ENGIAI_HOME/documents'),
  })
  .strict();

export const arxivSettingsSchema = z
  .object({
    baseUrl: httpUrl.default(DEFAULTS.arxiv.baseUrl).describe("arXiv's Atom query endpoint"),
    minIntervalMs: z.number().int().min(0).max(600_000).default(DEFAULTS.arxiv.minIntervalMs).describe('least time between two requests to arXiv in ms (3000 by its terms of use)'),
    collection: z.string().regex(/^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$/).default(DEFAULTS.arxiv.collection).describe('collection fetched papers are indexed into'),
    maxResults: z.number().int().min(1).max(50).default(DEFAULTS.arxiv.maxResults).describe('papers per search, 1..50'),
  })
  .strict();

export const websearchSettingsSchema = z
  .object({
    apiKey: secret.optional().describe('Tavily API key (TAVILY_API_KEY)'),
    baseUrl: httpUrl.default(DEFAULTS.websearch.baseUrl).describe('Tavily API base URL'),
    maxResults: z.number().int().min(1).max(20).default(DEFAULTS.websearch.maxResults).describe('results per search, 1..20'),
  })
  .strict();

const sshName = z.string().regex(/^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$/, 'letters, digits, _ . -');

export const clusterSchema = z
  .object({
    executor: z.enum(['slurm', 'local']).describe('slurm: sbatch over SSH; local: the job script as a local process'),
    host: sshName.optional().describe('SSH host name or address (slurm)'),
    port: z.number().int().min(1).max(65_535).default(22).describe('SSH port'),
    user: z.string().regex(/^[a-z_][a-z0-9_.-]{0,31}$/, 'a login name').optional().describe('SSH user (slurm)'),
    keyFile: z.string().min(1).optional().describe('private key file for SSH (slurm); ~ is the home folder'),
    knownHostsFile: z.string().min(1).default('~/.ssh/known_hosts').describe('OpenSSH known_hosts file the host key is checked against'),
    partition: z.string().regex(/^[A-Za-z0-9_.-]{1,64}$/).optional().describe('SLURM partition (default: the cluster default)'),
    remoteDir: z
      .string()
      .regex(/^(?!.*(?:^|\/)\.\.(?:\/|$))[A-Za-z0-9_./-]{1,255}$/, 'a plain path; relative paths are under the remote home')
      .default('engiai-jobs')
      .describe('work folder on the cluster (job folders and datasets)'),
    setup: z.array(z.string().max(1_000)).max(50).default([]).describe('shell lines run first in every job (module load …, source venv/bin/activate)'),
    command: z.string().min(1).max(1_000).optional().describe('how a job runs engiai on that machine (default: engiai; local: this installation)'),
    cpus: z.number().int().min(1).max(1_024).default(2).describe('CPUs per job (--cpus-per-task)'),
    keepaliveMs: z.number().int().min(1_000).max(600_000).default(10_000).describe('SSH keep-alive interval in ms'),
    connectTimeoutMs: z.number().int().min(1_000).max(600_000).default(20_000).describe('SSH connect timeout in ms'),
    maxReconnects: z.number().int().min(0).max(100).default(6).describe('reconnect attempts per SSH operation'),
  })
  .strict()
  .superRefine((c, ctx) => {
    if (c.executor !== 'slurm') return;
    for (const k of ['host', 'user', 'keyFile'] as const) if (!c[k]) ctx.addIssue({ code: 'custom', path: [k], message: `a slurm cluster needs ${k}` });
  });

const datasetSettings = z
  .object({
    rows: z.number().int().min(8).max(1_000_000).optional().describe('sampled conditions (rows); omit when grid is set'),
    grid: z.enum(['engibench']).optional().describe("a named grid ('engibench': EngiBench's 4,851 conditions)"),
    seed: z.number().int().min(0).default(0).describe('sampling and split seed'),
    nelx: z.number().int().min(4).max(1_000).describe('elements along x'),
    nely: z.number().int().min(2).max(1_000).describe('elements along y'),
    maxIter: z.number().int().min(1).max(1_000).describe('optimizer iterations per row'),
  })
  .strict()
  .refine((d) => (d.rows === undefined) !== (d.grid === undefined), 'give exactly one of rows and grid');

export const hpcSettingsSchema = z
  .object({
    defaultCluster: z.string().optional().describe('cluster used when a request does not name one (default: the first slurm cluster, else local)'),
    clusters: z.record(z.string().regex(/^[a-z][a-z0-9_-]{0,31}$/), clusterSchema).default(() => ({ local: clusterSchema.parse(DEFAULTS.hpc.clusters.local) })).describe('clusters by name'),
    datasets: z
      .object({ small: datasetSettings.default({ ...DEFAULTS.hpc.datasets.small }), paper: datasetSettings.default({ ...DEFAULTS.hpc.datasets.paper }) })
      .strict()
      .default(() => ({ small: { ...DEFAULTS.hpc.datasets.small }, paper: { ...DEFAULTS.hpc.datasets.paper } })),
    evaluation: z
      .object({
        nSamples: z.number().int().min(1).max(10_000).default(DEFAULTS.hpc.evaluation.nSamples).describe('test conditions per evaluation'),
        sigma: z.number().positive().default(DEFAULTS.hpc.evaluation.sigma).describe('RBF bandwidth of MMD and DPP'),
      })
      .strict()
      .default({ ...DEFAULTS.hpc.evaluation }),
    pollSeconds: z.number().min(0.2).max(3_600).default(DEFAULTS.hpc.pollSeconds).describe('job state polling interval in s'),
    waitTimeoutSeconds: z.number().min(1).max(7 * 86_400).default(DEFAULTS.hpc.waitTimeoutSeconds).describe('longest wait_for_job call in s'),
  })
  .strict();

export const configSchema = z
  .object({
    home: z.string().min(1).default(() => engiaiHome()).describe('ENGIAI_HOME: artifacts, caches, threads'),
    model: modelSettingsSchema.default(() => modelSettingsSchema.parse({})),
    providers: providersSchema.default(() => providersSchema.parse({})),
    server: serverSettingsSchema.default(() => serverSettingsSchema.parse({})),
    threads: threadsSettingsSchema.default(() => threadsSettingsSchema.parse({})),
    prusa: prusaSettingsSchema.default(() => prusaSettingsSchema.parse({})),
    mcp: mcpSettingsSchema.default(() => mcpSettingsSchema.parse({})),
    commands: commandSettingsSchema.default(() => commandSettingsSchema.parse({})),
    retrieval: retrievalSettingsSchema.default(() => retrievalSettingsSchema.parse({})),
    arxiv: arxivSettingsSchema.default(() => arxivSettingsSchema.parse({})),
    websearch: websearchSettingsSchema.default(() => websearchSettingsSchema.parse({})),
    hpc: hpcSettingsSchema.default(() => hpcSettingsSchema.parse({})),
    tracing: tracingSettingsSchema.default(() => tracingSettingsSchema.parse({})),
    voice: voiceSettingsSchema.default(() => voiceSettingsSchema.parse({})),
  })
  .strict();

export type EngiConfig = z.infer<typeof configSchema>;
export type ModelSettings = z.infer<typeof modelSettingsSchema>;
export type ProvidersConfig = z.infer<typeof providersSchema>;
export type ServerSettings = z.infer<typeof serverSettingsSchema>;
export type HpcSettings = z.infer<typeof hpcSettingsSchema>;
export type TracingSettings = z.infer<typeof tracingSettingsSchema>;
export type VoiceSettings = z.infer<typeof voiceSettingsSchema>;
export type ClusterSettings = z.infer<typeof clusterSchema>;
export type { PrusaSettings, PrinterSettings } from './prusaSettings.ts';
export type { CommandSettings, ProgramRule } from './commandSettings.ts';

/** Paths whose values must never be echoed in an error message. */
export const SECRET_PATHS = ['providers.openai.apiKey', 'providers.google.apiKey', 'providers.openaiCompatible.apiKey', 'server.token', 'mcp.token', 'threads.url', 'websearch.apiKey'];
