/**
 * The scripted conversation shared by the loopback fakes (OpenAI, Gemini, Ollama).
 * Each request to a model endpoint consumes the next step; a step is a reply or a function of
 * the recorded request that returns one. When the script runs out, the fake answers HTTP 500
 * "fake script exhausted" so a test sees the surplus call.
 */

export interface FakeToolCall {
  name: string;
  /** Arguments as an object; sent as the provider's wire format expects. */
  args?: Record<string, unknown>;
  /**
   * Raw argument text, sent verbatim where the wire carries a string (OpenAI). Use it for
   * malformed JSON. Gemini answers finishReason MALFORMED_FUNCTION_CALL and Ollama answers its
   * real "error parsing tool call" error when rawArgs is not valid JSON.
   */
  rawArgs?: string;
  id?: string;
}

export interface FakeUsage {
  inputTokens: number;
  outputTokens: number;
}

export interface FakeReply {
  text?: string;
  toolCalls?: FakeToolCall[];
  /** Token usage to report; default: estimated from request and reply lengths (chars / 4). */
  usage?: FakeUsage;
  /** An HTTP error status instead of a reply (429, 500, 401, ...). */
  status?: number;
  /** Retry-After header value (seconds or HTTP date) sent with an error status. */
  retryAfter?: string;
  errorMessage?: string;
  /** Wait this long before sending anything (to provoke a client timeout). */
  delayMs?: number;
}

export interface RecordedRequest {
  method: string;
  /** Path without the query string, e.g. /v1/chat/completions. */
  path: string;
  query: Record<string, string>;
  headers: Record<string, string>;
  /** Parsed JSON body (undefined when the body is empty). */
  body: any; // eslint-disable-line @typescript-eslint/no-explicit-any
  /** Milliseconds since the fake started (performance.now based). */
  atMs: number;
}

/** What the fake actually sent back for one request, for assertions on accounting. */
export interface SentReply {
  status: number;
  usage?: FakeUsage;
  streamed: boolean;
}

export type ScriptStep = FakeReply | ((request: RecordedRequest) => FakeReply);

export class Script {
  private next = 0;
  constructor(private readonly steps: ScriptStep[]) {}

  take(request: RecordedRequest): FakeReply {
    const step = this.steps[this.next++];
    if (step === undefined) return { status: 500, errorMessage: 'fake script exhausted' };
    return typeof step === 'function' ? step(request) : step;
  }

  get remaining(): number {
    return Math.max(0, this.steps.length - this.next);
  }
}

/** Deterministic usage estimate when a reply does not script its own. */
export function estimateUsage(requestBody: unknown, reply: FakeReply): FakeUsage {
  const replyText = (reply.text ?? '') + (reply.toolCalls ?? []).map((c) => c.name + (c.rawArgs ?? JSON.stringify(c.args ?? {}))).join('');
  return {
    inputTokens: Math.max(1, Math.ceil(JSON.stringify(requestBody ?? '').length / 4)),
    outputTokens: Math.max(1, Math.ceil(replyText.length / 4)),
  };
}

/** Split a string into n roughly equal pieces (for streamed deltas). */
export function pieces(text: string, n = 3): string[] {
  if (text.length === 0) return [];
  const size = Math.max(1, Math.ceil(text.length / n));
  const out: string[] = [];
  for (let i = 0; i < text.length; i += size) out.push(text.slice(i, i + size));
  return out;
}

export function isValidJson(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}
