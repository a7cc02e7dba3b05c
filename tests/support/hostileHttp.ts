/**
 * A loopback HTTP server (127.0.0.1, port 0) that answers every request with a hostile body: a
 * huge one (streamed in 64 KiB chunks with back-pressure, so the server itself holds little),
 * with or without a Content-Length, or one that drips a byte at a time and never ends. It counts
 * the bytes it managed to send, so a test can see that the client stopped reading.
 */
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

// a full collection before each measurement, so an earlier test's garbage is not in the baseline
setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

export interface HostileReply {
  /** Bytes of body to send (the JSON head and padding count in). */
  bytes: number;
  /** Declare the size in Content-Length (otherwise chunked). */
  declare?: boolean;
  /** Send one byte every this many ms, forever, instead of `bytes` at once. */
  dripMs?: number;
  status?: number;
  contentType?: string;
}

export interface HostileServer {
  url: string;
  /** Body bytes written to sockets so far. */
  sent(): number;
  close(): Promise<void>;
}

const CHUNK = Buffer.alloc(64 * 1024, 'a');

export async function startHostileServer(reply: HostileReply): Promise<HostileServer> {
  let sent = 0;
  const drips = new Set<NodeJS.Timeout>();
  const server = createServer((req, res: ServerResponse) => {
    req.resume();
    res.on('error', () => undefined);
    const head = Buffer.from('{"printer":{"state":"IDLE","pad":"');
    res.writeHead(reply.status ?? 200, { 'content-type': reply.contentType ?? 'application/json', ...(reply.declare ? { 'content-length': String(reply.bytes) } : {}) });
    if (reply.dripMs !== undefined) {
      res.write(head);
      const t = setInterval(() => {
        if (res.destroyed) return clearInterval(t);
        res.write('a');
        sent++;
      }, reply.dripMs);
      drips.add(t);
      res.on('close', () => clearInterval(t));
      return;
    }
    let left = reply.bytes - head.length;
    res.write(head);
    sent += head.length;
    const pump = (): void => {
      while (left > 0 && !res.destroyed) {
        const n = Math.min(left, CHUNK.length);
        left -= n;
        sent += n;
        if (!res.write(n === CHUNK.length ? CHUNK : CHUNK.subarray(0, n))) return void res.once('drain', pump);
      }
      if (!res.destroyed) res.end();
    };
    pump();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    sent: () => sent,
    close: () =>
      new Promise<void>((resolve) => {
        for (const t of drips) clearInterval(t);
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/**
 * Runs `work` while sampling what this process holds (V8 heap + external memory, Buffers
 * included) every 5 ms, after a full collection; returns its outcome and the peak growth in bytes.
 * Unlike RSS, this does not hide a big allocation in pages an earlier test left mapped.
 */
export async function peakMemoryGrowth<T>(work: () => Promise<T>): Promise<{ outcome: T | Error; growth: number }> {
  const held = () => {
    const m = process.memoryUsage();
    return m.heapUsed + m.external;
  };
  gc();
  const base = held();
  let peak = base;
  const timer = setInterval(() => (peak = Math.max(peak, held())), 5);
  let outcome: T | Error;
  try {
    outcome = await work();
  } catch (err) {
    outcome = err as Error;
  } finally {
    clearInterval(timer);
  }
  peak = Math.max(peak, held());
  return { outcome, growth: peak - base };
}
