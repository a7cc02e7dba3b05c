/**
 * Fake Ollama server on loopback: POST /api/chat answers NDJSON (stream: true, the default)
 * or one JSON object (stream: false), with message.tool_calls ({ function: { name, arguments } },
 * arguments as an object) and prompt_eval_count / eval_count on the final "done" line.
 * Malformed tool arguments reproduce Ollama's real failure: HTTP 500 (or, mid-stream, an
 * {"error": ...} line) saying "error parsing tool call: raw='...', err=...".
 * GET /api/tags and /api/version answer so model checks work; errors are { error: "..." }.
 */
import type { ServerResponse } from 'node:http';
import { sendJson, startFakeServer, startStream, type FakeServer, type ResponderContext } from './fakeServer.ts';
import { estimateUsage, isValidJson, pieces, type FakeReply, type FakeUsage, type ScriptStep } from './script.ts';

export interface FakeOllama extends FakeServer {
  /** Host URL for the Ollama client. */
  baseUrl: string;
  env: Record<string, string>;
}

export async function startFakeOllama(script: ScriptStep[]): Promise<FakeOllama> {
  const server = await startFakeServer(script, (r) => r.method === 'POST' && r.path === '/api/chat', respond, other);
  return { ...server, baseUrl: server.url, env: { OLLAMA_HOST: server.url } };
}

function other({ request, res }: ResponderContext): void {
  if (request.path === '/api/version') return sendJson(res, 200, { version: '0.13.0' });
  if (request.path === '/api/tags') return sendJson(res, 200, { models: [] });
  sendJson(res, 404, { error: `fake: no route for ${request.method} ${request.path}` });
}

const badCall = (reply: FakeReply) => reply.toolCalls?.find((c) => c.rawArgs !== undefined && !isValidJson(c.rawArgs));
const parseError = (raw: string) => `error parsing tool call: raw='${raw}', err=unexpected end of JSON input`;

function respond({ request, reply, res, sent }: ResponderContext): void {
  const streamed = request.body?.stream !== false;
  const bad = badCall(reply);
  if (reply.status || (bad && !streamed)) {
    const status = reply.status ?? 500;
    sent({ status, streamed: false });
    const headers: Record<string, string> = reply.retryAfter ? { 'retry-after': reply.retryAfter } : {};
    return sendJson(res, status, { error: bad ? parseError(bad.rawArgs ?? '') : (reply.errorMessage ?? `fake HTTP ${status}`) }, headers);
  }
  const usage = reply.usage ?? estimateUsage(request.body?.messages, reply);
  const model = String(request.body?.model ?? 'unknown');
  sent({ status: 200, usage: bad ? undefined : usage, streamed });
  if (streamed) return streamReply(res, model, reply, usage);
  sendJson(res, 200, { ...line(model, { role: 'assistant', content: reply.text ?? '', ...toolCalls(reply) }, false), ...doneFields(usage) });
}

function toolCalls(reply: FakeReply) {
  if (!reply.toolCalls?.length) return {};
  return { tool_calls: reply.toolCalls.map((c) => ({ function: { name: c.name, arguments: c.rawArgs !== undefined ? JSON.parse(c.rawArgs) : (c.args ?? {}) } })) };
}

function line(model: string, message: object, done: boolean) {
  return { model, created_at: '2026-11-30T00:00:00Z', message, done };
}

function doneFields(usage: FakeUsage) {
  return { done: true, done_reason: 'stop', total_duration: 1_000_000, load_duration: 1000, prompt_eval_count: usage.inputTokens, prompt_eval_duration: 1000, eval_count: usage.outputTokens, eval_duration: 1000 };
}

function streamReply(res: ServerResponse, model: string, reply: FakeReply, usage: FakeUsage): void {
  const stream = startStream(res, 'application/x-ndjson');
  const send = (obj: object) => stream.write(`${JSON.stringify(obj)}\n`);
  for (const text of pieces(reply.text ?? '')) send(line(model, { role: 'assistant', content: text }, false));
  const bad = badCall(reply);
  if (bad) {
    send({ error: parseError(bad.rawArgs ?? '') });
    return stream.end();
  }
  if (reply.toolCalls?.length) send(line(model, { role: 'assistant', content: '', ...toolCalls(reply) }, false));
  send({ ...line(model, { role: 'assistant', content: '' }, true), ...doneFields(usage) });
  stream.end();
}
