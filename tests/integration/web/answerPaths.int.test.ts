/**
 * Answers name no server folder, over real HTTP: a design session's answer (streamed, in
 * `turn_end`, stored, re-attached, and in the checkpoint messages) has no ENGIAI_HOME or temp path;
 * artifact files in it are `[name](/artifacts/…)` links that serve the file, a design's folder is its id.
 * Hand-off tasks and tool-call arguments shown in the timeline name none either.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { presentText } from '../../../web/server/presentEvent.ts';
import type { RunningWebServer } from '../../../web/server/webServer.ts';
import { startTestServer, tempHome, turn } from './helpers.ts';

const DESIGN = 'Optimize a beams2d beam with volfrac 0.4, forcedist 0.5 and rmin 2 on a 20x10 grid with max_iter 3, render it and export an STL';

let tmp: ReturnType<typeof tempHome>;
let server: RunningWebServer;
beforeAll(async () => {
  tmp = tempHome('engiai-paths-');
  server = await startTestServer(tmp.home);
});
afterAll(async () => {
  await server.close();
  tmp.remove();
});

describe('answers for people', () => {
  it('a design session answer has artifact links and no server path, wherever the client reads it', async () => {
    const frames = await turn(server.url, 'paths', { message: DESIGN });
    const answers = frames.filter((f) => f.event === 'answer').map((f) => String(f.data.content));
    const end = frames.at(-1)!;
    expect(end).toMatchObject({ event: 'turn_end', data: { status: 'done' } });
    const detail = await (await fetch(`${server.url}/api/threads/paths`)).text();
    const replay = await (await fetch(`${server.url}/api/threads/paths/events`)).text();
    const answer = answers.at(-1)!;
    for (const text of [...answers, String(end.data.answer), detail, replay]) {
      expect(text).not.toContain(tmp.home);
      expect(text.includes('/tmp/')).toBe(false);
    }
    // the checkpoint still holds the real paths: only what the browser reads is rewritten
    const session = await server.state.chat.session(server.state.settings.model, server.state.settings.approvals);
    expect(JSON.stringify((await session.messages('paths')).map((m) => m.content))).toContain(tmp.home);
    const links = [...answer.matchAll(/\[([^\]]+)\]\((\/artifacts\/[^)]+)\)/g)];
    expect(links.map((l) => l[1].split('/').pop())).toEqual(expect.arrayContaining(['design.npy', 'render.png']));
    for (const [, , url] of links) expect((await fetch(`${server.url}${url}`)).status).toBe(200);
    expect(answer).toMatch(/Stored in beams2d-[0-9a-f]{16}\b/);
  });

  it('a hand-off to a second agent and its calls name no server path either (the task carries what was found, with paths)', async () => {
    const frames = await turn(server.url, 'handoff-paths', { message: 'Optimize a beams2d beam with volfrac 0.4, forcedist 0.5 and rmin 2 on a 20x10 grid with max_iter 3, export an STL and slice it' });
    expect(frames.at(-1)).toMatchObject({ event: 'turn_end' });
    const handoffs = frames.filter((f) => f.event === 'handoff').map((f) => String(f.data.task));
    expect(handoffs.some((t) => /Found so far/.test(t) && /\.stl\b/.test(t))).toBe(true);
    const calls = frames.filter((f) => f.event === 'tool_call' && f.data.name === 'slice_stl');
    expect(calls.length).toBe(1);
    expect(String((calls[0].data.args as { stl_path: string }).stl_path)).toMatch(/^beams2d-[0-9a-f]{16}\/.*\.stl$/);
    const detail = await (await fetch(`${server.url}/api/threads/handoff-paths`)).text();
    const replay = await (await fetch(`${server.url}/api/threads/handoff-paths/events`)).text();
    for (const text of [JSON.stringify(frames), detail, replay]) expect(text).not.toContain(tmp.home);
  });

  it('presentText: files become links, folders their names, other server paths are hidden', () => {
    const ctx = { artifactsRoot: '/srv/h/artifacts', home: '/srv/h' };
    expect(presentText(ctx, 'see /srv/h/artifacts/beams2d-1/render.png, and /srv/h/artifacts/beams2d-1.')).toBe('see [beams2d-1/render.png](/artifacts/beams2d-1/render.png), and beams2d-1.');
    expect(presentText(ctx, 'log at /srv/h/logs/x.log')).toBe('log at ENGIAI_HOME/logs/x.log');
    expect(presentText(ctx, 'no paths here {"c": 1}')).toBe('no paths here {"c": 1}');
  });
});
