/** tools/mcp/wireFormat.ts: results, artifacts and errors survive the MCP wire in both directions. */
import { describe, expect, it } from 'vitest';
import { ConfigError, InfraError, InputError, NotFoundError, TimeoutError } from '../../../tools/errors.ts';
import { decodeError, decodeOutput, encodeError, encodeOutput } from '../../../tools/mcp/wireFormat.ts';
import { artifact } from '../../../tools/tool.ts';

describe('MCP wire format', () => {
  it('a result and its artifacts round-trip (paths with spaces included)', () => {
    const out = { result: { gcode_path: '/h/a b/x.gcode', n: 3 }, artifacts: [artifact('file', '/h/a b/x.gcode', 'gcode'), artifact('image', '/h/r.png')] };
    const wire = encodeOutput(out);
    expect(wire.content[1]).toMatchObject({ type: 'resource_link', uri: 'file:///h/a%20b/x.gcode', mimeType: 'text/x.gcode', description: 'gcode' });
    expect(decodeOutput(wire)).toEqual(out);
  });

  it('errors keep their class, hint and field', () => {
    const cases = [
      new InputError('bad', { field: 'stl_path', hint: 'fix it' }),
      new ConfigError('refused the API key', { hint: 'check the key' }),
      new NotFoundError('no file'),
      new TimeoutError('slow', 5000),
      new InfraError('unreachable', { retryable: true }),
    ];
    for (const e of cases) {
      const back = decodeError(encodeError(e), 'tool');
      expect(back.constructor).toBe(e.constructor);
      expect(back.message).toBe(e.message);
      expect(back.hint).toBe(e.hint);
    }
    expect((decodeError(encodeError(cases[0]), 't') as InputError).field).toBe('stl_path');
    expect((decodeError(encodeError(cases[3]), 't') as TimeoutError).timeoutMs).toBe(5000);
    // nothing is retried across the process boundary
    expect((decodeError(encodeError(cases[4]), 't') as InfraError).retryable).toBe(false);
  });

  it("an MCP server's own plain-text error (e.g. input validation) becomes an InputError naming the tool", () => {
    const e = decodeError({ isError: true, content: [{ type: 'text', text: 'MCP error -32602: Input validation error: volfrac too big' }] }, 'optimize_design');
    expect(e).toBeInstanceOf(InputError);
    expect(e.message).toBe('optimize_design: MCP error -32602: Input validation error: volfrac too big');
  });
});
