/**
 * A chat message asking for far too much ("…on a 100000x50 grid") against the real server in its
 * own process: the turn ends with the limit named in the tool's error, the server's memory stays
 * bounded (it drove RSS past 2.7 GB before the limits), and it keeps serving.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServerProcess, type ServerProcess } from '../../../benchmarks/perf/lib/serverProcess.ts';
import { tempHome, turn } from './helpers.ts';

let server: ServerProcess;
let tmp: ReturnType<typeof tempHome>;
beforeAll(async () => {
  tmp = tempHome('engiai-huge-');
  server = await startServerProcess(tmp.home);
});
afterAll(async () => {
  await server?.stop();
  tmp.remove();
});

describe('a request for a huge grid', () => {
  it('is refused with the limit named; the server stays small and keeps serving', async () => {
    const before = server.rssMb()!;
    const frames = await turn(server.url, 'huge', { message: 'Optimize a beams2d beam with volfrac 0.4, forcedist 0.5 and rmin 2 on a 100000x50 grid' });
    const results = frames.filter((f) => f.event === 'tool_result');
    expect(results.length).toBeGreaterThan(0);
    expect(results.every((f) => f.data.ok === false)).toBe(true);
    expect(JSON.stringify(results[0].data.result)).toMatch(/nelx_limit.*limit of 2000/);
    const end = frames.at(-1)!;
    expect(end.event).toBe('turn_end');
    expect(end.data.answer).toMatch(/limit of 2000/);
    const peak = server.peakRssMb()!;
    // a 100000x50 beam needs about 20 GB; refusing it costs nothing
    expect(peak).toBeLessThan(before + 150);
    expect(peak).toBeLessThan(600);
    const health = await fetch(`${server.url}/api/health`);
    expect(health.status).toBe(200);
  });
});
