/**
 * The web server's turns exported over OTLP (tracing.otlpEndpoint in the settings): two turns run
 * at once on two threads give two traces, each span in its own turn's trace, none mixed.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../../config/load.ts';
import { startWebServer, type RunningWebServer } from '../../../web/server/webServer.ts';
import { startOtlpReceiver, type OtlpReceiver } from '../../fakes/otlpReceiver.ts';
import { tempHome, turn, waitFor } from '../web/helpers.ts';

let receiver: OtlpReceiver;
let t: ReturnType<typeof tempHome>;
let s: RunningWebServer;

beforeAll(async () => {
  receiver = await startOtlpReceiver();
  t = tempHome('engiai-otlp-web-');
  const base = loadConfig({ env: { ENGIAI_HOME: t.home }, configPath: undefined, cwd: t.home });
  const config = { ...base, tracing: { otlpEndpoint: `${receiver.url}/v1/traces`, serviceName: 'engiai-web' } };
  s = await startWebServer({ config, host: '127.0.0.1', port: 0, client: false });
});
afterAll(async () => {
  await s?.close();
  await receiver?.close();
  t?.remove();
});

describe('OTLP export from the web server', () => {
  it('gives each of two concurrent turns its own trace', async () => {
    const ask = (id: string, volfrac: number) => turn(s.url, id, { message: `Optimize a Beams2D beam with volfrac ${volfrac}, forcedist 0.5 and rmin 2 on a 30x15 grid with max_iter 20` });
    const [a, b] = await Promise.all([ask('otlp-a', 0.3), ask('otlp-b', 0.45)]);
    for (const frames of [a, b]) expect(frames.find((f) => f.event === 'turn_end')?.data.status).toBe('done');
    await waitFor(() => receiver.requests.length >= 2, 10_000);
    expect(receiver.requests.map((r) => r.status)).toEqual([200, 200]);
    const traces = new Map<string, typeof receiver.spans>();
    for (const sp of receiver.spans) traces.set(sp.traceId, [...(traces.get(sp.traceId) ?? []), sp]);
    expect(traces.size).toBe(2);
    const threads = [...traces.values()].map((spans) => {
      const roots = spans.filter((x) => !x.parentSpanId);
      expect(roots).toHaveLength(1);
      const ids = new Set(spans.map((x) => x.spanId));
      // every parent lies in the same trace: no span of one turn hangs under the other's
      for (const x of spans) if (x.parentSpanId) expect(ids.has(x.parentSpanId)).toBe(true);
      expect(spans.filter((x) => x.attributes['gen_ai.tool.name'] === 'optimize_design')).toHaveLength(1);
      expect(spans[0].resource['service.name']).toBe('engiai-web');
      return roots[0].attributes['engiai.thread_id'];
    });
    expect(threads.sort()).toEqual(['otlp-a', 'otlp-b']);
  }, 120_000);
});
