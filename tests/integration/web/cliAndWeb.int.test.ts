/**
 * The CLI and the web UI agree, over one ENGIAI_HOME: an `engiai chat` thread is in the web Threads
 * list with its message as the title and its timeline as agent events; a CLI turn on a web thread
 * is in that thread's timeline; "list all designs" in a chat lists what the Designs page lists, and
 * `engiai designs --json` (the real CLI, a child process) does too.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runChat } from '../../../cli/commands/chat.ts';
import type { RunningWebServer } from '../../../web/server/webServer.ts';
import { engiai } from '../cli/helpers.ts';
import { startTestServer, tempHome, turn } from './helpers.ts';

const DESIGN = 'Optimize a beams2d beam with volfrac 0.4, forcedist 0.5 and rmin 2 on a 20x10 grid with max_iter 3';
const OTHER = 'Optimize a beams2d beam with volfrac 0.5, forcedist 0.5 and rmin 2 on a 20x10 grid with max_iter 3';
const silent = { write: () => {}, ask: async () => '' };

let tmp: ReturnType<typeof tempHome>;
let server: RunningWebServer;
beforeAll(async () => {
  tmp = tempHome('engiai-cliweb-');
  server = await startTestServer(tmp.home);
});
afterAll(async () => {
  await server.close();
  tmp.remove();
});

type Detail = { thread: { title: string }; events: { turn: number; event: { type: string; name?: string; input?: string | null; content?: string; result?: unknown } }[] };
const detail = async (id: string) => (await (await fetch(`${server.url}/api/threads/${id}`)).json()) as Detail;

describe('engiai chat and the web UI', () => {
  it('a CLI thread is in the Threads list with its message as title, and opens as its timeline', async () => {
    const out = await runChat({ message: DESIGN, home: tmp.home, interactive: false }, silent);
    expect(out.status).toBe('done');
    const list = (await (await fetch(`${server.url}/api/threads`)).json()) as { threads: { id: string; title: string; model: string }[] };
    const row = list.threads.find((t) => t.id === out.threadId);
    expect(row).toMatchObject({ title: `${DESIGN.slice(0, 57)}…`, model: 'offline' });
    const d = await detail(out.threadId);
    const types = d.events.map((e) => e.event);
    expect(types[0]).toMatchObject({ type: 'run_start', input: DESIGN });
    expect(types.some((e) => e.type === 'tool_result' && e.name === 'optimize_design')).toBe(true);
    expect(types.filter((e) => e.type === 'token')).toEqual([]);
    expect(types.at(-1)).toMatchObject({ type: 'run_end' });
  });

  it('a CLI turn on a web thread shows in its timeline as the next turn', async () => {
    const web = await turn(server.url, 'from-web', { message: OTHER });
    expect(web.at(-1)?.data).toMatchObject({ status: 'done' });
    const out = await runChat({ message: 'list all designs', thread: 'from-web', home: tmp.home, interactive: false }, silent);
    expect(out.status).toBe('done');
    const d = await detail('from-web');
    expect(d.thread.title).toBe(`${OTHER.slice(0, 57)}…`);
    expect([...new Set(d.events.map((e) => e.turn))]).toEqual([1, 2]);
    const second = d.events.filter((e) => e.turn === 2).map((e) => e.event);
    expect(second[0]).toMatchObject({ type: 'run_start', input: 'list all designs' });
    expect(second.some((e) => e.type === 'tool_result' && e.name === 'list_designs')).toBe(true);
  });

  it('"list all designs" lists what the Designs page lists, and so does engiai designs --json', async () => {
    const page = ((await (await fetch(`${server.url}/api/designs`)).json()) as { designs: { id: string }[] }).designs.map((d) => d.id);
    expect(page.length).toBe(2);
    // a new conversation: none of them were made here, "all" still lists every one
    const out = await runChat({ message: 'list all designs', home: tmp.home, interactive: false }, silent);
    const listed = out.trace.events.find((e) => e.type === 'tool_result' && e.name === 'list_designs') as { result: { scope: string; designs: { design_id: string }[] } } | undefined;
    expect(listed?.result.scope).toBe('all');
    expect(listed?.result.designs.map((d) => d.design_id)).toEqual(page);
    expect(out.answer).toContain('Designs (all stored, newest first):');
    for (const id of page) expect(out.answer).toContain(id);
    // this conversation's designs: none, and the answer says the store has some
    const mine = await runChat({ message: 'list my designs', home: tmp.home, interactive: false }, silent);
    expect(mine.answer).toContain('No designs made in this conversation (the store holds 2: ask to "list all designs")');

    const cli = engiai(tmp.home, ['designs', '--json']);
    expect(cli.code).toBe(0);
    const json = JSON.parse(cli.stdout) as { count: number; designs: { id: string; problem: string; conditions: Record<string, unknown>; files: string[] }[] };
    expect(json.count).toBe(2);
    expect(json.designs.map((d) => d.id)).toEqual(page);
    expect(json.designs.map((d) => d.conditions.volfrac)).toEqual([0.5, 0.4]);
    expect(json.designs[0]).toMatchObject({ problem: 'beams2d', conditions: { forcedist: 0.5, rmin: 2 } });
    expect(json.designs[0].files).toContain('design');
    const text = engiai(tmp.home, ['designs']);
    expect(text.code).toBe(0);
    for (const id of page) expect(text.stdout).toContain(id);
    expect(text.stdout).toContain('2 designs');
    expect(engiai(tmp.home, ['designs', '--limit', 'x']).code).toBe(2);
  });
});
