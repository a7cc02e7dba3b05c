/**
 * A printer (or anything at its URL) that sends a huge or endless reply: the PrusaLink client reads
 * at most MAX_REPLY_BYTES and then gives up with a ReplyTooLargeError naming the cap, whether the
 * size is declared or streamed, and the request's timeout covers the body too (a reply that drips
 * forever ends in a TimeoutError at the timeout). Memory is measured around each call.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { ReplyTooLargeError, TimeoutError } from '../../../tools/errors.ts';
import { MAX_REPLY_BYTES, PrusaLink } from '../../../tools/prusa/prusaLink.ts';
import { peakMemoryGrowth, startHostileServer, type HostileReply, type HostileServer } from '../../support/hostileHttp.ts';
import { printerConfig, prusaHome } from './prusaKit.ts';

const MB = 1024 * 1024;
let server: HostileServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function printerAt(reply: HostileReply, timeoutMs = 3000): Promise<PrusaLink> {
  server = await startHostileServer(reply);
  const config = printerConfig(prusaHome().home, { ENGIAI_PRINTER_URL: server.url, ENGIAI_PRINTER_KEY: 'k-0123456789' });
  return new PrusaLink({ ...config.prusa.printers[0], timeoutMs });
}

describe('PrusaLink replies are read under a cap and within the timeout', () => {
  it('a 300 MB status streamed without a length is abandoned at the cap; memory stays bounded', async () => {
    const link = await printerAt({ bytes: 300 * MB });
    const t0 = Date.now();
    const { outcome, growth } = await peakMemoryGrowth(() => link.status());
    expect(outcome).toBeInstanceOf(ReplyTooLargeError);
    expect((outcome as Error).message).toMatch(/printer .* \(reading the status\): the reply is larger than the 1 MiB cap/);
    expect((outcome as ReplyTooLargeError).limitBytes).toBe(MAX_REPLY_BYTES);
    expect(Date.now() - t0).toBeLessThan(3000);
    expect(growth).toBeLessThan(64 * MB);
    // the client cancelled: the server could not push the whole reply
    await new Promise((r) => setTimeout(r, 100));
    expect(server!.sent()).toBeLessThan(100 * MB);
  });

  it('a declared Content-Length over the cap is refused before the body is read', async () => {
    const link = await printerAt({ bytes: 300 * MB, declare: true });
    const err = await link.status().catch((e: Error) => e);
    expect(err).toBeInstanceOf(ReplyTooLargeError);
    expect((err as Error).message).toMatch(/1 MiB cap \(Content-Length 314572800\)/);
  });

  it('an error page is read only in part: the failure is the HTTP status, not the whole page', async () => {
    const link = await printerAt({ bytes: 200 * MB, status: 500, contentType: 'text/plain' });
    const { outcome, growth } = await peakMemoryGrowth(() => link.printFile('a.gcode'));
    // the first request (the storage the file would be on) meets the error page
    expect((outcome as Error).message).toMatch(/reading the storage failed on printer .*: HTTP 500/);
    expect((outcome as Error).message.length).toBeLessThan(600);
    expect(growth).toBeLessThan(64 * MB);
    await new Promise((r) => setTimeout(r, 100));
    expect(server!.sent()).toBeLessThan(100 * MB);
  });

  it('a reply that drips forever ends at the timeout, body included', async () => {
    const link = await printerAt({ bytes: 0, dripMs: 20 }, 800);
    const t0 = Date.now();
    const err = await link.status().catch((e: Error) => e);
    const took = Date.now() - t0;
    expect(err).toBeInstanceOf(TimeoutError);
    expect((err as Error).message).toMatch(/did not finish its reply to reading the status within 800 ms/);
    expect(took).toBeGreaterThanOrEqual(750);
    expect(took).toBeLessThan(3000);
  });
});
