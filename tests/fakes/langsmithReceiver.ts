/**
 * A loopback stand-in for LangSmith's run-ingest API (127.0.0.1, port 0), speaking the wire format
 * of the langsmith client in node_modules: GET /info (server info: here the defaults, so the client
 * uses the multipart endpoint), POST /runs/multipart (multipart/form-data, optionally gzip: parts
 * `post.<id>` / `patch.<id>` with the run's JSON and `post.<id>.inputs|outputs|extra|events|serialized`
 * with its fields) and the JSON fallback POST /runs/batch ({post: [...], patch: [...]}). Runs are
 * merged by id, as LangSmith stores them.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gunzipSync } from 'node:zlib';

export interface IngestedRun {
  id: string;
  name?: string;
  run_type?: string;
  trace_id?: string;
  parent_run_id?: string;
  start_time?: string;
  end_time?: string;
  error?: string;
  inputs?: unknown;
  outputs?: unknown;
  [field: string]: unknown;
}

export interface LangSmithReceiver {
  url: string;
  runs: Map<string, IngestedRun>;
  requests: { method: string; path: string; headers: Record<string, string | string[] | undefined>; body: string }[];
  close(): Promise<void>;
}

/** The parts of a multipart/form-data body: name → bytes. */
export function parseMultipart(body: Buffer, boundary: string): { name: string; type: string; data: Buffer }[] {
  const sep = Buffer.from(`--${boundary}`);
  const out: { name: string; type: string; data: Buffer }[] = [];
  let at = body.indexOf(sep);
  while (at >= 0) {
    const next = body.indexOf(sep, at + sep.length);
    if (next < 0) break;
    const part = body.subarray(at + sep.length + 2, next - 2); // after CRLF, before CRLF
    const headEnd = part.indexOf('\r\n\r\n');
    if (headEnd < 0) throw new Error('a multipart part without headers');
    const head = part.subarray(0, headEnd).toString('utf8');
    const name = /name="([^"]+)"/.exec(head)?.[1];
    if (!name) throw new Error(`a multipart part without a name: ${head}`);
    out.push({ name, type: /Content-Type: ([^\r\n;]+)/i.exec(head)?.[1] ?? '', data: part.subarray(headEnd + 4) });
    at = next;
  }
  return out;
}

export async function startLangSmithReceiver(): Promise<LangSmithReceiver> {
  const runs = new Map<string, IngestedRun>();
  const requests: LangSmithReceiver['requests'] = [];
  const merge = (id: string, fields: Record<string, unknown>) => runs.set(id, { ...(runs.get(id) ?? { id }), ...fields, id });
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      let body = Buffer.concat(chunks);
      const reply = (status: number, json: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(json));
      };
      try {
        if (req.headers['content-encoding'] === 'gzip') body = gunzipSync(body);
        requests.push({ method: req.method ?? '', path: req.url ?? '', headers: req.headers, body: body.toString('utf8') });
        if (req.method === 'GET' && req.url === '/info') return reply(200, {});
        if (req.method === 'POST' && req.url === '/runs/multipart') {
          const boundary = /boundary=([^;]+)/.exec(String(req.headers['content-type']))?.[1];
          if (!boundary) return reply(400, { detail: 'multipart without a boundary' });
          for (const p of parseMultipart(body, boundary)) {
            const [op, id, field] = p.name.split('.');
            if ((op !== 'post' && op !== 'patch') || !id) return reply(400, { detail: `unexpected part ${p.name}` });
            const value = JSON.parse(p.data.toString('utf8')) as unknown;
            merge(id, field ? { [field]: value } : (value as Record<string, unknown>));
          }
          return reply(202, {});
        }
        if (req.method === 'POST' && req.url === '/runs/batch') {
          const batch = JSON.parse(body.toString('utf8')) as { post?: IngestedRun[]; patch?: IngestedRun[] };
          for (const r of [...(batch.post ?? []), ...(batch.patch ?? [])]) merge(r.id, r);
          return reply(202, {});
        }
        reply(404, { detail: 'not found' });
      } catch (err) {
        reply(400, { detail: (err as Error).message });
      }
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, runs, requests, close: () => new Promise((r) => server.close(() => r())) };
}
