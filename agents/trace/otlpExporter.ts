/**
 * OpenTelemetry export of the agent event stream: each turn becomes a trace (OTLP/HTTP, JSON
 * encoding) with a span for the turn, one per agent visit, one per model call (model, latency,
 * input and output tokens) and one per tool call (name, duration, ok or error), posted to the
 * configured traces endpoint when the turn ends. It reads only the generic events, never a tool by
 * name; spans carry names, counts and timings, never message text, tool arguments or results, and
 * the endpoint's headers (OTEL_EXPORTER_OTLP_HEADERS: keys, tokens) go only into the HTTP request.
 */
import { randomBytes } from 'node:crypto';
import type { AgentEvent, TraceProcessor } from './agentEvent.ts';

export interface OtlpOptions {
  /** The traces endpoint, e.g. http://127.0.0.1:4318/v1/traces. */
  endpoint: string;
  serviceName?: string;
  /** Sent with each export (authorisation); never put in a span. */
  headers?: Record<string, string>;
  /** Per export request (default 10 s). */
  timeoutMs?: number;
  /** Told of a failed export (a message naming the endpoint and status, never the headers). */
  onError?: (message: string) => void;
}

type AnyValue = { stringValue: string } | { intValue: string } | { doubleValue: number } | { boolValue: boolean };
interface KeyValue {
  key: string;
  value: AnyValue;
}

export interface OtlpSpan {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  /** SPAN_KIND_INTERNAL = 1, SPAN_KIND_CLIENT = 3. */
  kind: number;
  startTimeUnixNano: string;
  endTimeUnixNano: string;
  attributes: KeyValue[];
  events?: { timeUnixNano: string; name: string; attributes: KeyValue[] }[];
  /** STATUS_CODE_OK = 1, STATUS_CODE_ERROR = 2. */
  status: { code: number; message?: string };
}

const hexId = (bytes: number) => randomBytes(bytes).toString('hex');
/** Milliseconds since the epoch (fractional) as decimal nanoseconds, exactly. */
const nanos = (ms: number) => (BigInt(Math.floor(ms)) * 1_000_000n + BigInt(Math.round((ms % 1) * 1e6))).toString();

function attr(key: string, v: string | number | boolean): KeyValue {
  if (typeof v === 'boolean') return { key, value: { boolValue: v } };
  if (typeof v === 'number') return { key, value: Number.isInteger(v) ? { intValue: String(v) } : { doubleValue: v } };
  return { key, value: { stringValue: v.length > 256 ? `${v.slice(0, 255)}…` : v } };
}

interface OpenSpan {
  span: OtlpSpan;
  startMs: number;
}

/** Builds the spans of one turn's runs (run_start … run_end) from the event stream. */
export class TurnSpans implements TraceProcessor {
  private traceId = '';
  private turn: OpenSpan | null = null;
  private readonly agents = new Map<string, OpenSpan>();
  private readonly tools = new Map<string, OpenSpan>();
  private spans: OtlpSpan[] = [];

  constructor(private readonly onTurnEnd: (spans: OtlpSpan[]) => void) {}

  private open(name: string, kind: number, startMs: number, parent: OpenSpan | null, attributes: KeyValue[]): OpenSpan {
    const span: OtlpSpan = { traceId: this.traceId, spanId: hexId(8), name, kind, startTimeUnixNano: nanos(startMs), endTimeUnixNano: nanos(startMs), attributes, status: { code: 1 } };
    if (parent) span.parentSpanId = parent.span.spanId;
    return { span, startMs };
  }

  private close(o: OpenSpan, endMs: number): void {
    o.span.endTimeUnixNano = nanos(Math.max(endMs, o.startMs));
    this.spans.push(o.span);
  }

  private parentOf(agent: string): OpenSpan | null {
    return this.agents.get(agent) ?? this.turn;
  }

  onEvent(e: AgentEvent): void {
    if (e.type === 'run_start') {
      this.traceId = hexId(16);
      this.spans = [];
      this.turn = this.open('engiai.turn', 1, e.t, null, [attr('engiai.thread_id', e.threadId), attr('engiai.resume', e.resume), ...(e.input !== null ? [attr('engiai.input_chars', e.input.length)] : [])]);
      return;
    }
    if (!this.turn) return;
    switch (e.type) {
      case 'node_start':
        this.agents.set(e.agent, this.open(`agent ${e.agent}`, 1, e.t, this.turn, [attr('engiai.agent', e.agent), attr('engiai.node', e.node)]));
        return;
      case 'node_end': {
        const o = this.agents.get(e.agent);
        if (o) {
          this.agents.delete(e.agent);
          this.close(o, e.t);
        }
        return;
      }
      case 'model_call': {
        const o = this.open(`chat ${e.model}`, 3, e.t - e.latencyMs, this.parentOf(e.agent), [
          attr('gen_ai.operation.name', 'chat'),
          attr('gen_ai.request.model', e.model),
          attr('gen_ai.usage.input_tokens', e.inputTokens),
          attr('gen_ai.usage.output_tokens', e.outputTokens),
          attr('engiai.agent', e.agent),
          attr('engiai.tool_calls', e.toolCalls.length),
          attr('engiai.latency_ms', e.latencyMs),
        ]);
        this.close(o, e.t);
        return;
      }
      case 'tool_call':
        this.tools.set(e.id, this.open(`execute_tool ${e.name}`, 1, e.t, this.parentOf(e.agent), [attr('gen_ai.operation.name', 'execute_tool'), attr('gen_ai.tool.name', e.name), attr('gen_ai.tool.call.id', e.id), attr('engiai.agent', e.agent)]));
        return;
      case 'tool_result': {
        const o = this.tools.get(e.id) ?? this.open(`execute_tool ${e.name}`, 1, e.t - e.durationMs, this.parentOf(e.agent), [attr('gen_ai.tool.name', e.name), attr('engiai.agent', e.agent)]);
        this.tools.delete(e.id);
        o.span.attributes.push(attr('engiai.duration_ms', e.durationMs), attr('engiai.artifacts', (e.artifacts ?? []).length));
        if (!e.ok) o.span.status = { code: 2, message: errorKind(e.highlights) };
        this.close(o, e.t);
        return;
      }
      case 'handoff':
      case 'interrupt':
      case 'stopped':
        (this.turn.span.events ??= []).push({
          timeUnixNano: nanos(e.t),
          name: e.type,
          attributes: e.type === 'handoff' ? [attr('engiai.from', e.from), attr('engiai.to', e.to)] : e.type === 'interrupt' ? [attr('engiai.kind', e.kind), attr('engiai.agent', e.payload.agent)] : [attr('engiai.reason', e.reason)],
        });
        return;
      case 'run_end': {
        const end = e.t;
        for (const o of [...this.tools.values(), ...this.agents.values()]) this.close(o, end);
        this.tools.clear();
        this.agents.clear();
        this.turn.span.attributes.push(attr('engiai.status', e.status), attr('engiai.duration_ms', e.durationMs));
        if (e.status === 'error') this.turn.span.status = { code: 2, message: 'the turn failed' };
        this.close(this.turn, end);
        this.turn = null;
        const spans = this.spans;
        this.spans = [];
        this.onTurnEnd(spans);
        return;
      }
      default:
        return;
    }
  }
}

