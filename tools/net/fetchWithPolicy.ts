/**
 * HTTP for tools (embeddings, arXiv, web search) under the same policy as the chat models
 * (agents/models/callPolicy.ts, same settings `model.timeoutMs`, `maxRetries`, `retryBaseDelayMs`,
 * `retryMaxDelayMs`): each attempt is bounded by timeoutMs (→ TimeoutError, not retried);
 * HTTP 408/409/429/5xx and network failures are retried up to maxRetries after
 * retryBaseDelayMs·2^k (capped), or what Retry-After asks when it is not longer than the cap;
 * the final failure becomes ConfigError (401/403/404), InfraError (network: "cannot reach";
 * 429/503: rate-limited) or InfraError with the status. Secrets never appear in a message.
 * The body is read here, inside the same timeout, under a byte cap (target.maxBytes, default
 * 32 MiB → ReplyTooLargeError naming it); an error page is read only up to 64 KiB.
 */
import { ConfigError, InfraError, ReplyTooLargeError, TimeoutError } from '../errors.ts';
import { readCapped, readHead } from './readCapped.ts';

export interface HttpPolicy {
  timeoutMs: number;
  maxRetries: number;
  retryBaseDelayMs: number;
  retryMaxDelayMs: number;
}

export interface HttpTarget {
  /** Who is called, for messages ("openai embeddings", "arXiv"). */
  service: string;
  /** Strings to scrub from messages (API keys). */
  secrets?: string[];
  /** The environment variable holding the key, for the hint on 401/403. */
  keyEnv?: string;
  /** Statuses besides 2xx returned as answers (arXiv explains a bad query in a 400 Atom feed). */
  okStatuses?: number[];
  /** Told before each retry. */
  onRetry?: (info: { retry: number; delayMs: number; reason: string }) => void;
  /** The most bytes a successful answer may have (default DEFAULT_MAX_REPLY_BYTES). */
  maxBytes?: number;
}

/** The cap on an answer's body when the target names none: far above any embeddings batch, search or feed answer. */
export const DEFAULT_MAX_REPLY_BYTES = 32 * 1024 * 1024;
const ERROR_PAGE_BYTES = 64 * 1024;
/** Statuses whose Response may carry no body. */
const NULL_BODY = new Set([101, 204, 205, 304]);

const NETWORK = /ECONNREFUSED|ECONNRESET|ENOTFOUND|EAI_AGAIN|EPIPE|ETIMEDOUT|EHOSTUNREACH|ENETUNREACH|UND_ERR_SOCKET|UND_ERR_CONNECT|fetch failed|socket hang up/i;

export function redact(text: string, secrets: string[] = []): string {
  let out = text;
  for (const s of secrets) if (s.length >= 4) out = out.split(s).join('***');
  return out.replace(/\bsk-[A-Za-z0-9_*-]{6,}/g, 'sk-***').replace(/\btvly-[A-Za-z0-9_-]{6,}/g, 'tvly-***').replace(/AIza[0-9A-Za-z_-]{20,}/g, 'AIza***');
}

export function parseRetryAfter(value: string | null | undefined): number | undefined {
  if (!value) return undefined;
  const seconds = Number(value);
  if (Number.isFinite(seconds) && seconds >= 0) return seconds * 1000;
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, date - Date.now());
}

const retryableStatus = (s: number) => s === 408 || s === 409 || s === 429 || s >= 500;

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

function causeText(err: unknown): string {
  const parts: string[] = [];
  let e: unknown = err;
  for (let i = 0; e && i < 4; i++) {
    parts.push(String((e as { code?: string }).code ?? ''), String((e as Error).message ?? ''));
    e = (e as { cause?: unknown }).cause;
  }
  return parts.filter(Boolean).join(' ');
}

/** A failed answer turned into the project's errors (the body is clipped and scrubbed). */
export function httpError(status: number, body: string, url: string, target: HttpTarget, retryAfterMs?: number): Error {
  const detail = redact(body.replace(/\s+/g, ' ').slice(0, 300), target.secrets);
  if (status === 401 || status === 403) {
    return new ConfigError(`${target.service}: the API key was rejected (HTTP ${status}): ${detail}`, { hint: target.keyEnv ? `Check ${target.keyEnv}; the key itself is never printed.` : 'Check the API key.' });
  }
  if (status === 404) return new ConfigError(`${target.service}: not found (HTTP 404) at ${redact(url, target.secrets)}: ${detail}`, { hint: 'Check the model name and the base URL.' });
  if (status === 429 || status === 503) {
    const wait = retryAfterMs !== undefined ? ` Retry-After ${Math.ceil(retryAfterMs / 1000)} s.` : '';
    return new InfraError(`${target.service} is rate-limiting or unavailable (HTTP ${status}).${wait} ${detail}`.trim(), { retryable: false, hint: 'Wait a little and try again, or lower the request rate.' });
  }
  return new InfraError(`${target.service}: request failed (HTTP ${status}): ${detail}`, { retryable: false });
}

