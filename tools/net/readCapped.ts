/**
 * An HTTP reply's body read under a byte cap: a declared Content-Length over the cap is refused
 * before anything is read, and the bytes are counted as they arrive (after any decompression), the
 * read cancelled as soon as they pass the cap, so a broken or hostile server makes us hold at most
 * the cap. Abort errors (a timeout signal covering the body) pass through for the caller to name.
 */
import { ReplyTooLargeError } from '../errors.ts';

/** "64 KiB", "1 MiB", "32 MiB": a cap as people read it. */
export function formatBytes(n: number): string {
  if (n >= 1024 * 1024 && n % (1024 * 1024) === 0) return `${n / (1024 * 1024)} MiB`;
  if (n >= 1024 && n % 1024 === 0) return `${n / 1024} KiB`;
  return `${n} bytes`;
}

export interface ReadCap {
  maxBytes: number;
  /** Who answered and to what, for the message ("printer mk4 (reading the status)"). */
  what: string;
  hint?: string;
}

function tooLarge(cap: ReadCap, seen: string): ReplyTooLargeError {
  return new ReplyTooLargeError(`${cap.what}: the reply is larger than the ${formatBytes(cap.maxBytes)} cap (${seen}); it was not read further`, cap.maxBytes, { hint: cap.hint });
}

/** The whole body, at most `cap.maxBytes`; past that a ReplyTooLargeError (the connection is cancelled). */
export async function readCapped(res: Response, cap: ReadCap): Promise<Buffer> {
  const declared = Number(res.headers.get('content-length') ?? NaN);
  if (Number.isFinite(declared) && declared > cap.maxBytes) {
    await res.body?.cancel().catch(() => undefined);
    throw tooLarge(cap, `Content-Length ${declared}`);
  }
  if (!res.body) return Buffer.alloc(0);
  const reader = res.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > cap.maxBytes) {
      await reader.cancel().catch(() => undefined);
      throw tooLarge(cap, `more than ${total} bytes arrived`);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks, total);
}

/** The first `maxBytes` of the body as text (an error page, for a message); the rest is not read. */
export async function readHead(res: Response, maxBytes: number): Promise<string> {
  if (!res.body) return '';
  const reader = res.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  try {
    while (total < maxBytes) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value);
      total += value.byteLength;
    }
  } catch {
    // a broken error page: what arrived is enough for the message
  } finally {
    await reader.cancel().catch(() => undefined);
  }
  return Buffer.concat(chunks, total).subarray(0, maxBytes).toString('utf8');
}
