/**
 * Loads EngiAI settings: defaults < config/engiai.yaml (or $ENGIAI_CONFIG) < environment < flags.
 * With config/paths.ts, the only reader of process.env (style.md §7.4). API keys and the server
 * token come from the environment only; a config file holding one is refused.
 */
import { existsSync, readFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join, resolve } from 'node:path';
import { parse as parseYaml, YAMLParseError } from 'yaml';
import type { z } from 'zod';
import { ConfigError } from '../tools/errors.ts';
import { engiaiHome } from './paths.ts';
import { configSchema, SECRET_PATHS, type EngiConfig } from './schema.ts';

export type Env = Record<string, string | undefined>;
type Layer = Record<string, unknown>;
export type ConfigFlags = { [K in keyof EngiConfig]?: Partial<EngiConfig[K]> } & Layer;

export interface LoadConfigOptions {
  /** Environment to read; defaults to process.env. Tests pass their own. */
  env?: Env;
  /** Highest-priority overrides, e.g. from CLI flags: { model: { spec: 'ollama:llama3.1' } }. */
  flags?: ConfigFlags;
  /** Explicit config file; otherwise $ENGIAI_CONFIG, otherwise <cwd>/config/engiai.yaml if present. */
  configPath?: string;
  cwd?: string;
}

export function loadConfig(options: LoadConfigOptions = {}): EngiConfig {
  const env = options.env ?? process.env;
  const defaults: Layer = { home: engiaiHome(env) };
  const file = readConfigFile(options, env);
  const merged = [defaults, file, envLayer(env), options.flags ?? {}].reduce(deepMerge, {});
  if (typeof merged.home === 'string' && /^~(\/|$)/.test(merged.home)) merged.home = join(homedir(), merged.home.slice(1));
  resolvePrinterSecrets(merged, env);
  const parsed = configSchema.safeParse(merged);
  if (!parsed.success) throw configIssues(parsed.error, merged);
  return parsed.data;
}

function readConfigFile(options: LoadConfigOptions, env: Env): Layer {
  const explicit = options.configPath ?? nonEmpty(env.ENGIAI_CONFIG);
  const path = resolve(options.cwd ?? process.cwd(), explicit ?? join('config', 'engiai.yaml'));
  if (!existsSync(path)) {
    if (explicit) throw new ConfigError(`config file not found: ${path}`, { hint: 'Fix ENGIAI_CONFIG or copy config/engiai.example.yaml to that path.' });
    return {};
  }
  let data: unknown;
  try {
    data = parseYaml(readFileSync(path, 'utf8'));
  } catch (err) {
    const where = err instanceof YAMLParseError && err.linePos ? ` at line ${err.linePos[0].line}, column ${err.linePos[0].col}` : '';
    throw new ConfigError(`invalid YAML in ${path}${where}`, { cause: err, hint: 'Compare with config/engiai.example.yaml.' });
  }
  if (data === null || data === undefined) return {};
  if (!isPlainObject(data)) throw new ConfigError(`${path} must hold a YAML mapping (key: value), got ${typeof data}`);
  refusePrinterSecrets(data, path);
  for (const secretPath of SECRET_PATHS) {
    if (getPath(data, secretPath) !== undefined) {
      throw new ConfigError(`${path} sets ${secretPath}, but secrets are read from the environment only`, {
        hint: `Remove it from the file and set ${envNameOf(secretPath)} instead.`,
      });
    }
  }
  return data;
}

