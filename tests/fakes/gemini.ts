/**
 * Fake Gemini API (generativelanguage v1beta) on loopback:
 *   POST /v1beta/models/{model}:generateContent            → GenerateContentResponse JSON
 *   POST /v1beta/models/{model}:streamGenerateContent?alt=sse → SSE of GenerateContentResponse
 * Replies carry text and functionCall parts and cumulative usageMetadata. Malformed tool
 * arguments become the real failure mode: finishReason MALFORMED_FUNCTION_CALL with no content.
 * Like the real API it answers 400 when a functionResponse turn does not follow a functionCall turn.
 * Errors use Google's { error: { code, message, status, details } }; a Retry-After is sent both
 * as a header and as a google.rpc.RetryInfo detail (retryDelay "Ns"), as Gemini does.
 */
import type { ServerResponse } from 'node:http';
import { sendJson, startFakeServer, startStream, type FakeServer, type ResponderContext } from './fakeServer.ts';
import { estimateUsage, isValidJson, pieces, type FakeReply, type FakeUsage, type ScriptStep } from './script.ts';

export interface FakeGemini extends FakeServer {
  /** Base URL for the Gemini client (it appends /v1beta/models/...). */
  baseUrl: string;
  env: Record<string, string>;
}

const ROUTE = /^\/v1beta\/models\/([^:]+):(generateContent|streamGenerateContent)$/;

export async function startFakeGemini(script: ScriptStep[], apiKey = 'fake-gemini-key'): Promise<FakeGemini> {
  const server = await startFakeServer(script, (r) => r.method === 'POST' && ROUTE.test(r.path), respond);
  return { ...server, baseUrl: server.url, env: { GOOGLE_API_KEY: apiKey, GOOGLE_BASE_URL: server.url } };
}

let responses = 0;

function respond({ request, reply, res, sent }: ResponderContext): void {
  const responseId = `fake-response-${++responses}`;
  const [, model, method] = ROUTE.exec(request.path) ?? [];
  const invalid = turnError(request.body?.contents);
  if (invalid) {
    sent({ status: 400, streamed: false });
    return sendError(res, { status: 400, errorMessage: invalid });
  }
  if (reply.status) {
    sent({ status: reply.status, streamed: false });
    return sendError(res, reply);
  }
  const usage = reply.usage ?? estimateUsage(request.body?.contents, reply);
  const streamed = method === 'streamGenerateContent';
  sent({ status: 200, usage, streamed });
  if (streamed) streamReply(res, model, responseId, reply, usage);
  else sendJson(res, 200, { candidates: [candidate(reply, true)], usageMetadata: usageJson(usage, usage.outputTokens), modelVersion: model, responseId });
}

/** Gemini's rule: a functionResponse turn comes right after a model turn with functionCall parts. */
function turnError(contents: unknown): string | undefined {
  if (!Array.isArray(contents) || contents.length === 0) return '* GenerateContentRequest.contents: contents is not specified';
  const has = (turn: { parts?: object[] } | undefined, key: string) => (turn?.parts ?? []).some((p) => key in p);
  for (let i = 0; i < contents.length; i++) {
    if (has(contents[i], 'functionResponse') && !has(contents[i - 1], 'functionCall')) {
      return 'Please ensure that function response turn comes immediately after a function call turn.';
    }
  }
  return undefined;
}

const STATUS_NAMES: Record<number, string> = { 400: 'INVALID_ARGUMENT', 401: 'UNAUTHENTICATED', 403: 'PERMISSION_DENIED', 404: 'NOT_FOUND', 429: 'RESOURCE_EXHAUSTED', 500: 'INTERNAL', 503: 'UNAVAILABLE' };

function sendError(res: ServerResponse, reply: FakeReply): void {
  const code = reply.status ?? 500;
  const details = reply.retryAfter ? [{ '@type': 'type.googleapis.com/google.rpc.RetryInfo', retryDelay: `${reply.retryAfter}s` }] : [];
  const headers: Record<string, string> = reply.retryAfter ? { 'retry-after': reply.retryAfter } : {};
  sendJson(res, code, { error: { code, message: reply.errorMessage ?? `fake HTTP ${code}`, status: STATUS_NAMES[code] ?? 'UNKNOWN', details } }, headers);
}

const malformed = (reply: FakeReply) => reply.toolCalls?.some((c) => c.rawArgs !== undefined && !isValidJson(c.rawArgs)) ?? false;

function functionCallParts(reply: FakeReply) {
  return (reply.toolCalls ?? []).map((c) => ({ functionCall: { name: c.name, args: c.rawArgs !== undefined ? JSON.parse(c.rawArgs) : (c.args ?? {}) } }));
}

/** The whole reply as one candidate (non-streamed), or its final part when streaming. */
function candidate(reply: FakeReply, withText: boolean) {
  if (malformed(reply)) {
    const call = reply.toolCalls?.find((c) => c.rawArgs !== undefined);
    return { finishReason: 'MALFORMED_FUNCTION_CALL', finishMessage: `Malformed function call: ${call?.name}(${call?.rawArgs})`, index: 0 };
  }
  const parts = [...(withText && reply.text ? [{ text: reply.text }] : []), ...functionCallParts(reply)];
  return { content: { role: 'model', parts: parts.length ? parts : [{ text: '' }] }, finishReason: 'STOP', index: 0 };
}

function usageJson(usage: FakeUsage, outputSoFar: number) {
  return { promptTokenCount: usage.inputTokens, candidatesTokenCount: outputSoFar, totalTokenCount: usage.inputTokens + outputSoFar };
}

function streamReply(res: ServerResponse, model: string, responseId: string, reply: FakeReply, usage: FakeUsage): void {
  const stream = startStream(res, 'text/event-stream');
  const send = (body: object) => stream.write(`data: ${JSON.stringify({ ...body, modelVersion: model, responseId })}\r\n\r\n`);
  const textPieces = malformed(reply) ? [] : pieces(reply.text ?? '');
  const steps = textPieces.length + 1;
  textPieces.forEach((text, k) => {
    const soFar = Math.floor((usage.outputTokens * (k + 1)) / steps);
    send({ candidates: [{ content: { role: 'model', parts: [{ text }] }, index: 0 }], usageMetadata: usageJson(usage, soFar) });
  });
  const last = candidate(reply, false);
  if (!malformed(reply) && !reply.toolCalls?.length) last.content = { role: 'model', parts: [{ text: '' }] };
  send({ candidates: [last], usageMetadata: usageJson(usage, usage.outputTokens) });
  stream.end();
}
