import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runChat, type ChatIO } from '../../../cli/commands/chat.ts';
import type { ChatTrace } from '../../../agents/trace/traceJson.ts';

let home: string;
beforeAll(() => {
  home = mkdtempSync(join(tmpdir(), 'engiai-chat-'));
});
afterAll(() => rmSync(home, { recursive: true, force: true }));

function io(answers: string[] = []): ChatIO & { out: string; asked: string[] } {
  const self = {
    out: '',
    asked: [] as string[],
    write: (t: string) => void (self.out += t),
    ask: async (q: string) => {
      self.asked.push(q);
      return answers.shift() ?? '';
    },
  };
  return self;
}

describe('engiai chat (runChat)', () => {
  it('prints the tool timeline and the artifact paths with the offline model', async () => {
    const t = io();
    const r = await runChat({ message: 'Optimize a Beams2D beam with volfrac 0.4, forcedist 0.65 and rmin 4 on a 30x15 grid, simulate it and render it', model: 'offline', home, interactive: false }, t);
    expect(r.status).toBe('done');
    for (const tool of ['create_problem', 'optimize_design', 'simulate_design', 'render_design']) expect(t.out).toContain(`engineering.${tool}`);
    expect(t.out).toMatch(/→ supervisor hands off to engineering/);
    expect(r.trace.artifacts.some((p) => p.endsWith('render.png') && existsSync(p))).toBe(true);
    for (const p of r.trace.artifacts) expect(t.out).toContain(p);
    expect(existsSync(join(home, 'threads.sqlite'))).toBe(true);
  });

  it('an approval at the terminal takes yes or no exactly: other answers are asked again, never read as a yes', async () => {
    const msg = 'Optimize a beams2d beam with volfrac 0.3, forcedist 0.5 and rmin 2 on a 30x15 grid';
    const t = io(['ok then open it in f3d', 'sure not', 'go away']);
    const r = await runChat({ message: msg, model: 'offline', home, interactive: true, approvals: ['optimize_design'] }, t);
    expect(t.asked).toHaveLength(3);
    expect(t.asked[0]).toMatch(/^Run optimize_design with .* \[yes\/no\]$/);
    expect(t.out).toContain('an approval is answered yes or no, not "ok then open it in f3d"; nothing ran');
    expect(r.status).toBe('done');
    expect(r.trace.events.filter((e) => e.type === 'tool_result' && e.name === 'optimize_design').map((e) => (e as { ok: boolean }).ok)).toEqual([false]);
    const yes = io([' Yes ']);
    const done = await runChat({ message: msg, model: 'offline', home, interactive: true, approvals: ['optimize_design'] }, yes);
    expect(done.trace.events.filter((e) => e.type === 'tool_result' && e.name === 'optimize_design').map((e) => (e as { ok: boolean }).ok)).toEqual([true]);
  });

  it('without a terminal or answers it stops at the question; --thread with --answer resumes it (JSON trace)', async () => {
    const first = io();
    const asked = await runChat({ message: 'Design a lightweight beam', model: 'offline', home, interactive: false, json: true }, first);
    expect(asked.status).toBe('interrupted');
    const trace = JSON.parse(first.out) as ChatTrace;
    expect(trace.status).toBe('interrupted');
    expect(trace.interrupt?.question).toMatch(/volfrac/);
    expect(trace.interrupt?.resumeWith).toContain(`--thread ${trace.threadId}`);
    expect(trace.events.some((e) => e.type === 'tool_call' && e.name === 'ask_human_for_clarification')).toBe(true);

    const second = io();
    const done = await runChat({ thread: trace.threadId, answer: ['volfrac 0.3, rmin 2, forcedist 0.5, 30x15 grid'], model: 'offline', home, interactive: false, json: true }, second);
    expect(done.status).toBe('done');
    const t2 = JSON.parse(second.out) as ChatTrace;
    expect(t2.messages[0]).toMatchObject({ role: 'human', content: 'Design a lightweight beam' });
    const results = t2.events.filter((e) => e.type === 'tool_result');
    expect(results.map((e) => (e as { name: string }).name)).toEqual(['ask_human_for_clarification', 'create_problem', 'optimize_design']);
    expect(t2.totals.modelCalls).toBeGreaterThan(0);
    expect(t2.totals.inputTokens).toBeGreaterThan(0);
    expect(t2.usage).toMatchObject({ calls: t2.totals.modelCalls, costUsd: 0 });
  });

  it('asks at the terminal when interactive', async () => {
    const t = io(['defaults on a 30x15 grid']);
    const r = await runChat({ message: 'Optimize a sturdy beam', model: 'offline', home, interactive: true }, t);
    expect(t.asked).toHaveLength(1);
    expect(r.status).toBe('done');
  });

  it('refuses to run with neither a message nor a thread', async () => {
    await expect(runChat({ model: 'offline', home, interactive: false }, io())).rejects.toMatchObject({ name: 'InputError' });
  });
});
