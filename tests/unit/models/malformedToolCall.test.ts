import { AIMessage } from '@langchain/core/messages';
import { describe, expect, it } from 'vitest';
import { answerInvalidToolCalls, geminiMalformed, ollamaMalformed } from '../../../agents/models/malformedToolCall.ts';
import { ProviderHttpError } from '../../../agents/models/providerError.ts';

describe('malformed tool call detectors', () => {
  it('reads Ollama’s "error parsing tool call" with the raw text and the tool name', () => {
    const err = new ProviderHttpError(500, `error parsing tool call: raw='{"name":"optimize_design","arguments":{"volfrac": 0.3,}}', err=invalid character '}'`);
    expect(ollamaMalformed.fromError!(err)).toMatchObject({
      type: 'invalid_tool_call',
      name: 'optimize_design',
      args: '{"name":"optimize_design","arguments":{"volfrac": 0.3,}}',
      error: "error parsing tool call: invalid character '}'",
    });
    expect(ollamaMalformed.fromError!(new Error('model "x" not found'))).toBeUndefined();
  });

  it('reads Gemini’s MALFORMED_FUNCTION_CALL from response metadata or generationInfo', () => {
    const message = new AIMessage({ content: '' });
    expect(geminiMalformed.fromMessage!(message, { finishReason: 'STOP' })).toBeUndefined();
    expect(geminiMalformed.fromMessage!(message, { finishReason: 'MALFORMED_FUNCTION_CALL', finishMessage: 'Malformed function call: print(default_api.add_one(a=one))' })).toMatchObject({
      name: 'add_one',
      args: 'Malformed function call: print(default_api.add_one(a=one))',
    });
  });
});

describe('answerInvalidToolCalls', () => {
  it('keeps valid calls, turns invalid ones into empty-argument calls and answers each with an error', () => {
    const message = new AIMessage({
      id: 'msg-1',
      content: 'Working on it.',
      tool_calls: [{ type: 'tool_call', id: 'call_ok', name: 'add_one', args: { a: 1 } }],
      invalid_tool_calls: [{ type: 'invalid_tool_call', id: 'call_bad', name: 'add_one', args: '{"a": one}', error: 'not valid JSON' }],
      additional_kwargs: { tool_calls: [{ id: 'call_bad', type: 'function', function: { name: 'add_one', arguments: '{"a": one}' } }] },
    });
    const [repaired, ...answers] = answerInvalidToolCalls(message);
    expect(repaired.id).toBe('msg-1');
    expect(repaired.tool_calls?.map((c) => [c.id, c.args])).toEqual([
      ['call_ok', { a: 1 }],
      ['call_bad', {}],
    ]);
    expect(repaired.additional_kwargs.tool_calls).toBeUndefined();
    expect(answers).toHaveLength(1);
    expect(answers[0]).toMatchObject({ tool_call_id: 'call_bad', status: 'error' });
    expect(String(answers[0].content)).toContain('{"a": one}');
  });

  it('names unknown calls and gives id-less calls an id', () => {
    const message = new AIMessage({ content: '', invalid_tool_calls: [{ type: 'invalid_tool_call', args: 'garbage', error: 'x' }] });
    const [repaired, answer] = answerInvalidToolCalls(message);
    expect(repaired.tool_calls?.[0]).toMatchObject({ name: 'unknown_tool', id: 'call_invalid_0' });
    expect(answer.tool_call_id).toBe('call_invalid_0');
  });
});