/**
 * fetch() under the policy. Returns the successful Response (status 2xx), its body already read
 * under the cap and the timeout; throws the mapped error otherwise. The request body must be
 * replayable (a string or bytes).
 */
export async function fetchWithPolicy(url: string, init: RequestInit, policy: HttpPolicy, target: HttpTarget): Promise<Response> {
  for (let retry = 0; ; retry++) {
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), policy.timeoutMs);
    let res: Response;
    try {
      res = await fetch(url, { ...init, signal: controller.signal });
    } catch (err) {
      clearTimeout(timer);
      if (controller.signal.aborted) throw new TimeoutError(`${target.service} did not answer within ${policy.timeoutMs} ms`, policy.timeoutMs, { hint: 'Raise model.timeoutMs (ENGIAI_TIMEOUT_MS) or check the service.' });
      const text = causeText(err);
      if (!NETWORK.test(text)) throw new InfraError(`${target.service}: ${redact(text, target.secrets)}`, { retryable: false });
      if (retry < policy.maxRetries) {
        const delayMs = Math.min(policy.retryMaxDelayMs, policy.retryBaseDelayMs * 2 ** retry);
        target.onRetry?.({ retry: retry + 1, delayMs, reason: 'network' });
        await sleep(delayMs);
        continue;
      }
      const host = (() => {
        try {
          return new URL(url).origin;
        } catch {
          return url;
        }
      })();
      throw new InfraError(`cannot reach ${target.service} at ${host} (${redact(text, target.secrets).slice(0, 200)}): are you offline?`, { retryable: false, hint: 'Check the network connection and the base URL in the settings.' });
    }
    if (res.ok || target.okStatuses?.includes(res.status)) {
      const maxBytes = target.maxBytes ?? DEFAULT_MAX_REPLY_BYTES;
      try {
        const bytes = await readCapped(res, { maxBytes, what: target.service, hint: `a real answer is far smaller; check the base URL points at ${target.service}` });
        return new Response(NULL_BODY.has(res.status) ? null : (bytes as Uint8Array<ArrayBuffer>), { status: res.status, statusText: res.statusText, headers: res.headers });
      } catch (err) {
        if (err instanceof ReplyTooLargeError) throw err;
        if (controller.signal.aborted) throw new TimeoutError(`${target.service} did not finish its answer within ${policy.timeoutMs} ms`, policy.timeoutMs, { hint: 'Raise model.timeoutMs (ENGIAI_TIMEOUT_MS) or check the service.' });
        throw new InfraError(`${target.service}: the answer broke off (${redact(causeText(err), target.secrets).slice(0, 200)})`, { retryable: false });
      } finally {
        clearTimeout(timer);
      }
    }
    const retryAfterMs = parseRetryAfter(res.headers.get('retry-after'));
    const body = await readHead(res, ERROR_PAGE_BYTES);
    clearTimeout(timer);
    if (retryableStatus(res.status) && retry < policy.maxRetries) {
      const backoff = Math.min(policy.retryMaxDelayMs, policy.retryBaseDelayMs * 2 ** retry);
      const delayMs = retryAfterMs === undefined ? backoff : retryAfterMs <= policy.retryMaxDelayMs ? retryAfterMs : undefined;
      if (delayMs !== undefined) {
        target.onRetry?.({ retry: retry + 1, delayMs, reason: `HTTP ${res.status}` });
        await sleep(delayMs);
        continue;
      }
    }
    throw httpError(res.status, body, url, target, retryAfterMs);
  }
}

/** The policy from the model settings (one place for the numbers). */
export function policyFrom(model: HttpPolicy): HttpPolicy {
  return { timeoutMs: model.timeoutMs, maxRetries: model.maxRetries, retryBaseDelayMs: model.retryBaseDelayMs, retryMaxDelayMs: model.retryMaxDelayMs };
}
