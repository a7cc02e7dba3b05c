/**
 * A loopback OTLP/HTTP traces receiver (127.0.0.1, port 0): POST /v1/traces with the JSON encoding
 * of ExportTraceServiceRequest, checked the way a collector reads it — resourceSpans → scopeSpans →
 * spans, traceId 32 and spanId 16 lowercase hex (not base64), times as decimal uint64 strings, enum
 * fields as integers, attribute values as typed AnyValue (intValue a decimal string). A body that
 * breaks the format gets 400 with the reason, as a collector would refuse it; a good one 200 {}.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedSpan {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  kind: number;
  start: bigint;
  end: bigint;
  attributes: Record<string, string | number | boolean>;
  events: { name: string; time: bigint; attributes: Record<string, string | number | boolean> }[];
  status: { code: number; message?: string };
  resource: Record<string, string | number | boolean>;
  scope: string;
}

export interface OtlpReceiver {
  url: string;
  spans: ReceivedSpan[];
  requests: { headers: Record<string, string | string[] | undefined>; body: string; status: number; error?: string }[];
  close(): Promise<void>;
}

const HEX = (n: number) => new RegExp(`^[0-9a-f]{${n}}$`);
const UINT64 = /^\d{1,20}$/;

function value(v: unknown, where: string): string | number | boolean {
  const o = v as Record<string, unknown>;
  if (typeof o !== 'object' || o === null) throw new Error(`${where}: AnyValue must be an object`);
  if (typeof o.stringValue === 'string') return o.stringValue;
  if (typeof o.boolValue === 'boolean') return o.boolValue;
  if (typeof o.doubleValue === 'number') return o.doubleValue;
  if (o.intValue !== undefined) {
    // proto3 JSON: int64 as a decimal string (numbers are accepted by collectors too)
    if (typeof o.intValue === 'string' && /^-?\d+$/.test(o.intValue)) return Number(o.intValue);
    if (typeof o.intValue === 'number' && Number.isInteger(o.intValue)) return o.intValue;
    throw new Error(`${where}: intValue ${JSON.stringify(o.intValue)} is not an int64`);
  }
  throw new Error(`${where}: unsupported AnyValue ${JSON.stringify(o)}`);
}

function attributes(list: unknown, where: string): Record<string, string | number | boolean> {
  if (list === undefined) return {};
  if (!Array.isArray(list)) throw new Error(`${where}: attributes must be an array of KeyValue`);
  const out: Record<string, string | number | boolean> = {};
  for (const kv of list as { key?: unknown; value?: unknown }[]) {
    if (typeof kv.key !== 'string' || !kv.key) throw new Error(`${where}: KeyValue without a key`);
    out[kv.key] = value(kv.value, `${where}.${kv.key}`);
  }
  return out;
}

function nanos(v: unknown, where: string): bigint {
  if (typeof v !== 'string' || !UINT64.test(v)) throw new Error(`${where}: fixed64 time must be a decimal string, got ${JSON.stringify(v)}`);
  return BigInt(v);
}

/** Decodes an ExportTraceServiceRequest (JSON); throws naming the first field out of format. */
export function decodeOtlpJson(body: string): ReceivedSpan[] {
  const req = JSON.parse(body) as { resourceSpans?: unknown };
  if (!Array.isArray(req.resourceSpans)) throw new Error('resourceSpans must be an array');
  const out: ReceivedSpan[] = [];
  for (const [ri, rs] of (req.resourceSpans as Record<string, unknown>[]).entries()) {
    const resource = attributes((rs.resource as { attributes?: unknown } | undefined)?.attributes, `resourceSpans[${ri}].resource`);
    if (!Array.isArray(rs.scopeSpans)) throw new Error(`resourceSpans[${ri}].scopeSpans must be an array`);
    for (const ss of rs.scopeSpans as Record<string, unknown>[]) {
      const scope = String((ss.scope as { name?: unknown } | undefined)?.name ?? '');
      for (const [si, s] of ((ss.spans as Record<string, unknown>[] | undefined) ?? []).entries()) {
        const w = `span[${si}]`;
        if (typeof s.traceId !== 'string' || !HEX(32).test(s.traceId) || /^0+$/.test(s.traceId)) throw new Error(`${w}.traceId must be 32 lowercase hex digits, not all zero`);
        if (typeof s.spanId !== 'string' || !HEX(16).test(s.spanId) || /^0+$/.test(s.spanId)) throw new Error(`${w}.spanId must be 16 lowercase hex digits, not all zero`);
        if (s.parentSpanId !== undefined && s.parentSpanId !== '' && (typeof s.parentSpanId !== 'string' || !HEX(16).test(s.parentSpanId))) throw new Error(`${w}.parentSpanId must be 16 hex digits`);
        if (typeof s.name !== 'string' || !s.name) throw new Error(`${w}.name is required`);
        if (s.kind !== undefined && (!Number.isInteger(s.kind) || (s.kind as number) < 0 || (s.kind as number) > 5)) throw new Error(`${w}.kind must be a SpanKind integer`);
        const start = nanos(s.startTimeUnixNano, `${w}.startTimeUnixNano`);
        const end = nanos(s.endTimeUnixNano, `${w}.endTimeUnixNano`);
        if (end < start) throw new Error(`${w} ends before it starts`);
        const status = (s.status as { code?: unknown; message?: unknown } | undefined) ?? {};
        if (status.code !== undefined && ![0, 1, 2].includes(status.code as number)) throw new Error(`${w}.status.code must be 0, 1 or 2`);
        out.push({
          traceId: s.traceId,
          spanId: s.spanId,
          ...(s.parentSpanId ? { parentSpanId: s.parentSpanId as string } : {}),
          name: s.name,
          kind: (s.kind as number) ?? 0,
          start,
          end,
          attributes: attributes(s.attributes, w),
          events: ((s.events as Record<string, unknown>[] | undefined) ?? []).map((e, i) => ({ name: String(e.name), time: nanos(e.timeUnixNano, `${w}.events[${i}].timeUnixNano`), attributes: attributes(e.attributes, `${w}.events[${i}]`) })),
          status: { code: (status.code as number) ?? 0, ...(typeof status.message === 'string' ? { message: status.message } : {}) },
          resource,
          scope,
        });
      }
    }
  }
  return out;
}

export async function startOtlpReceiver(): Promise<OtlpReceiver> {
  const spans: ReceivedSpan[] = [];
  const requests: OtlpReceiver['requests'] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const reply = (status: number, json: unknown, error?: string) => {
        requests.push({ headers: req.headers, body, status, ...(error ? { error } : {}) });
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(json));
      };
      if (req.method !== 'POST' || req.url !== '/v1/traces') return reply(404, { error: 'not found' });
      if (!String(req.headers['content-type'] ?? '').startsWith('application/json')) return reply(415, { error: 'this receiver takes application/json' });
      try {
        spans.push(...decodeOtlpJson(body));
      } catch (err) {
        return reply(400, { code: 3, message: (err as Error).message }, (err as Error).message);
      }
      reply(200, {});
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const port = (server.address() as AddressInfo).port;
  return { url: `http://127.0.0.1:${port}`, spans, requests, close: () => new Promise((r) => server.close(() => r())) };
}
