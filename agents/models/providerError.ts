/**
 * Reads what went wrong in a provider call (HTTP status, Retry-After, network failure) from the
 * error shapes of the three client libraries, and turns it into the project's error classes.
 *   openai SDK:           APIError { status, headers: Headers }, APIConnectionError
 *   @google/generative-ai: GoogleGenerativeAIFetchError { status, errorDetails: [RetryInfo] }
 *   ollama (our fetch):   ProviderHttpError { status, retryAfterMs }
 * Messages are built here and scrubbed of secrets; a cause that mentions a secret is dropped.
 */
import { ConfigError, InfraError, type EngiError } from '../../tools/errors.ts';

export interface ErrorFacts {
  status?: number;
  retryAfterMs?: number;
  network: boolean;
  message: string;
}

/** Thrown by our fetch wrapper (Ollama) for a non-2xx answer, before the library reads it. */
export class ProviderHttpError extends Error {
  constructor(
    readonly status: number,
    readonly body: string,
    readonly retryAfterMs?: number,
  ) {
    super(`HTTP ${status}: ${body}`);
    this.name = 'ProviderHttpError';
  }
}

const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ENOTFOUND', 'EAI_AGAIN', 'EPIPE', 'ETIMEDOUT', 'UND_ERR_SOCKET', 'UND_ERR_CONNECT_TIMEOUT']);

export function inspectError(err: unknown): ErrorFacts {
  const chain = causeChain(err);
  const facts: ErrorFacts = { network: false, message: messageOf(err) };
  for (const e of chain) {
    facts.status ??= numberField(e, 'status') ?? numberField(e, 'status_code');
    facts.retryAfterMs ??= numberField(e, 'retryAfterMs') ?? retryAfterFromHeaders(e.headers) ?? retryAfterFromDetails(e.errorDetails);
    if (NETWORK_CODES.has(String(e.code)) || e.name === 'APIConnectionError' || /fetch failed|socket hang up/i.test(String(e.message))) facts.network = true;
  }
  if (facts.status !== undefined) facts.network = false;
  return facts;
}

/** 408, 409 (OpenAI "try again"), 429, 5xx and network failures are worth another attempt. */
export function isRetryable(facts: ErrorFacts): boolean {
  const s = facts.status;
  return facts.network || s === 408 || s === 409 || s === 429 || (s !== undefined && s >= 500);
}

export interface ErrorContext {
  provider: string;
  model: string;
  /** Where the provider lives, for hints (base URL or Ollama host). */
  endpoint?: string;
  keyEnv?: string;
  /** A configured key was not sent to this endpoint: the only URL it belongs to. */
  keyWithheld?: string;
  secrets: string[];
}

export function toEngiError(err: unknown, facts: ErrorFacts, ctx: ErrorContext): EngiError {
  const who = `${ctx.provider}:${ctx.model}`;
  const detail = redact(facts.message, ctx.secrets);
  const cause = mentionsSecret(err, ctx.secrets) ? undefined : err;
  const s = facts.status;
  if (s === 401 || s === 403 || (s === 400 && /api[ _-]?key/i.test(facts.message))) {
    if (ctx.keyWithheld) {
      return new ConfigError(`${who}: the server wants a key (HTTP ${s}), and ${ctx.keyEnv} is not sent to ${ctx.endpoint}: it only goes to ${ctx.keyWithheld}`, {
        hint: `To use the key with this server, configure it for this URL (OPENAI_COMPATIBLE_BASE_URL=${ctx.endpoint}) where the key is set.`,
      });
    }
    return new ConfigError(`${who}: the API key was rejected (HTTP ${s}): ${detail}`, {
      hint: ctx.keyEnv ? `Check ${ctx.keyEnv}; the key itself is never printed.` : 'Check the API key for this provider.',
    });
  }
  if (s === 404) {
    return new ConfigError(`${who}: not found (HTTP 404): ${detail}`, { cause, hint: `Check the model name and the endpoint ${ctx.endpoint ?? ''}`.trim() });
  }
  if (facts.network) {
    return new InfraError(`${who}: cannot reach ${ctx.endpoint ?? 'the provider'}: ${detail}`, {
      cause,
      retryable: true,
      hint:
        ctx.provider === 'ollama'
          ? `Start Ollama at ${ctx.endpoint ?? 'OLLAMA_HOST'} (\`ollama serve\`, then \`ollama pull ${ctx.model}\` if the model is missing), set OLLAMA_HOST to where it runs, or switch to another model.`
          : `Check the network and the base URL${ctx.endpoint ? ` ${ctx.endpoint}` : ''}, or switch to another model.`,
    });
  }
  const status = s === undefined ? '' : ` (HTTP ${s})`;
  return new InfraError(`${who}: request failed${status}: ${detail}`, { cause, retryable: isRetryable(facts) });
}

export function redact(text: string, secrets: string[]): string {
  let out = text;
  for (const secret of secrets) if (secret.length >= 4) out = out.split(secret).join('***');
  return out.replace(/\bsk-[A-Za-z0-9_*-]{6,}/g, 'sk-***').replace(/AIza[0-9A-Za-z_-]{20,}/g, 'AIza***');
}

function mentionsSecret(err: unknown, secrets: string[]): boolean {
  const text = causeChain(err)
    .map((e) => `${String(e.message)}\n${String(e.stack)}`)
    .join('\n');
  return secrets.some((s) => s.length >= 4 && text.includes(s));
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Loose = Record<string, any>;

function causeChain(err: unknown): Loose[] {
  const out: Loose[] = [];
  let e: unknown = err;
  while (e && typeof e === 'object' && out.length < 8 && !out.includes(e as Loose)) {
    out.push(e as Loose);
    e = (e as Loose).cause ?? (e as Loose).error;
  }
  return out;
}

function messageOf(err: unknown): string {
  const text = err instanceof Error ? err.message : String(err);
  return text.length > 500 ? `${text.slice(0, 500)}…` : text;
}

function numberField(e: Loose, key: string): number | undefined {
  return typeof e[key] === 'number' && Number.isFinite(e[key]) ? e[key] : undefined;
}

/** retry-after-ms (OpenAI), then Retry-After as seconds or an HTTP date. */
export function retryAfterFromHeaders(headers: unknown): number | undefined {
  if (!headers || typeof headers !== 'object') return undefined;
  const get = (name: string): string | null | undefined =>
    typeof (headers as Headers).get === 'function' ? (headers as Headers).get(name) : (headers as Record<string, string>)[name];
  const ms = Number(get('retry-after-ms'));
  if (get('retry-after-ms') && Number.isFinite(ms) && ms >= 0) return ms;
  return parseRetryAfter(get('retry-after') ?? undefined);
}

export function parseRetryAfter(value: string | undefined): number | undefined {
  if (!value) return undefined;
  const seconds = Number(value);
  if (Number.isFinite(seconds) && seconds >= 0) return seconds * 1000;
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, date - Date.now());
}

/** Gemini: details: [{ '@type': '...google.rpc.RetryInfo', retryDelay: '37s' }]. */
function retryAfterFromDetails(details: unknown): number | undefined {
  if (!Array.isArray(details)) return undefined;
  const info = details.find((d) => typeof d?.['@type'] === 'string' && d['@type'].endsWith('google.rpc.RetryInfo'));
  const match = typeof info?.retryDelay === 'string' ? /^(\d+(?:\.\d+)?)s$/.exec(info.retryDelay) : null;
  return match ? Number(match[1]) * 1000 : undefined;
}
