/**
 * Follow-ups over several turns with the real engineering tools (small grids): the offline planner
 * finds the thread's designs in the conversation, re-optimizes with the earlier values plus the
 * change and compares, simulates an earlier design under changed conditions and says so, renders
 * and lists — and asks when a bare number could be for several settings.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { EventCollector, Tracer, type ChatSession } from '../../../agents/index.ts';
import { classifyIntents, type OfflineRoute } from '../../../agents/models/offline/index.ts';
import { buildSpecialists } from '../../../agents/specialists/index.ts';
import { testConfig, testSession } from './sessionKit.ts';

let home: string;
let session: ChatSession;
let routes: OfflineRoute[];
beforeAll(async () => {
  home = mkdtempSync(join(tmpdir(), 'engiai-followups-'));
  session = await testSession(home);
  const specialists = await buildSpecialists({ config: testConfig(home) });
  routes = specialists.map((s) => ({ name: s.name, handoff: `transfer_to_${s.name}`, available: s.availability.available, description: s.description, mentionedAt: s.offline?.mentionedAt ?? (() => -1), topicAt: s.offline?.topicAt }));
});
afterAll(() => rmSync(home, { recursive: true, force: true }));

/** A new message, or (`answer`) the explicit answer to the pending question. */
async function turn(threadId: string, message: string, as: 'message' | 'answer' = 'message') {
  const events = new EventCollector();
  const r = await session.runTurn({ threadId, ...(as === 'answer' ? { resume: message } : { message }), tracer: new Tracer([events]), streamTokens: false });
  const results = events.ofType('tool_result').filter((e) => e.agent === 'engineering');
  return { ...r, calls: events.ofType('tool_call').filter((e) => e.agent === 'engineering'), result: (name: string) => results.find((e) => e.name === name)?.result as Record<string, unknown> | undefined };
}

describe('follow-ups in a thread, with the real tools', () => {
  it('make it 0.4 and compare, simulate the first under changed conditions, render, list', async () => {
    const t = 'fu-real';
    const first = await turn(t, 'Optimize a beam with volfrac 0.3, rmin 2 and forcedist 0.5 on a 20x10 grid with max_iter 5');
    expect(first.status).toBe('done');
    const id1 = String(first.result('optimize_design')?.design_id);

    const asked = await turn(t, 'now make it 0.4 and compare');
    expect(asked.status).toBe('interrupted');
    expect(asked.interrupt?.missing).toEqual(['volfrac', 'forcedist']);
    const compared = await turn(t, 'the volume fraction', 'answer');
    expect(compared.status).toBe('done');
    const opt = compared.calls.find((c) => c.name === 'optimize_design')!.args as Record<string, unknown>;
    expect(opt).toMatchObject({ problem: 'beams2d', conditions: { volfrac: 0.4, rmin: 2, forcedist: 0.5 }, config: { nelx: 20, nely: 10, max_iter: 5 } });
    const cmp = compared.result('compare_designs')!;
    const id2 = String(compared.result('optimize_design')?.design_id);
    expect((cmp.designs as { design_id: string }[]).map((d) => d.design_id)).toEqual([id1, id2]);
    expect(cmp.differing_conditions).toEqual(['volfrac']);

    const sim = await turn(t, 'simulate the first one with forcedist 0.8');
    expect(sim.calls.map((c) => [c.name, c.args])).toEqual([['simulate_design', { design_id: id1, conditions: { forcedist: 0.8 } }]]);
    expect(sim.result('simulate_design')?.conditions_changed).toMatchObject({ forcedist: { stored: 0.5, used: 0.8 } });
    expect(sim.answer).toMatch(/not optimized for these conditions/);

    const rendered = await turn(t, 'render it');
    expect(rendered.calls.map((c) => [c.name, c.args])).toEqual([['render_design', { design_id: id2 }]]);
    expect(existsSync(String((rendered.result('render_design')?.files as Record<string, string>).render))).toBe(true);

    const listed = await turn(t, 'list my designs');
    expect((listed.result('list_designs')?.designs as { design_id: string }[]).map((d) => d.design_id)).toEqual([id2, id1]);
  });

  it('do the same with another value repeats the earlier steps', async () => {
    const t = 'fu-same';
    await turn(t, 'Optimize a thermoelastic2d plate with volfrac 0.3 and weight 0.5 with max_iter 3, then simulate it');
    const again = await turn(t, 'do the same with weight 0.8');
    expect(again.calls.map((c) => c.name)).toEqual(['create_problem', 'optimize_design', 'simulate_design']);
    expect(again.calls[1].args).toMatchObject({ conditions: { volfrac: 0.3, weight: 0.8 }, config: { max_iter: 3 } });
  });

  it('a new design from one that was rendered is rendered too ("now with rmin 3"), and one from an unrendered design is not', async () => {
    const t = 'fu-picture';
    await turn(t, 'Optimize a beams2d beam with volfrac 0.4, forcedist 0.5 and rmin 2 on a 20x10 grid with max_iter 3 and render it');
    const next = await turn(t, 'now with rmin 3');
    expect(next.calls.map((c) => c.name)).toEqual(['create_problem', 'optimize_design', 'render_design']);
    const id = String(next.result('optimize_design')?.design_id);
    expect(next.calls[2].args).toEqual({ design_id: id });
    expect(existsSync(String((next.result('render_design')?.files as Record<string, string>).render))).toBe(true);

    const plain = 'fu-no-picture';
    await turn(plain, 'Optimize a beams2d beam with volfrac 0.4, forcedist 0.5 and rmin 2 on a 20x10 grid with max_iter 3');
    expect((await turn(plain, 'now with rmin 3')).calls.map((c) => c.name)).toEqual(['create_problem', 'optimize_design']);
  });

  it('a request with no design in the thread says so', async () => {
    const r = await turn('fu-empty', 'export the last one');
    expect(r.calls.map((c) => c.name)).toEqual(['list_designs']);
    expect(r.answer).toMatch(/no design in this conversation/i);
  });
});

