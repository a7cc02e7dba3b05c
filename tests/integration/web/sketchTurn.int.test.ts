/**
 * A turn with a sketch over real HTTP, offline: the sketch's marks go to the real engineering agent,
 * the marked load becomes Beams2D's forcedist in the optimize_design call, and the keep-out region and
 * the support off Beams2D's own supports are listed as "Not applied". Bad sketches are 400s that run
 * nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PNG } from 'pngjs';
import { CSRF, startTestServer, tempHome, turn } from './helpers.ts';
import type { RunningWebServer } from '../../../web/server/webServer.ts';

let t: ReturnType<typeof tempHome>;
let s: RunningWebServer;

const png = () => {
  const p = new PNG({ width: 40, height: 20 });
  p.data.fill(255);
  return `data:image/png;base64,${PNG.sync.write(p).toString('base64')}`;
};

const MARKS = {
  problem: 'beams2d',
  marks: [
    { kind: 'load', x: 0.7234, y: 0.01, dx: 0, dy: 1 },
    { kind: 'support', x: 0.99, y: 0.98 },
    { kind: 'support', x: 0.4, y: 1 },
    { kind: 'keepout', x0: 0.5, y0: 0.3, x1: 0.2, y1: 0.6 },
  ],
};

beforeAll(async () => {
  t = tempHome('engiai-sketch-');
  s = await startTestServer(t.home, { model: 'offline' });
}, 60_000);
afterAll(async () => {
  await s?.close();
  t?.remove();
});

const post = (id: string, body: unknown) => fetch(`${s.url}/api/threads/${id}/turn`, { method: 'POST', headers: { 'content-type': 'application/json', ...CSRF }, body: JSON.stringify(body) });

describe('a turn with a sketch (offline)', () => {
  it('applies the marked load as forcedist and lists what it cannot use as not applied', async () => {
    const frames = await turn(s.url, 'sk-1', { message: 'Optimize a beam with volfrac 0.4 and rmin 2 on a 30x15 grid with max_iter 5, loaded where I marked it', sketch: { marks: MARKS, png: png() } } as never);
    const end = frames.find((f) => f.event === 'turn_end');
    expect(end?.data.status).toBe('done');
    // the turn says what the sketch held, and that the offline model got no image
    expect(frames.find((f) => f.event === 'run_start')?.data.sketch).toBe("a sketch on beams2d's domain: 1 load, 2 supports, 1 keep-out region; its image was not sent (offline reads no images)");
    const call = frames.find((f) => f.event === 'tool_call' && f.data.name === 'optimize_design');
    const args = call?.data.args as { problem?: string; conditions?: Record<string, unknown> };
    expect(args.problem).toBe('beams2d');
    expect(args.conditions?.forcedist).toBe(0.72);
    expect(args.conditions?.volfrac).toBe(0.4);
    const answer = String(end?.data.answer);
    expect(answer).toMatch(/forcedist = 0\.72 from the load marked on the sketch/);
    const notApplied = /Not applied: (.*)/.exec(answer)?.[1] ?? '';
    expect(notApplied).toContain("the sketch's keep-out region x 0.2–0.5, y 0.3–0.6 (Beams2D has no keep-out");
    expect(notApplied).toContain("the sketch's support at x 0.4, y 1 (Beams2D's supports are fixed");
    // the support on the roller is Beams2D's own: read, not listed as not applied
    expect(notApplied).not.toContain('x 0.99');
    expect(answer).toContain("the sketch's support at x 0.99, y 0.98 is Beams2D's own");
  }, 120_000);

  it('keeps the value the request writes out and lists the sketch load as not applied', async () => {
    const frames = await turn(s.url, 'sk-2', { message: 'Optimize a beams2d beam with volfrac 0.4, rmin 2, forcedist 0.3 on a 30x15 grid with max_iter 5', sketch: { marks: { problem: 'beams2d', marks: [{ kind: 'load', x: 0.9, y: 0 }] } } } as never);
    const call = frames.find((f) => f.event === 'tool_call' && f.data.name === 'optimize_design');
    expect((call?.data.args as { conditions: Record<string, unknown> }).conditions.forcedist).toBe(0.3);
    expect(String(frames.find((f) => f.event === 'turn_end')?.data.answer)).toContain("Not applied: the sketch's load at x 0.9, y 0 (the request gives forcedist = 0.3)");
  }, 120_000);

  it("names a second load, a load that does not point down, a support on the symmetry line, and a sketch of another problem", async () => {
    const marks = { problem: 'beams2d', marks: [{ kind: 'load', x: 0.25, y: 0.5, dx: 1, dy: 0 }, { kind: 'load', x: 0.8, y: 0 }, { kind: 'support', x: 0.02, y: 0.5 }] };
    const frames = await turn(s.url, 'sk-4', { message: 'Optimize a beams2d beam with volfrac 0.4 and rmin 2 on a 30x15 grid with max_iter 5', sketch: { marks } } as never);
    const call = frames.find((f) => f.event === 'tool_call' && f.data.name === 'optimize_design');
    expect((call?.data.args as { conditions: Record<string, unknown> }).conditions.forcedist).toBe(0.25);
    const answer = String(frames.find((f) => f.event === 'turn_end')?.data.answer);
    expect(answer).toContain("the sketch's load was marked 50% down the beam's height; Beams2D loads the top edge, so it is applied there");
    expect(answer).toContain("the sketch load's direction (dx 1, dy 0; Beams2D's load points straight down)");
    expect(answer).toContain("the sketch's load at x 0.8, y 0 (Beams2D takes one load)");
    expect(answer).toContain("the sketch's support at x 0.02, y 0.5 is Beams2D's own: the symmetry line at the left edge");

    const other = await turn(s.url, 'sk-5', { message: 'Optimize a beams2d beam with volfrac 0.4, forcedist 0.5 and rmin 2 on a 30x15 grid with max_iter 5', sketch: { marks: { problem: 'photonics2d', marks: [{ kind: 'keepout', x0: 0.1, y0: 0.1, x1: 0.3, y1: 0.3 }] } } } as never);
    expect(String(other.find((f) => f.event === 'turn_end')?.data.answer)).toContain("the sketch (drawn on photonics2d's domain, the request is about beams2d)");
  }, 120_000);

  it('lists every mark as not applied on a problem with no condition for it', async () => {
    const frames = await turn(s.url, 'sk-3', { message: 'Optimize a thermoelastic2d design with volfrac 0.3 and weight 0.5 on a 16x16 grid with max_iter 3', sketch: { marks: { problem: 'thermoelastic2d', marks: [{ kind: 'load', x: 0.5, y: 0 }] } } } as never);
    const end = frames.find((f) => f.event === 'turn_end');
    expect(String(end?.data.answer)).toContain("the sketch's load at x 0.5, y 0 (no condition of thermoelastic2d takes it)");
  }, 120_000);

  it('routes by the words, not the marks, and searches without them', async () => {
    // a greeting with a sketch is a greeting (the marks' "beams2d", "load" are not the person's words)
    const hello = await turn(s.url, 'sk-6', { message: 'hello', sketch: { marks: MARKS } } as never);
    expect(hello.filter((f) => f.event === 'handoff')).toEqual([]);
    expect(String(hello.find((f) => f.event === 'turn_end')?.data.answer)).toMatch(/^I am EngiAI/);
    const search = await turn(s.url, 'sk-7', { message: 'Search arXiv for topology optimization papers', sketch: { marks: MARKS } } as never);
    expect(search.filter((f) => f.event === 'handoff').map((f) => f.data.to)).toEqual(['arxiv']);
    const call = search.find((f) => f.event === 'tool_call' && f.data.name === 'search_arxiv');
    expect(JSON.stringify(call?.data.args)).not.toMatch(/Sketch marks|keepout/);
    const docs = await turn(s.url, 'sk-8', { message: 'Search my documents for the volume fraction of the bracket study', sketch: { marks: MARKS } } as never);
    expect(docs.filter((f) => f.event === 'handoff').map((f) => f.data.to)).toEqual(['rag']);
    expect(String(docs.find((f) => f.event === 'turn_end')?.data.answer)).not.toMatch(/Sketch marks/);
  }, 120_000);

  it('refuses a bad sketch with a 400 and runs nothing', async () => {
    const cases: [unknown, RegExp][] = [
      [{ marks: { problem: 'beams2d', marks: [{ kind: 'load', x: 1.5, y: 0 }] } }, /sketch marks: marks\.0\.x/],
      [{ marks: { problem: 'beams2d', marks: [{ kind: 'arrow', x: 0.5, y: 0 }] } }, /sketch marks/],
      [{ marks: { problem: 'beams2d', marks: Array.from({ length: 51 }, () => ({ kind: 'support', x: 0, y: 0 })) } }, /sketch marks/],
      [{ marks: MARKS, png: 'data:image/png;base64,AAAA' }, /not a PNG/],
      [{ marks: MARKS, png: 'data:image/jpeg;base64,AAAA' }, /data:image\/png;base64/],
      [{ marks: MARKS, png: `data:image/png;base64,${'A'.repeat(760_000)}` }, /larger than 512 KiB/],
      ['x', /must be an object/],
    ];
    for (const [sketch, error] of cases) {
      const res = await post('sk-bad', { message: 'Optimize a beams2d beam', sketch });
      expect(res.status, JSON.stringify(sketch).slice(0, 80)).toBe(400);
      expect(((await res.json()) as { error: string }).error).toMatch(error);
    }
    const noMessage = await post('sk-bad', { sketch: { marks: MARKS } });
    expect(noMessage.status).toBe(400);
    const huge = await post('sk-bad', { message: 'x', sketch: { marks: MARKS, png: `data:image/png;base64,${'A'.repeat(900_000)}` } });
    expect(huge.status).toBe(413);
    expect(((await huge.json()) as { error: string }).error).toContain('a turn body is at most 800 kB');
    expect((await fetch(`${s.url}/api/threads/sk-bad`)).status).toBe(404);
  }, 60_000);
});
