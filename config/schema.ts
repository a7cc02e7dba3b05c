/**
 * The zod schema of every EngiAI setting, with defaults (style.md §7.6: declare each schema once).
 * Secrets (API keys, server token) are only ever filled from the environment by config/load.ts.
 */
import { z } from 'zod';
import { engiaiHome } from './paths.ts';
import { DEFAULTS } from './defaults.ts';

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
  })
  .strict();

export const threadsSettingsSchema = z
  .object({
    url: secret.optional().describe('postgres:// URL of a shared conversation store (several server instances); default: SQLite in ENGIAI_HOME'),
  })
  .strict();

export const configSchema = z
  .object({
    home: z.string().min(1).default(() => engiaiHome()).describe('ENGIAI_HOME: artifacts, caches, threads'),
    model: modelSettingsSchema.default(() => modelSettingsSchema.parse({})),
    providers: providersSchema.default(() => providersSchema.parse({})),
    server: serverSettingsSchema.default(() => serverSettingsSchema.parse({})),
    threads: threadsSettingsSchema.default(() => threadsSettingsSchema.parse({})),
  })
  .strict();

export type EngiConfig = z.infer<typeof configSchema>;
export type ModelSettings = z.infer<typeof modelSettingsSchema>;
export type ProvidersConfig = z.infer<typeof providersSchema>;
export type ServerSettings = z.infer<typeof serverSettingsSchema>;

/** Paths whose values must never be echoed in an error message. */
export const SECRET_PATHS = ['providers.openai.apiKey', 'providers.google.apiKey', 'providers.openaiCompatible.apiKey', 'server.token', 'threads.url'];
