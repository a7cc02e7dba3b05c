/** Starts the web server on 127.0.0.1:0 over a temp ENGIAI_HOME and reads its SSE turns. */
import { mkdtempSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig } from '../../../config/load.ts';
import { startWebServer, type RunningWebServer, type WebServerOptions } from '../../../web/server/webServer.ts';

export const CSRF = { 'x-engiai-csrf': '1' };

export function tempHome(prefix = 'engiai-web-'): { home: string; remove: () => void } {
  const home = mkdtempSync(join(tmpdir(), prefix));
  return { home, remove: () => rmSync(home, { recursive: true, force: true }) };
}

export async function startTestServer(home: string, opts: Partial<WebServerOptions> = {}): Promise<RunningWebServer> {
  const config = loadConfig({ env: { ENGIAI_HOME: home }, configPath: undefined, cwd: home });
  return startWebServer({ config, host: '127.0.0.1', port: 0, client: false, ...opts });
}

export interface SseFrame {
  event: string;
  data: Record<string, unknown>;
}

export function parseSse(text: string): SseFrame[] {
  const frames: SseFrame[] = [];
  for (const block of text.split('\n\n')) {
    let event = 'message';
    const data: string[] = [];
    for (const line of block.split('\n')) {
      if (line.startsWith('event: ')) event = line.slice(7);
      else if (line.startsWith('data: ')) data.push(line.slice(6));
    }
    if (data.length) frames.push({ event, data: JSON.parse(data.join('\n')) as Record<string, unknown> });
  }
  return frames;
}

/** Posts a turn and returns every SSE frame once the stream ends. */
export async function turn(url: string, threadId: string, body: { message?: string; resume?: unknown; model?: string }, headers: Record<string, string> = {}): Promise<SseFrame[]> {
  const res = await fetch(`${url}/api/threads/${threadId}/turn`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...CSRF, ...headers },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`turn failed: ${res.status} ${await res.text()}`);
  expectEventStream(res.headers.get('content-type'));
  return parseSse(await res.text());
}

function expectEventStream(type: string | null) {
  if (!type?.startsWith('text/event-stream')) throw new Error(`expected text/event-stream, got ${type}`);
}

/** A GET with the path sent byte for byte (fetch would normalise `..` and `%2e%2e`). */
export function rawGet(url: string, path: string, headers: Record<string, string> = {}): Promise<{ status: number; body: string }> {
  const u = new URL(url);
  return new Promise((resolve, reject) => {
    const req = request({ host: u.hostname, port: u.port, path, method: 'GET', headers }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (c) => (body += c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

/**
 * Posts a turn and reads its SSE frames as they come; `until(frame)` returning true drops the
 * connection there (a client that goes away). Resolves to the frames read and the HTTP status.
 */
export async function streamTurn(url: string, threadId: string, body: { message?: string; resume?: unknown }, until: (f: SseFrame) => boolean = () => false): Promise<{ status: number; frames: SseFrame[]; headers: Headers; dropped: boolean }> {
  const controller = new AbortController();
  const res = await fetch(`${url}/api/threads/${threadId}/turn`, { method: 'POST', headers: { 'content-type': 'application/json', ...CSRF }, body: JSON.stringify(body), signal: controller.signal });
  const frames: SseFrame[] = [];
  if (!res.ok || !res.body) return { status: res.status, frames, headers: res.headers, dropped: false };
  const reader = res.body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) return { status: res.status, frames, headers: res.headers, dropped: false };
      buffer += decoder.decode(value, { stream: true });
      let cut: number;
      while ((cut = buffer.indexOf('\n\n')) >= 0) {
        const parsed = parseSse(buffer.slice(0, cut + 2));
        buffer = buffer.slice(cut + 2);
        for (const f of parsed) {
          frames.push(f);
          if (until(f)) {
            controller.abort();
            return { status: res.status, frames, headers: res.headers, dropped: true };
          }
        }
      }
    }
  } finally {
    reader.releaseLock();
  }
}

/** Polls `check` every 50 ms until it holds or `timeoutMs` passes; resolves to the time it took. */
export async function waitFor(check: () => boolean | Promise<boolean>, timeoutMs: number): Promise<number> {
  const t0 = performance.now();
  while (!(await check())) {
    if (performance.now() - t0 > timeoutMs) throw new Error(`condition not met within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 50));
  }
  return performance.now() - t0;
}
