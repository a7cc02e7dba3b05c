/**
 * The web API over real HTTP, Beams3D at its default 16³ grid: a chat turn (the real supervisor, the
 * offline model) streams one progress event per iteration (steps 0…2 of 3, as the UI's progress bar
 * reads them, with each iteration's compliance) between optimize_design's call and its result, and
 * the design the page links is a 16 × 16 × 16 array.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readNpyHeader } from '../../../tools/engineering/store/npy.ts';
import type { RunningWebServer } from '../../../web/server/webServer.ts';
import { progressView, type ToolRow } from '../../../web/ui/src/components/timeline.ts';
import { startTestServer, tempHome, turn } from './helpers.ts';

const MESSAGE = 'Optimize a beams3d design with volfrac 0.3, rmin 1.5, forcedist_x 0.5, forcedist_y 0.5 and max_iter 3';

let server: RunningWebServer;
let tmp: ReturnType<typeof tempHome>;
beforeAll(async () => {
  tmp = tempHome();
  server = await startTestServer(tmp.home);
});
afterAll(async () => {
  await server.close();
  tmp.remove();
});

describe('web chat: Beams3D at the default 16³ grid', () => {
  it('streams progress per iteration before the result and links a 16 × 16 × 16 design', async () => {
    const frames = await turn(server.url, 'b3-default', { message: MESSAGE });
    expect(frames.at(-1)!.data).toMatchObject({ status: 'done' });
    const call = frames.findIndex((f) => f.event === 'tool_call' && f.data.name === 'optimize_design');
    const done = frames.findIndex((f) => f.event === 'tool_result' && f.data.name === 'optimize_design');
    expect(call).toBeGreaterThan(0);
    expect(done).toBeGreaterThan(call);
    const result = frames[done].data as { ok: boolean; result: { design_id: string; iterations: number }; id: string };
    expect(result.ok).toBe(true);
    expect(result.result.iterations).toBe(3);
    const progress = frames.map((f, i) => ({ f, i })).filter(({ f }) => f.event === 'progress');
    expect(progress.map(({ f }) => [f.data.step, f.data.total])).toEqual([[0, 3], [1, 3], [2, 3]]);
    for (const { i } of progress) expect(i > call && i < done).toBe(true);

    // the design the page lists is the one the tool stored, its file 16³
    const listed = (await (await fetch(`${server.url}/api/designs`)).json()) as { designs: { id: string; iterations: number; files: Record<string, string> }[] };
    const d = listed.designs.find((x) => x.id === result.result.design_id)!;
    expect(d.iterations).toBe(3);
    const npy = await fetch(`${server.url}${d.files.design}`);
    expect(npy.status).toBe(200);
    expect(readNpyHeader(new Uint8Array(await npy.arrayBuffer())).shape).toEqual([16, 16, 16]);

    // the tool card's bar, as the browser computes it from a progress event: 2/3 after the second iteration, 3/3 after the third
    const row = (p: Record<string, unknown>): ToolRow => ({ kind: 'tool', id: result.id, key: result.id, agent: 'engineering', name: 'optimize_design', args: {}, progress: { ...(p as { step: number; total: number }), t: 0 } });
    expect(progressView(row(progress[1].f.data))).toMatchObject({ done: 2, total: 3 });
    expect(progressView(row(progress[2].f.data))).toMatchObject({ done: 3, total: 3, text: expect.stringMatching(/^step 3\/3 · c \d/) });
  }, 120_000);
});
