/**
 * How a neutral tool's output travels over MCP, both ways. A result is the JSON text (and
 * `structuredContent`) plus one `resource_link` per artifact (a file:// URI the server also serves
 * as a resource); an error is `isError` with {error: {type, message, hint, field}}, rebuilt on the
 * client side as the same class of EngiError, so a wrong key stays a ConfigError across the wire.
 */
import { basename } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { ConfigError, EngiError, InfraError, InputError, ModelBehaviorError, NotFoundError, NumericError, TimeoutError } from '../errors.ts';
import { mediaTypeOf, type Artifact, type ToolOutput } from '../tool.ts';

/** The parts of MCP's CallToolResult this format uses (structurally the SDK's type). */
export interface WireResult {
  [key: string]: unknown;
  content: Array<{ type: 'text'; text: string } | { type: 'resource_link'; uri: string; name: string; mimeType?: string; description?: string; _meta?: Record<string, unknown> }>;
  structuredContent?: Record<string, unknown>;
  isError?: boolean;
}

const KIND = 'engiai/kind';

export function encodeOutput(out: ToolOutput): WireResult {
  return {
    content: [
      { type: 'text', text: JSON.stringify(out.result) },
      ...(out.artifacts ?? []).map((a) => ({
        type: 'resource_link' as const,
        uri: pathToFileURL(a.path).href,
        name: basename(a.path),
        mimeType: a.mediaType,
        ...(a.label ? { description: a.label } : {}),
        _meta: { [KIND]: a.kind },
      })),
    ],
    structuredContent: out.result,
  };
}

export function encodeError(err: unknown): WireResult {
  const e = err instanceof EngiError ? err : null;
  const payload = {
    type: e?.name ?? 'ToolError',
    message: err instanceof Error ? err.message : String(err),
    ...(e?.hint ? { hint: e.hint } : {}),
    ...((e as InputError | null)?.field ? { field: (e as InputError).field } : {}),
    ...(err instanceof TimeoutError ? { timeoutMs: err.timeoutMs } : {}),
  };
  return { isError: true, content: [{ type: 'text', text: JSON.stringify({ error: payload }) }] };
}

interface ErrorPayload {
  type?: string;
  message?: string;
  hint?: string;
  field?: string;
  timeoutMs?: number;
}

/** The EngiError an error result stands for (an MCP server's own errors are plain text: bad input). */
export function decodeError(result: WireResult, tool: string): EngiError {
  const text = result.content.filter((c) => c.type === 'text').map((c) => (c as { text: string }).text).join('\n');
  let p: ErrorPayload | null = null;
  try {
    p = (JSON.parse(text) as { error?: ErrorPayload }).error ?? null;
  } catch {
    p = null;
  }
  if (!p) return new InputError(`${tool}: ${text || 'the MCP server reported an error'}`);
  const message = p.message ?? `${tool} failed`;
  const o = { hint: p.hint };
  switch (p.type) {
    case 'InputError':
      return new InputError(message, { ...o, field: p.field });
    case 'ConfigError':
      return new ConfigError(message, o);
    case 'NotFoundError':
      return new NotFoundError(message, o);
    case 'ModelBehaviorError':
      return new ModelBehaviorError(message, o);
    case 'NumericError':
      return new NumericError(message, o);
    case 'TimeoutError':
      return new TimeoutError(message, p.timeoutMs ?? 0, o);
    default:
      // across a process boundary nothing is retried automatically: the person decides
      return new InfraError(message, { ...o, retryable: false });
  }
}

export function decodeOutput(result: WireResult): ToolOutput {
  const text = result.content.find((c) => c.type === 'text') as { text: string } | undefined;
  let value: unknown = result.structuredContent;
  if (value === undefined && text) {
    try {
      value = JSON.parse(text.text);
    } catch {
      value = { text: text.text };
    }
  }
  const artifacts: Artifact[] = [];
  for (const c of result.content) {
    if (c.type !== 'resource_link' || !c.uri.startsWith('file:')) continue;
    const path = fileURLToPath(c.uri);
    const kind = (c._meta?.[KIND] as Artifact['kind'] | undefined) ?? 'file';
    artifacts.push({ kind, path, mediaType: c.mimeType ?? mediaTypeOf(path), ...(c.description ? { label: c.description } : {}) });
  }
  const resultObject = value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : { value };
  return { result: resultObject, artifacts };
}