/** Environment variables → a partial config. Empty values count as unset. */
function envLayer(env: Env): Layer {
  const layer: Layer = {};
  const set = (path: string, value: unknown) => value !== undefined && setPath(layer, path, value);
  set('home', nonEmpty(env.ENGIAI_HOME) ? engiaiHome(env) : undefined);
  set('model.spec', nonEmpty(env.ENGIAI_MODEL));
  set('model.temperature', envNumber(env, 'ENGIAI_TEMPERATURE'));
  set('model.seed', envNumber(env, 'ENGIAI_SEED'));
  set('model.timeoutMs', envNumber(env, 'ENGIAI_TIMEOUT_MS'));
  set('model.maxRetries', envNumber(env, 'ENGIAI_MAX_RETRIES'));
  set('providers.openai.apiKey', nonEmpty(env.OPENAI_API_KEY));
  set('providers.openai.baseUrl', nonEmpty(env.OPENAI_BASE_URL) ?? nonEmpty(env.OPENAI_API_BASE));
  set('providers.google.apiKey', nonEmpty(env.GOOGLE_API_KEY) ?? nonEmpty(env.GEMINI_API_KEY));
  set('providers.google.baseUrl', nonEmpty(env.GOOGLE_BASE_URL) ?? nonEmpty(env.GEMINI_BASE_URL));
  set('providers.ollama.host', normaliseOllamaHost(nonEmpty(env.OLLAMA_HOST) ?? nonEmpty(env.OLLAMA_BASE_URL)));
  set('providers.ollama.numCtx', envNumber(env, 'ENGIAI_OLLAMA_NUM_CTX'));
  set('providers.openaiCompatible.apiKey', nonEmpty(env.OPENAI_COMPATIBLE_API_KEY));
  set('providers.openaiCompatible.baseUrl', nonEmpty(env.OPENAI_COMPATIBLE_BASE_URL));
  set('server.host', nonEmpty(env.ENGIAI_SERVER_HOST));
  set('server.port', envNumber(env, 'ENGIAI_PORT'));
  set('server.maxTurns', envNumber(env, 'ENGIAI_MAX_TURNS'));
  set('server.turnBudgetS', envNumber(env, 'ENGIAI_TURN_BUDGET_S'));
  set('server.unattendedS', envNumber(env, 'ENGIAI_UNATTENDED_S'));
  set('server.token', nonEmpty(env.ENGIAI_WEB_TOKEN) ?? nonEmpty(env.ENGIAI_TOKEN));
  set('mcp.token', nonEmpty(env.ENGIAI_MCP_TOKEN));
  set('threads.url', nonEmpty(env.ENGIAI_THREADS_URL));
  set('commands.display', nonEmpty(env.DISPLAY));
  set('prusa', prusaHandOff(env));
  const printerUrl = nonEmpty(env.ENGIAI_PRINTER_URL);
  if (printerUrl) {
    const printer = { name: nonEmpty(env.ENGIAI_PRINTER_NAME) ?? 'printer', url: printerUrl, apiKey: nonEmpty(env.ENGIAI_PRINTER_KEY), password: nonEmpty(env.ENGIAI_PRINTER_PASSWORD) };
    set('prusa.printers', [Object.fromEntries(Object.entries(printer).filter(([, v]) => v !== undefined))]);
  }
  set('retrieval.mode', nonEmpty(env.ENGIAI_RETRIEVAL_MODE));
  set('retrieval.embeddings', nonEmpty(env.ENGIAI_EMBEDDINGS));
  // OpenTelemetry's own variables: the traces endpoint as given, or the base endpoint's /v1/traces
  const otlpBase = nonEmpty(env.OTEL_EXPORTER_OTLP_ENDPOINT);
  set('tracing.otlpEndpoint', nonEmpty(env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT) ?? (otlpBase ? `${otlpBase.replace(/\/+$/, '')}/v1/traces` : undefined));
  set('tracing.serviceName', nonEmpty(env.OTEL_SERVICE_NAME));
  set('arxiv.baseUrl', nonEmpty(env.ENGIAI_ARXIV_URL));
  set('arxiv.minIntervalMs', envNumber(env, 'ENGIAI_ARXIV_INTERVAL_MS'));
  set('websearch.apiKey', nonEmpty(env.TAVILY_API_KEY));
  set('websearch.baseUrl', nonEmpty(env.TAVILY_BASE_URL));
  return layer;
}

/** OLLAMA_HOST may be `host`, `host:port` or a URL; like the ollama client, a bare http host gets port 11434. */
export function normaliseOllamaHost(value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  const withScheme = /^https?:\/\//.test(value) ? value : `http://${value}`;
  const url = new URL(withScheme);
  if (!url.port && url.protocol === 'http:' && !/^http:\/\/[^/]+:\d+/.test(withScheme)) url.port = '11434';
  return url.toString().replace(/\/$/, '');
}

function envNumber(env: Env, name: string): number | undefined {
  const raw = nonEmpty(env[name]);
  if (raw === undefined) return undefined;
  const value = Number(raw);
  if (!Number.isFinite(value)) throw new ConfigError(`${name} must be a number, got "${raw}"`);
  return value;
}

/**
 * ENGIAI_PRUSA_SETTINGS: the printer settings a parent process hands to the Prusa MCP server it
 * starts (JSON of the `prusa` section, secrets resolved), so the child drives the same printers.
 */
