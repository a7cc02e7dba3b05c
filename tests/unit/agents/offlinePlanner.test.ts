import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AIMessage, HumanMessage, ToolMessage, type BaseMessage } from '@langchain/core/messages';
import type { BaseChatModel } from '@langchain/core/language_models/chat_models';
import { createOfflineModel, offlineRoles } from '../../../agents/index.ts';
import { classifyIntents, type OfflineRoute } from '../../../agents/models/offline/index.ts';
import { buildSpecialists, type Specialist } from '../../../agents/specialists/index.ts';
import { readRequest } from '../../../agents/specialists/engineering/read/readRequest.ts';
import { problemCatalog, type ProblemInfo } from '../../../tools/engineering/tools/index.ts';
import { chooseBranch, parseExports } from '../../../agents/specialists/engineering/parseExports.ts';
import { testConfig } from './sessionKit.ts';

let catalog: ProblemInfo[];
let home: string;
let specialists: Specialist[];
let roleOf: (agent: string) => BaseChatModel;
beforeAll(async () => {
  catalog = await problemCatalog();
  home = mkdtempSync(join(tmpdir(), 'engiai-planner-'));
  specialists = await buildSpecialists({ config: testConfig(home) });
  roleOf = offlineRoles(createOfflineModel(), specialists);
});
afterAll(() => rmSync(home, { recursive: true, force: true }));

const routes = (): OfflineRoute[] =>
  specialists.map((s) => ({ name: s.name, handoff: `transfer_to_${s.name}`, available: s.availability.available, description: s.description, mentionedAt: s.offline?.mentionedAt ?? (() => -1) }));

function task(request: string): HumanMessage {
  return new HumanMessage(`Request from the person:\n${request}`);
}

function toolResult(ai: AIMessage, result: unknown, status: 'success' | 'error' = 'success'): ToolMessage {
  const c = ai.tool_calls![0];
  return new ToolMessage({ tool_call_id: c.id!, name: c.name, status, content: JSON.stringify(result) });
}

async function step(messages: BaseMessage[], agent = 'engineering'): Promise<AIMessage> {
  return (await roleOf(agent).invoke(messages)) as AIMessage;
}

describe('readRequest', () => {
  it('reads the benchmark phrasing', () => {
    const r = readRequest('Optimize a Beams2D beam with volfrac 0.4, forcedist 0.65 and rmin 4, simulate it and render it', catalog);
    expect(r.problem.id).toBe('beams2d');
    expect(r.conditions).toEqual({ volfrac: 0.4, forcedist: 0.65, rmin: 4 });
    expect(r.steps).toMatchObject({ optimize: true, simulate: true, render: true, stl: false });
  });

  it('reads free phrasing: percentages, "load in the middle", "filter radius", grid size', () => {
    const r = readRequest('run a topology optimization of the beam with 30 % material, load in the middle, filter radius 2 on a 60x30 grid, then show it', catalog);
    expect(r.conditions).toEqual({ volfrac: 0.3, forcedist: 0, rmin: 2 });
    expect(r.config).toEqual({ nelx: 60, nely: 30 });
    expect(r.steps.render).toBe(true);
    expect(r.notes.join()).toMatch(/forcedist 0/);
  });

  it('notices vague words instead of numbers', () => {
    const r = readRequest('Design a lightweight beam with the load near the tip', catalog);
    expect(r.conditions).toEqual({});
    expect(r.vague).toEqual(expect.arrayContaining(['lightweight', 'near the tip']));
  });
});

