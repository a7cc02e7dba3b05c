/** Versioned JSONL traces (benchmarks/trace): round trip, validation, refusal of other versions. */
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseTrace, readTraceDir, serializeTrace, traceFileName, writeTrace, type Trace } from '../../../benchmarks/trace/index.ts';

function sampleTrace(id = 'tpl#0', status: 'ok' | 'error' = 'ok'): Trace {
  return {
    header: { type: 'header', format: 1, suite: 'demo', suiteVersion: 2, trialId: id, sampleId: id, seed: 7, model: 'reference', configHash: '0123456789abcdef', gitSha: 'abc', gitDirty: false, startedAt: '2026-01-01T00:00:00.000Z' },
    events: [{ type: 'response', t: 3, text: 'hello' }],
    end: { type: 'end', status, attempts: 1, durationMs: 5, ...(status === 'error' ? { error: { name: 'InfraError', message: 'down', retryable: true } } : {}) },
  };
}

describe('traces', () => {
  it('round-trips through a file, header first and end last, keys in schema order', () => {
    const dir = mkdtempSync(join(tmpdir(), 'trace-'));
    const path = writeTrace(dir, sampleTrace());
    expect(path.endsWith(traceFileName('tpl#0'))).toBe(true);
    const text = readFileSync(path, 'utf8');
    expect(text.split('\n')[0]).toBe(JSON.stringify(sampleTrace().header));
    expect(parseTrace(text)).toEqual(sampleTrace());
    expect(serializeTrace(parseTrace(text))).toBe(text);
    writeTrace(dir, sampleTrace('tpl#1'));
    expect(readTraceDir(dir).map((t) => t.header.trialId)).toEqual(['tpl#0', 'tpl#1']);
  });

  it('refuses other format versions, bad headers, missing end records and reserved event types', () => {
    const good = serializeTrace(sampleTrace());
    expect(() => parseTrace(good.replace('"format":1', '"format":2'))).toThrow(/format 2 is not supported/);
    expect(() => parseTrace(good.replace('"configHash":"0123456789abcdef"', '"configHash":"xyz"'))).toThrow(/bad header/);
    expect(() => parseTrace(good.split('\n').slice(0, 2).join('\n'))).toThrow(/end record/);
    expect(() => parseTrace(good.replace('"type":"response"', '"type":"end"'))).toThrow();
    const dir = mkdtempSync(join(tmpdir(), 'trace-'));
    expect(() => readTraceDir(dir)).toThrow(/no traces/);
  });
});
