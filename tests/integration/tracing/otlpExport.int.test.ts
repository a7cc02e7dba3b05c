/**
 * OpenTelemetry export end to end: the real `engiai chat` in a child process, configured only by
 * OpenTelemetry's own variables, exports its turn to our loopback OTLP/HTTP receiver, which decodes
 * the JSON wire format. The spans match the chat's own JSON trace (tokens, tool calls, timings),
 * nest under one turn span, and carry no secret and no message text.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startOtlpReceiver, type OtlpReceiver } from '../../fakes/otlpReceiver.ts';
import { loadConfig } from '../../../config/load.ts';
import { createRuntime, otlpExporterFor, type ChatTrace } from '../../../agents/index.ts';

const run = promisify(execFile);
const BIN = join(import.meta.dirname, '..', '..', '..', 'cli', 'bin.js');
const MESSAGE = 'Optimize a Beams2D beam with volfrac 0.4, forcedist 0.65 and rmin 4, then render it';
const SECRET = 'otel-collector-secret-0123456789';
const OPENAI_KEY = 'sk-test-must-not-leak-abcdef012345';

let receiver: OtlpReceiver;
let home: string;

beforeAll(async () => {
  receiver = await startOtlpReceiver();
  home = mkdtempSync(join(tmpdir(), 'engiai-otlp-'));
});
afterAll(async () => {
  await receiver.close();
  rmSync(home, { recursive: true, force: true });
});

async function chat(env: Record<string, string>, args: string[] = []): Promise<ChatTrace> {
  const { stdout } = await run(process.execPath, [BIN, 'chat', '--model', 'offline', '--json', ...args, MESSAGE], {
    env: { ...process.env, ENGIAI_HOME: home, NO_COLOR: '1', OPENAI_API_KEY: OPENAI_KEY, ...env },
    timeout: 120_000,
  });
  return JSON.parse(stdout) as ChatTrace;
}

describe('OTLP export', () => {
  it('sends the turn, its agents, model calls and tool calls with their tokens and timings', async () => {
    const trace = await chat({ OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url, OTEL_EXPORTER_OTLP_HEADERS: `authorization=Bearer%20${SECRET}`, OTEL_SERVICE_NAME: 'engiai-test' });
    expect(trace.status).toBe('done');
    expect(receiver.requests.map((r) => r.status)).toEqual([200]);
    const req = receiver.requests[0];
    expect(req.headers.authorization).toBe(`Bearer ${SECRET}`);
    // nothing secret and no message text in what was exported
    for (const s of [SECRET, OPENAI_KEY, 'forcedist 0.65', home]) expect(req.body).not.toContain(s);

    const spans = receiver.spans;
    expect(new Set(spans.map((s) => s.traceId)).size).toBe(1);
    expect(spans[0].resource['service.name']).toBe('engiai-test');
    const root = spans.filter((s) => !s.parentSpanId);
    expect(root.map((s) => s.name)).toEqual(['engiai.turn']);
    expect(root[0].attributes).toMatchObject({ 'engiai.thread_id': trace.threadId, 'engiai.status': 'done', 'engiai.input_chars': MESSAGE.length });
    const ids = new Set(spans.map((s) => s.spanId));
    for (const s of spans) {
      if (s.parentSpanId) expect(ids.has(s.parentSpanId)).toBe(true);
      expect(s.start >= root[0].start && s.end <= root[0].end).toBe(true);
    }

    const models = spans.filter((s) => s.attributes['gen_ai.operation.name'] === 'chat');
    expect(models).toHaveLength(trace.totals.modelCalls);
    expect(models.reduce((n, s) => n + Number(s.attributes['gen_ai.usage.input_tokens']), 0)).toBe(trace.totals.inputTokens);
    expect(models.reduce((n, s) => n + Number(s.attributes['gen_ai.usage.output_tokens']), 0)).toBe(trace.totals.outputTokens);
    expect(models.every((s) => s.kind === 3 && s.attributes['gen_ai.request.model'] === 'offline')).toBe(true);

    const tools = spans.filter((s) => s.attributes['gen_ai.operation.name'] === 'execute_tool');
    const results = trace.events.filter((e) => e.type === 'tool_result');
    expect(tools.map((s) => s.attributes['gen_ai.tool.name'])).toEqual(results.map((e) => e.name));
    for (const [i, s] of tools.entries()) {
      const r = results[i] as Extract<ChatTrace['events'][number], { type: 'tool_result' }>;
      // the span lasts from the call to its result: the tool's own duration, within a few ms
      expect(Number(s.end - s.start) / 1e6).toBeGreaterThanOrEqual(r.durationMs - 5);
      expect(s.status.code).toBe(r.ok ? 1 : 2);
      // a tool call nests under its agent's visit
      expect(spans.find((p) => p.spanId === s.parentSpanId)?.name).toBe(`agent ${r.agent}`);
    }
    const optimize = results.find((e) => e.name === 'optimize_design')!;
    expect(optimize.durationMs).toBeGreaterThan(50);
    expect(root[0].events.map((e) => e.name)).toContain('handoff');
  }, 150_000);

  it('takes the endpoint from the settings file, and says so when the collector refuses', async () => {
    const before = receiver.requests.length;
    const configPath = join(home, 'engiai.yaml');
    writeFileSync(configPath, `tracing:\n  otlpEndpoint: ${receiver.url}/v1/traces\n`);
    const trace = await chat({ ENGIAI_CONFIG: configPath });
    expect(trace.status).toBe('done');
    expect(receiver.requests.length).toBe(before + 1);
    expect(receiver.requests.at(-1)!.status).toBe(200);

    const { stderr } = await run(process.execPath, [BIN, 'chat', '--model', 'offline', 'hello'], {
      env: { ...process.env, ENGIAI_HOME: home, OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: `${receiver.url}/wrong/path` },
      timeout: 60_000,
    });
    expect(stderr).toMatch(new RegExp(`OTLP export to ${receiver.url}/wrong/path failed: HTTP 404`));

    // credentials written into the endpoint URL are never printed
    const withUser = receiver.url.replace('http://', 'http://collector:pa55w0rd-secret@');
    const { stderr: err2 } = await run(process.execPath, [BIN, 'chat', '--model', 'offline', 'hello'], {
      env: { ...process.env, ENGIAI_HOME: home, OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: `${withUser}/v1/traces` },
      timeout: 60_000,
    });
    expect(err2).toMatch(/OTLP export to http:\/\/127\.0\.0\.1:\d+\/v1\/traces \(credentials in the URL not shown\) failed/);
    expect(err2).not.toContain('pa55w0rd-secret');
  }, 150_000);

  it('is off without an endpoint or with OTEL_SDK_DISABLED, and refuses gRPC', async () => {
    const config = loadConfig({ env: { ENGIAI_HOME: home, OTEL_EXPORTER_OTLP_ENDPOINT: 'http://127.0.0.1:4318/' }, configPath: undefined, cwd: home });
    expect(config.tracing.otlpEndpoint).toBe('http://127.0.0.1:4318/v1/traces');
    expect(otlpExporterFor(config, undefined, {})).not.toBeNull();
    expect(otlpExporterFor(config, undefined, { OTEL_SDK_DISABLED: 'true' })).toBeNull();
    expect(() => otlpExporterFor(config, undefined, { OTEL_EXPORTER_OTLP_PROTOCOL: 'grpc' })).toThrow(/OTLP\/HTTP \(JSON\) only/);
    const plain = loadConfig({ env: { ENGIAI_HOME: home }, configPath: undefined, cwd: home });
    expect(otlpExporterFor(plain, undefined, {})).toBeNull();
    // a runtime without an exporter runs turns as before
    const rt = await createRuntime({ config: plain });
    await rt.close();
  });
});