describe('parseExports', () => {
  it('explicit values (W-Rand) and derived rules (W-Derived)', () => {
    expect(parseExports('Export an STL with threshold 0.45, scale_xy 2.5, scale_z 12 and mirror_y true.', {}).exports).toEqual([
      { threshold: 0.45, scale_xy: 2.5, scale_z: 12, mirror_y: true },
    ]);
    const d = parseExports('Then export it as STL: use the volume fraction as the density threshold, scale_z = 10 × rmin, scale_xy 1, do not mirror.', { volfrac: 0.4, rmin: 4 });
    expect(d.exports).toEqual([{ threshold: 0.4, scale_z: 40, scale_xy: 1, mirror_y: false }]);
  });

  it('preview values lose to manufacturing values (W-Distract); two exports (W-Multi)', () => {
    const p = parseExports('For the preview use threshold 0.2 and scale_z 5. For manufacturing export the STL with threshold 0.6 and scale_z 20.', {});
    expect(p.exports).toEqual([{ threshold: 0.6, scale_z: 20 }]);
    const inline = parseExports('Export the STL with threshold 0.25 for the preview but 0.55 for manufacturing, and scale_z 8.', {});
    expect(inline.exports).toEqual([{ threshold: 0.55, scale_z: 8 }]);
    const m = parseExports('Export a first STL with threshold 0.3, scale_xy 1. Export a second STL with threshold 0.7, scale_xy 2, mirror_y true.', {});
    expect(m.exports).toEqual([{ threshold: 0.3, scale_xy: 1 }, { threshold: 0.7, scale_xy: 2, mirror_y: true }]);
  });

  it('a condition on the simulated compliance picks a branch (W-Cond)', () => {
    const p = parseExports('Use scale_xy 2. If the compliance is below 250, export with threshold 0.3 and mirror_y true; otherwise use threshold 0.6 and mirror_y false.', {});
    expect(p.branching).not.toBeNull();
    expect(chooseBranch(p.branching!, 200)).toMatchObject({ threshold: 0.3, mirror_y: true, scale_xy: 2 });
    expect(chooseBranch(p.branching!, 300)).toMatchObject({ threshold: 0.6, mirror_y: false, scale_xy: 2 });
  });
});

describe('offline supervisor', () => {
  it('routes in the order the request names the specialists', () => {
    expect(classifyIntents('Find the volume fraction in the paper, then optimize the beam', routes()).map((r) => r.name)).toEqual(['rag', 'engineering']);
    expect(classifyIntents('Optimize a beam and print it on the Prusa', routes()).map((r) => r.name)).toEqual(['engineering', 'prusa']);
  });

  it('hands off, then answers from the summary without handing off again', async () => {
    const human = new HumanMessage('Optimize a Beams2D beam with volfrac 0.4, forcedist 0.65 and rmin 4');
    const first = await step([human], 'supervisor');
    expect(first.tool_calls?.map((c) => c.name)).toEqual(['transfer_to_engineering']);
    expect(first.usage_metadata?.input_tokens).toBeGreaterThan(0);
    const summary = { agent: 'engineering', status: 'done', answer: 'Optimized: design beams2d-0123456789abcdef', tools: [], artifacts: ['/x/beams2d-0123456789abcdef'] };
    const second = await step([human, first, toolResult(first, summary)], 'supervisor');
    expect(second.tool_calls ?? []).toEqual([]);
    expect(second.content).toContain('beams2d-0123456789abcdef');
  });

  it('says when it does not understand and suggests configuring an LLM', async () => {
    const ai = await step([new HumanMessage('What is the airspeed velocity of an unladen swallow?')], 'supervisor');
    expect(ai.tool_calls ?? []).toEqual([]);
    expect(String(ai.content)).toMatch(/could not understand[\s\S]*--model openai:/);
  });
});

