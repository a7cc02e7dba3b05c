/**
 * Malformed tool calls, made uniform across providers. Whatever the provider does, the caller
 * gets an AIMessage whose `invalid_tool_calls` lists the broken call ({ name?, args (raw text),
 * id?, error }) instead of an exception, and can answer it with answerInvalidToolCalls() so the
 * model tries again.
 *   OpenAI:  LangChain already does this (non-streamed). Streamed arguments are collapsed with a
 *            partial-JSON parser, so a merely truncated object is auto-closed into a valid call;
 *            the tool's own schema check then reports missing fields.
 *   Gemini:  the API answers finishReason MALFORMED_FUNCTION_CALL with no content; LangChain
 *            throws (or crashes mid-stream), so google.ts patches the client and we detect it here.
 *   Ollama:  the server answers HTTP 500 / a stream error "error parsing tool call: raw='…', err=…".
 */
import { AIMessage, ToolMessage, type AIMessageChunk, type BaseMessage } from '@langchain/core/messages';
import type { InvalidToolCall } from '@langchain/core/messages/tool';
import { randomUUID } from 'node:crypto';

export interface MalformedDetector {
  /** The provider reported the malformed call as an error. */
  fromError?(err: unknown): InvalidToolCall | undefined;
  /** The provider reported it inside an otherwise normal message or chunk (info: generationInfo). */
  fromMessage?(message: BaseMessage, info?: Record<string, unknown>): InvalidToolCall | undefined;
}

const OLLAMA_PARSE = /error parsing tool call: raw='([\s\S]*)', err=([\s\S]*)$/;

export const ollamaMalformed: MalformedDetector = {
  fromError(err) {
    const text = errorTexts(err).find((t) => OLLAMA_PARSE.test(t));
    const match = text ? OLLAMA_PARSE.exec(text) : null;
    if (!match) return undefined;
    const [, raw, why] = match;
    return invalid(nameIn(raw), raw, `error parsing tool call: ${why.trim()}`);
  },
};

export const geminiMalformed: MalformedDetector = {
  fromMessage(message, info) {
    const meta = { ...info, ...message.response_metadata } as Record<string, unknown>;
    if (meta.finishReason !== 'MALFORMED_FUNCTION_CALL') return undefined;
    const finishMessage = typeof meta.finishMessage === 'string' ? meta.finishMessage : '';
    const name = calledName(finishMessage);
    return invalid(name, finishMessage, `Gemini returned MALFORMED_FUNCTION_CALL${finishMessage ? `: ${finishMessage}` : ''}`);
  },
};

function invalid(name: string | undefined, args: string, error: string): InvalidToolCall {
  return { type: 'invalid_tool_call', id: `call_invalid_${randomUUID()}`, name, args, error };
}

/** Gemini's finishMessage reads e.g. "Malformed function call: print(default_api.add_one(a=one))". */
function calledName(finishMessage: string): string | undefined {
  const viaApi = /default_api\.(\w+)\s*\(/.exec(finishMessage)?.[1];
  const direct = /Malformed function call:\s*(\w+)\s*\(/.exec(finishMessage)?.[1];
  return viaApi ?? (direct === 'print' ? undefined : direct);
}

function nameIn(raw: string): string | undefined {
  return /"name"\s*:\s*"([^"]+)"/.exec(raw)?.[1];
}

function errorTexts(err: unknown): string[] {
  const out: string[] = [];
  let e: unknown = err;
  for (let depth = 0; e && depth < 6; depth++) {
    if (e instanceof Error || typeof e === 'object') {
      const rec = e as { message?: unknown; body?: unknown; cause?: unknown };
      if (typeof rec.message === 'string') out.push(rec.message);
      if (typeof rec.body === 'string') out.push(rec.body);
      e = rec.cause;
    } else break;
  }
  return out;
}

/**
 * Messages that answer an AIMessage with invalid tool calls so the model can try again:
 * the same AIMessage (same id, so LangGraph's messages reducer replaces it in place) with each
 * invalid call turned into a regular tool call with empty arguments, followed by one ToolMessage
 * (status "error") per invalid call saying what was wrong. Providers require every tool result
 * to pair with a tool call in the preceding assistant turn (OpenAI by id, Gemini by turn order),
 * which is why the AIMessage is rewritten rather than left with invalid_tool_calls only.
 * Valid tool calls in the same message are kept; run them as usual.
 */
export function answerInvalidToolCalls(message: AIMessage | AIMessageChunk): [AIMessage, ...ToolMessage[]] {
  const invalid = (message.invalid_tool_calls ?? []).map((call, i) => ({ ...call, id: call.id ?? `call_invalid_${i}`, name: call.name || 'unknown_tool' }));
  const { tool_calls: _raw, ...kwargs } = message.additional_kwargs ?? {};
  const repaired = new AIMessage({
    id: message.id,
    content: message.content,
    name: message.name,
    response_metadata: message.response_metadata,
    usage_metadata: message.usage_metadata,
    additional_kwargs: kwargs,
    tool_calls: [...(message.tool_calls ?? []), ...invalid.map((call) => ({ type: 'tool_call' as const, id: call.id, name: call.name, args: {} }))],
  });
  const answers = invalid.map(
    (call) =>
      new ToolMessage({
        tool_call_id: call.id,
        name: call.name,
        status: 'error',
        content: `Error: your call to ${call.name} could not be parsed (${(call.error ?? 'malformed arguments').split('\n')[0]}). Arguments received: ${call.args ?? ''}. Call the tool again with arguments that are one valid JSON object matching its schema.`,
      }),
  );
  return [repaired, ...answers];
}
