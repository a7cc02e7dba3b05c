/**
 * Fake OpenAI Chat Completions API on loopback: POST {url}/v1/chat/completions, JSON or SSE
 * (stream: true, with streamed tool_calls deltas and a final usage chunk when
 * stream_options.include_usage is set), errors in OpenAI's { error: { message, type, code } } shape.
 * Like the real API it answers 400 when tool messages do not pair with the assistant's tool_calls.
 * GET /v1/models lists the models for completeness; POST /v1/embeddings answers deterministic
 * hashed bag-of-words vectors (embeddings.ts), not scripted.
 */
import type { ServerResponse } from 'node:http';
import { sendJson, startFakeServer, startStream, type FakeServer, type ResponderContext } from './fakeServer.ts';
import { encodeEmbedding, fakeEmbedding } from './embeddings.ts';
import { estimateUsage, pieces, type FakeReply, type FakeToolCall, type FakeUsage, type ScriptStep } from './script.ts';

export interface FakeOpenAI extends FakeServer {
  /** Base URL for the OpenAI client: `${url}/v1`. */
  baseUrl: string;
  /** Environment for config/load.ts that points our client at this fake. */
  env: Record<string, string>;
}

export async function startFakeOpenAI(script: ScriptStep[], apiKey = 'sk-fake-openai-key'): Promise<FakeOpenAI> {
  const server = await startFakeServer(script, (r) => r.method === 'POST' && r.path.endsWith('/chat/completions'), respond, models);
  const baseUrl = `${server.url}/v1`;
  return { ...server, baseUrl, env: { OPENAI_API_KEY: apiKey, OPENAI_BASE_URL: baseUrl } };
}

function models({ request, res }: ResponderContext): void {
  if (request.method === 'POST' && request.path.endsWith('/embeddings')) {
    const input: string[] = Array.isArray(request.body?.input) ? request.body.input : [String(request.body?.input ?? '')];
    const data = input.map((text, index) => ({ object: 'embedding', index, embedding: encodeEmbedding(fakeEmbedding(text), request.body?.encoding_format) }));
    return sendJson(res, 200, { object: 'list', data, model: String(request.body?.model ?? 'unknown'), usage: { prompt_tokens: input.length, total_tokens: input.length } });
  }
  sendJson(res, 200, { object: 'list', data: [{ id: 'gpt-4o-mini', object: 'model', created: 0, owned_by: 'fake' }] });
}

let completions = 0;
/** Unique per completion, like the real API (LangGraph's messages reducer merges messages by id). */
const nextId = () => `chatcmpl-fake-${++completions}`;

function respond({ request, reply, res, sent }: ResponderContext): void {
  const invalid = pairingError(request.body?.messages);
  if (invalid) {
    sent({ status: 400, streamed: false });
    return sendJson(res, 400, { error: { message: invalid, type: 'invalid_request_error', param: 'messages', code: null } });
  }
  if (reply.status) {
    sent({ status: reply.status, streamed: false });
    return sendError(res, reply);
  }
  const usage = reply.usage ?? estimateUsage(request.body?.messages, reply);
  const model = String(request.body?.model ?? 'unknown');
  const streamed = request.body?.stream === true;
  sent({ status: 200, usage, streamed });
  if (streamed) streamReply(res, nextId(), model, reply, usage, request.body?.stream_options?.include_usage === true);
  else sendJson(res, 200, completion(nextId(), model, reply, usage));
}

/** OpenAI's rule: each tool message answers a tool_call id of the preceding assistant message. */
function pairingError(messages: unknown): string | undefined {
  if (!Array.isArray(messages)) return "Missing required parameter: 'messages'.";
  let open = new Set<string>();
  for (const m of messages) {
    if (m?.role === 'assistant') open = new Set((m.tool_calls ?? []).map((c: { id: string }) => c.id));
    else if (m?.role === 'tool') {
      if (!open.has(m.tool_call_id)) return "Invalid parameter: messages with role 'tool' must be a response to a preceeding message with 'tool_calls'.";
      open.delete(m.tool_call_id);
    } else if (open.size) return "An assistant message with 'tool_calls' must be followed by tool messages responding to each 'tool_call_id'.";
  }
  return undefined;
}

function sendError(res: ServerResponse, reply: FakeReply): void {
  const status = reply.status ?? 500;
  const type = status === 429 ? 'rate_limit_error' : status === 401 ? 'invalid_request_error' : 'server_error';
  const code = status === 429 ? 'rate_limit_exceeded' : status === 401 ? 'invalid_api_key' : null;
  const headers: Record<string, string> = reply.retryAfter ? { 'retry-after': reply.retryAfter } : {};
  sendJson(res, status, { error: { message: reply.errorMessage ?? `fake HTTP ${status}`, type, param: null, code } }, headers);
}

const callId = (call: FakeToolCall, i: number) => call.id ?? `call_fake_${i}`;
const argsText = (call: FakeToolCall) => call.rawArgs ?? JSON.stringify(call.args ?? {});
const finishReason = (reply: FakeReply) => (reply.toolCalls?.length ? 'tool_calls' : 'stop');
const usageJson = (u: FakeUsage) => ({ prompt_tokens: u.inputTokens, completion_tokens: u.outputTokens, total_tokens: u.inputTokens + u.outputTokens });

function completion(id: string, model: string, reply: FakeReply, usage: FakeUsage) {
  const toolCalls = reply.toolCalls?.map((call, i) => ({ id: callId(call, i), type: 'function', function: { name: call.name, arguments: argsText(call) } }));
  return {
    id,
    object: 'chat.completion',
    created: 1_764_460_800,
    model,
    system_fingerprint: 'fp_fake',
    choices: [
      {
        index: 0,
        message: { role: 'assistant', content: reply.text ?? null, refusal: null, ...(toolCalls ? { tool_calls: toolCalls } : {}) },
        logprobs: null,
        finish_reason: finishReason(reply),
      },
    ],
    usage: usageJson(usage),
  };
}

function streamReply(res: ServerResponse, id: string, model: string, reply: FakeReply, usage: FakeUsage, includeUsage: boolean): void {
  const stream = startStream(res, 'text/event-stream');
  const chunk = (delta: object, finish: string | null = null, extra: object = {}) =>
    stream.write(
      `data: ${JSON.stringify({ id, object: 'chat.completion.chunk', created: 1_764_460_800, model, system_fingerprint: 'fp_fake', choices: [{ index: 0, delta, logprobs: null, finish_reason: finish }], ...extra })}\n\n`,
    );
  chunk({ role: 'assistant', content: '', refusal: null });
  for (const piece of pieces(reply.text ?? '')) chunk({ content: piece });
  reply.toolCalls?.forEach((call, index) => {
    chunk({ tool_calls: [{ index, id: callId(call, index), type: 'function', function: { name: call.name, arguments: '' } }] });
    for (const piece of pieces(argsText(call), 4)) chunk({ tool_calls: [{ index, function: { arguments: piece } }] });
  });
  chunk({}, finishReason(reply));
  if (includeUsage) {
    stream.write(`data: ${JSON.stringify({ id, object: 'chat.completion.chunk', created: 1_764_460_800, model, choices: [], usage: usageJson(usage) })}\n\n`);
  }
  stream.write('data: [DONE]\n\n');
  stream.end();
}