describe('offline engineering agent', () => {
  it('walks create → optimize → simulate → render using the returned design id', async () => {
    const msgs: BaseMessage[] = [task('Optimize a Beams2D beam with volfrac 0.4, forcedist 0.65 and rmin 4, simulate it and render it')];
    const names: string[] = [];
    const results: Record<string, unknown> = {
      create_problem: { problem: 'beams2d' },
      optimize_design: { design_id: 'beams2d-0123456789abcdef', problem: 'beams2d', iterations: 3 },
      simulate_design: { design_id: 'beams2d-0123456789abcdef', objectives: { c: 250 } },
      render_design: { design_id: 'beams2d-0123456789abcdef', files: { render: '/a/render.png' } },
    };
    for (let i = 0; i < 6; i++) {
      const ai = await step(msgs);
      if (!ai.tool_calls?.length) {
        expect(String(ai.content)).toContain('/a/render.png');
        break;
      }
      const call = ai.tool_calls[0];
      names.push(call.name);
      if (call.name === 'create_problem') expect(call.args).toEqual({ problem: 'beams2d', conditions: { volfrac: 0.4, forcedist: 0.65, rmin: 4 } });
      if (call.name !== 'create_problem' && call.name !== 'optimize_design') expect(call.args.design_id).toBe('beams2d-0123456789abcdef');
      msgs.push(ai, toolResult(ai, results[call.name]));
    }
    expect(names).toEqual(['create_problem', 'optimize_design', 'simulate_design', 'render_design']);
  });

  it('asks for clarification when values are missing, then uses the answer', async () => {
    const msgs: BaseMessage[] = [task('Design a lightweight beam with the load near the tip')];
    const ask = await step(msgs);
    expect(ask.tool_calls?.[0].name).toBe('ask_human_for_clarification');
    expect(ask.tool_calls?.[0].args.missing).toEqual(['volfrac', 'rmin', 'forcedist']);
    msgs.push(ask, toolResult(ask, { answer: 'volfrac 0.25, rmin 3, forcedist 1' }));
    const next = await step(msgs);
    expect(next.tool_calls?.[0]).toMatchObject({ name: 'create_problem', args: { conditions: { volfrac: 0.25, rmin: 3, forcedist: 1 } } });
  });

  it('stops and explains when a tool fails instead of retrying forever', async () => {
    const msgs: BaseMessage[] = [task('Optimize a beams2d beam with volfrac 0.4, forcedist 0 and rmin 2')];
    const ai = await step(msgs);
    expect(ai.tool_calls?.[0].name).toBe('create_problem');
    msgs.push(ai, toolResult(ai, { error: { type: 'InfraError', message: 'the solver worker stopped' } }, 'error'));
    const done = await step(msgs);
    expect(done.tool_calls ?? []).toEqual([]);
    expect(String(done.content)).toMatch(/create_problem failed: the solver worker stopped/);
  });

  it('asks about a value outside its allowed range instead of passing it on', async () => {
    const ask = await step([task('Optimize a beams2d beam with volfrac 1.5, forcedist 0 and rmin 2')]);
    expect(ask.tool_calls?.[0].name).toBe('ask_human_for_clarification');
    expect(ask.tool_calls?.[0].args.missing).toEqual(['volfrac']);
    expect(String(ask.tool_calls?.[0].args.question)).toMatch(/volfrac = 1\.5 is outside the allowed range \[0, 1\]/);
  });

  it('W-Cond: simulates first, then exports the branch the compliance selects', async () => {
    const msgs: BaseMessage[] = [task('Optimize a beams2d beam with volfrac 0.4, forcedist 0.65 and rmin 4. Use scale_xy 2 and scale_z 10. If the compliance is below 100, export with threshold 0.3; otherwise export with threshold 0.7.')];
    const replies: Record<string, unknown> = { create_problem: {}, optimize_design: { design_id: 'beams2d-0123456789abcdef' }, simulate_design: { objectives: { c: 180 } } };
    let stl: AIMessage | null = null;
    for (let i = 0; i < 5 && !stl; i++) {
      const ai = await step(msgs);
      if (ai.tool_calls?.[0].name === 'convert_design_to_stl') stl = ai;
      else msgs.push(ai, toolResult(ai, replies[ai.tool_calls![0].name]));
    }
    expect(stl?.tool_calls?.[0].args).toEqual({ design_id: 'beams2d-0123456789abcdef', threshold: 0.7, scale_xy: 2, scale_z: 10 });
  });
});