function prusaHandOff(env: Env): Layer | undefined {
  const raw = nonEmpty(env.ENGIAI_PRUSA_SETTINGS);
  if (raw === undefined) return undefined;
  try {
    const value = JSON.parse(raw) as unknown;
    if (isPlainObject(value)) return value;
  } catch {
    // reported below
  }
  throw new ConfigError('ENGIAI_PRUSA_SETTINGS must hold a JSON object (the prusa settings section)');
}

const PRINTER_SECRETS = ['apiKey', 'password'];

/** Printer keys and passwords live in the environment; a config file naming one is refused. */
function refusePrinterSecrets(data: Layer, path: string): void {
  const printers = getPath(data, 'prusa.printers');
  if (!Array.isArray(printers)) return;
  printers.forEach((p, i) => {
    for (const key of PRINTER_SECRETS) {
      if (isPlainObject(p) && p[key] !== undefined) {
        throw new ConfigError(`${path} sets prusa.printers[${i}].${key}, but secrets are read from the environment only`, {
          hint: `Remove it and set ${key}Env: NAME_OF_A_VARIABLE (or ENGIAI_PRINTER_KEY for a single printer given by ENGIAI_PRINTER_URL).`,
        });
      }
    }
  });
}

/** A printer's apiKeyEnv / passwordEnv name the variables its secrets are read from. */
function resolvePrinterSecrets(merged: Layer, env: Env): void {
  const printers = getPath(merged, 'prusa.printers');
  if (!Array.isArray(printers)) return;
  for (const p of printers) {
    if (!isPlainObject(p)) continue;
    for (const key of PRINTER_SECRETS) {
      const name = p[`${key}Env`];
      if (typeof name !== 'string' || p[key] !== undefined) continue;
      const value = nonEmpty(env[name]);
      if (value === undefined) throw new ConfigError(`printer ${String(p.name)}: ${key}Env names ${name}, which is not set`, { hint: `export ${name}=… before starting engiai` });
      p[key] = value;
    }
  }
}

const isSecretPath = (path: string) => SECRET_PATHS.includes(path) || PRINTER_SECRETS.some((k) => path.endsWith(`.${k}`));

/** A value for an error message with printer secrets masked. */
function shown(value: unknown): string {
  return JSON.stringify(value, (k, v) => (PRINTER_SECRETS.includes(k) && v !== undefined ? '(secret)' : v));
}

function configIssues(error: z.ZodError, merged: Layer): ConfigError {
  const lines = error.issues.map((issue) => {
    const path = issue.path.join('.');
    const received = isSecretPath(path) ? '(secret, not shown)' : shown(getPath(merged, path));
    return `${path || '(root)'}: ${issue.message}; received ${received}`;
  });
  return new ConfigError(`invalid settings:\n  ${lines.join('\n  ')}`, {
    hint: 'Settings come from defaults < config/engiai.yaml < environment < flags; see config/engiai.example.yaml.',
  });
}

function envNameOf(secretPath: string): string {
  const names: Record<string, string> = {
    'providers.openai.apiKey': 'OPENAI_API_KEY',
    'providers.google.apiKey': 'GOOGLE_API_KEY',
    'providers.openaiCompatible.apiKey': 'OPENAI_COMPATIBLE_API_KEY',
    'server.token': 'ENGIAI_TOKEN',
    'mcp.token': 'ENGIAI_MCP_TOKEN',
    'threads.url': 'ENGIAI_THREADS_URL',
    'websearch.apiKey': 'TAVILY_API_KEY',
  };
  return names[secretPath] ?? secretPath;
}

const nonEmpty = (value: string | undefined) => (value !== undefined && value.trim() !== '' ? value.trim() : undefined);

function isPlainObject(value: unknown): value is Layer {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function deepMerge(base: Layer, over: Layer): Layer {
  const out: Layer = { ...base };
  for (const [key, value] of Object.entries(over)) {
    if (value === undefined || value === null) continue; // an empty YAML key means "unset"
    out[key] = isPlainObject(value) ? deepMerge(isPlainObject(out[key]) ? out[key] : {}, value) : value;
  }
  return out;
}

function getPath(obj: unknown, path: string): unknown {
  return path.split('.').reduce<unknown>((node, key) => (isPlainObject(node) ? node[key] : undefined), obj);
}

function setPath(obj: Layer, path: string, value: unknown): void {
  const keys = path.split('.');
  let node = obj;
  for (const key of keys.slice(0, -1)) node = (node[key] = isPlainObject(node[key]) ? node[key] : {}) as Layer;
  node[keys[keys.length - 1]] = value;
}