/** What kind of error a failed call had (its class of error, never its text: that may quote inputs). */
function errorKind(highlights: Record<string, unknown> | undefined): string {
  const error = highlights?.error as { kind?: unknown; type?: unknown; name?: unknown } | undefined;
  const kind = error?.kind ?? error?.type ?? error?.name;
  return typeof kind === 'string' ? kind.slice(0, 80) : 'tool error';
}

/** The OTLP/HTTP JSON body (ExportTraceServiceRequest) for spans of one service. */
export function otlpBody(spans: OtlpSpan[], serviceName: string, version: string): string {
  return JSON.stringify({
    resourceSpans: [
      {
        resource: { attributes: [attr('service.name', serviceName), attr('telemetry.sdk.name', 'engiai'), attr('telemetry.sdk.language', 'nodejs'), attr('service.version', version)] },
        scopeSpans: [{ scope: { name: 'engiai.agents', version }, spans }],
      },
    ],
  });
}

/** Exports each finished turn's spans; `flush()` waits for exports under way. */
export class OtlpExporter {
  private readonly pending = new Set<Promise<void>>();
  /** Turns exported and failed, for status lines and tests. */
  readonly stats = { exported: 0, failed: 0, spans: 0 };

  constructor(private readonly opts: OtlpOptions) {}

  /** A processor for one turn's events (a session adds one per turn: concurrent turns never mix). */
  processor(): TraceProcessor {
    return new TurnSpans((spans) => this.send(spans));
  }

  private send(spans: OtlpSpan[]): void {
    if (!spans.length) return;
    const p = this.post(spans).finally(() => this.pending.delete(p));
    this.pending.add(p);
  }

  private async post(spans: OtlpSpan[]): Promise<void> {
    try {
      const res = await fetch(this.opts.endpoint, {
        method: 'POST',
        headers: { ...this.opts.headers, 'content-type': 'application/json' },
        body: otlpBody(spans, this.opts.serviceName ?? 'engiai', '0.1.0'),
        signal: AbortSignal.timeout(this.opts.timeoutMs ?? 10_000),
      });
      await res.arrayBuffer().catch(() => undefined);
      if (!res.ok) throw new Error(`HTTP ${res.status}`);
      this.stats.exported++;
      this.stats.spans += spans.length;
    } catch (err) {
      this.stats.failed++;
      // the error's own text may quote the URL: user and password out of it too
      const why = (err as Error).message.replace(/\/\/[^/@\s]+@/g, '//');
      this.opts.onError?.(`OTLP export to ${shownUrl(this.opts.endpoint)} failed: ${why}`);
    }
  }

  async flush(): Promise<void> {
    while (this.pending.size) await Promise.all([...this.pending]);
  }
}

/** The endpoint as it may be shown: without a user name or password in it. */
export function shownUrl(url: string): string {
  try {
    const u = new URL(url);
    if (!u.username && !u.password) return url;
    u.username = '';
    u.password = '';
    return `${u.toString()} (credentials in the URL not shown)`;
  } catch {
    return '(an endpoint that is not a URL)';
  }
}

/** OTEL_EXPORTER_OTLP_HEADERS / _TRACES_HEADERS: comma-separated key=value pairs, values percent-decoded. */
export function otlpHeaders(env: NodeJS.ProcessEnv = process.env): Record<string, string> {
  const out: Record<string, string> = {};
  for (const raw of [env.OTEL_EXPORTER_OTLP_HEADERS, env.OTEL_EXPORTER_OTLP_TRACES_HEADERS]) {
    for (const pair of (raw ?? '').split(',')) {
      const i = pair.indexOf('=');
      if (i <= 0) continue;
      const key = pair.slice(0, i).trim();
      let value = pair.slice(i + 1).trim();
      try {
        value = decodeURIComponent(value);
      } catch {
        // not percent-encoded: used as written
      }
      if (/^[A-Za-z0-9!#$%&'*+.^_`|~-]+$/.test(key)) out[key.toLowerCase()] = value;
    }
  }
  return out;
}
