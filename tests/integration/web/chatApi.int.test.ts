/**
 * The web API over real HTTP: a turn's SSE event order, artifact links that serve the files,
 * thread list/rename/reopen, approvals through resume, one turn per thread, settings.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningWebServer } from '../../../web/server/webServer.ts';
import { CSRF, startTestServer, tempHome, turn, type SseFrame } from './helpers.ts';

const DESIGN = 'Optimize a beams2d beam with volfrac 0.4, forcedist 0.5 and rmin 2 on a 30x15 grid with max_iter 8, render it and export an STL';

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

const names = (frames: SseFrame[]) => frames.map((f) => f.event);
const api = (path: string, init: RequestInit = {}) => fetch(`${server.url}${path}`, { ...init, headers: { 'content-type': 'application/json', ...CSRF, ...(init.headers ?? {}) } });

describe('chat over SSE', () => {
  let frames: SseFrame[];
  beforeAll(async () => {
    frames = await turn(server.url, 'order-1', { message: DESIGN });
  });

  it('streams the events of a turn in order, ending with turn_end', () => {
    const ev = names(frames);
    expect(ev.slice(0, 2)).toEqual(['accepted', 'run_start']);
    expect(ev.at(-1)).toBe('turn_end');
    expect(ev.at(-2)).toBe('run_end');
    expect(ev.indexOf('handoff')).toBeGreaterThan(0);
    expect(ev.lastIndexOf('answer')).toBeLessThan(ev.indexOf('run_end'));
    // every tool_result follows its tool_call; progress events sit inside optimize_design
    const calls = frames.filter((f) => f.event === 'tool_call').map((f) => f.data.name);
    expect(calls).toEqual(['create_problem', 'optimize_design', 'render_design', 'convert_design_to_stl']);
    for (const f of frames.filter((x) => x.event === 'tool_result')) {
      const callAt = frames.findIndex((x) => x.event === 'tool_call' && x.data.id === f.data.id);
      expect(callAt).toBeGreaterThanOrEqual(0);
      expect(callAt).toBeLessThan(frames.indexOf(f));
    }
    const optCall = frames.findIndex((f) => f.event === 'tool_call' && f.data.name === 'optimize_design');
    const optResult = frames.findIndex((f) => f.event === 'tool_result' && f.data.name === 'optimize_design');
    const progress = frames.map((f, i) => (f.event === 'progress' ? i : -1)).filter((i) => i >= 0);
    expect(progress.length).toBe(8);
    expect(Math.min(...progress)).toBeGreaterThan(optCall);
    expect(Math.max(...progress)).toBeLessThan(optResult);
    expect(frames.at(-1)!.data).toMatchObject({ status: 'done', threadId: 'order-1' });
  });

  it('tool results link their artifacts, and the links serve the files', async () => {
    const links = frames.flatMap((f) => (f.event === 'tool_result' ? ((f.data.links as { kind: string; mediaType: string; url: string }[]) ?? []) : []));
    const image = links.find((l) => l.url.endsWith('/render.png'))!;
    const stl = links.find((l) => l.kind === 'mesh')!;
    expect(stl.mediaType).toBe('model/stl');
    expect(image.kind).toBe('image');
    expect(links.some((l) => l.url.endsWith('/convergence.png'))).toBe(true);
    const png = await fetch(`${server.url}${image.url}`);
    expect(png.status).toBe(200);
    expect(png.headers.get('content-type')).toBe('image/png');
    expect([...new Uint8Array(await png.arrayBuffer()).slice(1, 4)]).toEqual([0x50, 0x4e, 0x47]);
    const file = await fetch(`${server.url}${stl.url}?download=1`);
    expect(file.headers.get('content-disposition')).toMatch(/^attachment; filename=".*\.stl"$/);
    expect(Buffer.from(await file.arrayBuffer()).length).toBeGreaterThan(84);
  });

  it('lists, renames and reopens the thread with its events, messages and links', async () => {
    const list = (await (await api('/api/threads')).json()) as { threads: { id: string; title: string }[] };
    expect(list.threads.find((t) => t.id === 'order-1')?.title).toBe(`${DESIGN.slice(0, 57)}…`);
    const renamed = await api('/api/threads/order-1', { method: 'PATCH', body: JSON.stringify({ title: 'Beam study' }) });
    expect(renamed.status).toBe(200);
    const again = (await (await api('/api/threads')).json()) as { threads: { id: string; title: string }[] };
    expect(again.threads.find((t) => t.id === 'order-1')?.title).toBe('Beam study');
    const bad = await api('/api/threads/order-1', { method: 'PATCH', body: JSON.stringify({ title: '' }) });
    expect(bad.status).toBe(400);
    const detail = (await (await api('/api/threads/order-1')).json()) as { events: { event: { type: string; links?: unknown[] } }[]; messages: { role: string; content: string }[] };
    expect(detail.messages[0]).toMatchObject({ role: 'human', content: DESIGN });
    expect(detail.events.map((e) => e.event.type)).not.toContain('token');
    expect(detail.events.filter((e) => e.event.type === 'tool_result' && e.event.links).length).toBe(3);
    expect((await api('/api/threads/nope-404')).status).toBe(404);
  });
});

describe('approvals and questions', () => {
  it('pauses on an approval, and a resume with true runs the tool', async () => {
    const res = await api('/api/settings', { method: 'PUT', body: JSON.stringify({ approvals: ['convert_design_to_stl'] }) });
    expect(res.status).toBe(200);
    try {
      const asked = await turn(server.url, 'appr-1', { message: DESIGN });
      const end = asked.at(-1)!;
      expect(end.data).toMatchObject({ status: 'interrupted', interrupt: { kind: 'approval', tool: 'convert_design_to_stl' } });
      expect(names(asked)).toContain('interrupt');
      const detail = (await (await api('/api/threads/appr-1')).json()) as { interrupt: { kind: string; callId: string; digest: string } };
      expect(detail.interrupt.kind).toBe('approval');
      const { callId, digest } = detail.interrupt;
      // only a JSON boolean (or a typed decision) bound to the pending call and digest decides
      for (const [resume, status] of [
        [true, 400], ['yes', 400], ['no', 400], [{ approved: 'false' }, 400], [{ approved: 'no' }, 400], [{ approved: 1 }, 400], [{ approved: true }, 400], [{ decision: 'yes', callId, digest }, 400],
        [{ approved: true, callId, digest: 'f'.repeat(64) }, 409], [{ approved: true, callId: 'other', digest }, 409],
      ] as const) {
        const r = await api('/api/threads/appr-1/turn', { method: 'POST', body: JSON.stringify({ resume }) });
        expect([JSON.stringify(resume), r.status]).toEqual([JSON.stringify(resume), status]);
        expect(((await r.json()) as { error: string }).error).toMatch(/approv|decision|call/);
      }
      expect(((await (await api('/api/threads/appr-1')).json()) as { interrupt: unknown }).interrupt).toMatchObject({ callId, digest }); // still pending, nothing ran
      const done = await turn(server.url, 'appr-1', { resume: { approved: true, callId, digest } });
      const result = done.find((f) => f.event === 'tool_result' && f.data.name === 'convert_design_to_stl')!;
      expect(result.data.ok).toBe(true);
      expect(done.at(-1)!.data).toMatchObject({ status: 'done' });
      expect(done[1].data).toMatchObject({ type: 'run_start', resume: true });
    } finally {
      await api('/api/settings', { method: 'PUT', body: JSON.stringify({ approvals: [] }) });
    }
  });

  it('a new message while an approval is pending is a new request: the approval is declined in the timeline, nothing runs', async () => {
    const res = await api('/api/settings', { method: 'PUT', body: JSON.stringify({ approvals: ['convert_design_to_stl'] }) });
    expect(res.status).toBe(200);
    try {
      const asked = await turn(server.url, 'appr-2', { message: DESIGN });
      expect(asked.at(-1)!.data).toMatchObject({ status: 'interrupted', interrupt: { kind: 'approval', tool: 'convert_design_to_stl' } });
      const next = await turn(server.url, 'appr-2', { message: 'ok then list my designs' });
      expect(next.find((f) => f.event === 'reply')?.data).toMatchObject({ kind: 'approval', text: expect.stringMatching(/^denied: a new message came/) });
      expect(next.filter((f) => f.event === 'tool_result' && f.data.name === 'convert_design_to_stl').map((f) => f.data.ok)).toEqual([false]);
      expect(next.at(-1)!.data).toMatchObject({ status: 'done', interrupt: null });
    } finally {
      await api('/api/settings', { method: 'PUT', body: JSON.stringify({ approvals: [] }) });
    }
  });

  it('asks for missing values and takes the answer as the next message', async () => {
    const asked = await turn(server.url, 'clar-1', { message: 'Design a lightweight beam' });
    expect(asked.at(-1)!.data).toMatchObject({ status: 'interrupted', interrupt: { kind: 'clarification' } });
    const done = await turn(server.url, 'clar-1', { resume: 'volfrac 0.3, rmin 1.5, forcedist 1 on a 30x15 grid with max_iter 5' });
    expect(done.at(-1)!.data).toMatchObject({ status: 'done' });
    expect(String(done.at(-1)!.data.answer)).toMatch(/You answered: volfrac 0.3/);
  });

  it('refuses a second turn on a busy thread with 409', async () => {
    // A turn long enough (full 100x50 grid) to still be running; its SSE headers arrive once it has started.
    const LONG = 'Optimize a beams2d beam with volfrac 0.4, forcedist 0.5 and rmin 2 with max_iter 60';
    const first = await fetch(`${server.url}/api/threads/busy-1/turn`, { method: 'POST', headers: { 'content-type': 'application/json', ...CSRF }, body: JSON.stringify({ message: LONG }) });
    const second = await api('/api/threads/busy-1/turn', { method: 'POST', body: JSON.stringify({ message: 'hello' }) });
    expect(second.status).toBe(409);
    await first.text();
  });

  it('rejects an empty turn', async () => {
    expect((await api('/api/threads/x-1/turn', { method: 'POST', body: JSON.stringify({}) })).status).toBe(400);
    expect((await api('/api/threads/bad%20id/turn', { method: 'POST', body: JSON.stringify({ message: 'hi' }) })).status).toBe(400);
  });
});

describe('settings', () => {
  it('lists backends and specialists with reasons, and refuses a backend without its key', async () => {
    const s = (await (await api('/api/settings')).json()) as {
      model: string;
      backends: { spec: string; available: boolean; reason?: string }[];
      specialists: { name: string; available: boolean; reason?: string }[];
    };
    expect(s.model).toBe('offline');
    expect(s.backends.find((b) => b.spec === 'offline')?.available).toBe(true);
    expect(s.backends.find((b) => b.spec.startsWith('openai:'))).toMatchObject({ available: false, reason: expect.stringMatching(/OPENAI_API_KEY/) });
    expect(s.specialists.find((x) => x.name === 'engineering')?.available).toBe(true);
    expect(s.specialists.find((x) => x.name === 'hpc')).toMatchObject({ available: true });
    for (const x of s.specialists.filter((y) => !y.available)) expect(x.reason).toEqual(expect.any(String));
    const put = await api('/api/settings', { method: 'PUT', body: JSON.stringify({ model: 'openai:gpt-4o-mini' }) });
    expect(put.status).toBe(400);
    expect(((await put.json()) as { error: string }).error).toMatch(/OPENAI_API_KEY/);
    const bogus = await api('/api/settings', { method: 'PUT', body: JSON.stringify({ model: 'nonsense' }) });
    expect(bogus.status).toBe(400);
    const approvals = await api('/api/settings', { method: 'PUT', body: JSON.stringify({ approvals: ['rm_rf'] }) });
    expect(approvals.status).toBe(400);
  });
});