describe('offline supervisor routing', () => {
  const names = (request: string) => classifyIntents(request, routes).map((r) => r.name);

  it('a clause that asks an agent that cannot run is that agent’s', () => {
    // without a cluster the hpc agent cannot run: the clause is reported, not run locally by engineering
    const noCluster = routes.map((r) => (r.name === 'hpc' ? { ...r, available: false, reason: 'no cluster configured' } : r));
    expect(classifyIntents('Run the beam optimization on the cluster', noCluster).map((r) => r.name)).toEqual(['hpc']);
    expect(names('Open the STL in MeshLab')).toEqual(['cli']);
    expect(names('Find papers about topology optimization of beams')).toEqual(['arxiv']);
    expect(names('Search the web for a good volume fraction, then optimize a beam')).toEqual(['websearch', 'engineering']);
    expect(names('Optimize a beam and print it on the Prusa')).toEqual(['engineering', 'prusa']);
  });

  it('misspelt engineering words and bare settings still reach engineering', () => {
    expect(names('optimze a bem with volfrac 0.4')).toEqual(['engineering']);
    expect(names('beams2d volfrac=0.4 rmin=2 forcedist=0.5')).toEqual(['engineering']);
  });

  it('reports work no agent can do and a follow-up goes to the agent that worked last', async () => {
    const t = 'route-1';
    await turn(t, 'Optimize a beam with volfrac 0.3, rmin 2 and forcedist 0.5 on a 20x10 grid with max_iter 3 and e-mail it to me');
    const msgs = await session.messages(t);
    expect(String(msgs[msgs.length - 1].content)).toMatch(/No agent here can send e-mail/);
    const next = await turn(t, 'and 0.35 for the volume fraction?');
    expect(next.calls.map((c) => c.name)).toEqual(['create_problem', 'optimize_design']);
    expect(next.calls[1].args).toMatchObject({ conditions: { volfrac: 0.35 } });
  });
});
