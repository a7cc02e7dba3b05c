/**
 * HeatConduction2D for people and agents: an offline chat request through the registered
 * engineering specialist (the planner reads volume from "volume fraction" and asks for the length),
 * and the agent tools the registry generates (the same the MCP engineering server and the web serve).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readRequest } from '../../../agents/specialists/engineering/read/readRequest.ts';
import { runToolCall } from '../../../agents/supervisor/runToolCall.ts';
import type { ChatTrace } from '../../../agents/trace/traceJson.ts';
import { runChat, type ChatIO } from '../../../cli/commands/chat.ts';
import { engineeringContext } from '../../../tools/engineering/context.ts';
import { engineeringTools, problemCatalog } from '../../../tools/engineering/tools/index.ts';
import { bindTools, type BoundTool, type ToolRuntime } from '../../../tools/tool.ts';

let home: string;
let tools: BoundTool[];
const runtime: ToolRuntime = { askHuman: async () => 'no', threadId: 'thread-hc' };
beforeAll(async () => {
  home = mkdtempSync(join(tmpdir(), 'engiai-hc-'));
  tools = bindTools(await engineeringTools(), engineeringContext(home));
});
afterAll(() => rmSync(home, { recursive: true, force: true }));
const call = (name: string, args: unknown) => runToolCall({ id: `id-${name}`, name, args }, tools, runtime, async () => false);

function io(): ChatIO & { out: string } {
  const self = { out: '', write: (t: string) => void (self.out += t), ask: async () => '' };
  return self;
}

describe('heatconduction2d through chat and the agent tools', () => {
  it('"optimize a heat conduction design with volume fraction 0.4" asks only for the length, then optimizes with the offline model', async () => {
    const first = io();
    const asked = await runChat({ message: 'optimize a heat conduction design with volume fraction 0.4', model: 'offline', home, interactive: false, json: true }, first);
    expect(asked.status).toBe('interrupted');
    const trace = JSON.parse(first.out) as ChatTrace;
    expect(trace.interrupt?.question).toMatch(/heatconduction2d I need values for: length \(/);
    expect(trace.interrupt?.question).not.toMatch(/: volume \(/);

    const second = io();
    const done = await runChat({ thread: trace.threadId, answer: ['length 0.3, resolution 21, max_iter 5'], model: 'offline', home, interactive: false, json: true }, second);
    expect(done.status).toBe('done');
    const t2 = JSON.parse(second.out) as ChatTrace;
    const calls = t2.events.filter((e) => e.type === 'tool_call') as { name: string; args: Record<string, unknown> }[];
    const opt = calls.find((c) => c.name === 'optimize_design')!;
    expect(opt.args).toMatchObject({ problem: 'heatconduction2d', conditions: { volume: 0.4, length: 0.3 }, config: { resolution: 21, max_iter: 5 } });
    const result = t2.events.find((e) => e.type === 'tool_result' && e.name === 'optimize_design') as { ok: boolean; result: { design_id: string } };
    expect(result.ok).toBe(true);
    expect(JSON.stringify(result.result)).toMatch(/heatconduction2d-[0-9a-f]{16}/);
  });

  it('ThermoElastic2D\'s "the rest on heat conduction" still reads as thermoelastic2d alone', async () => {
    const r = readRequest('optimize thermoelastic2d with material budget 0.3 of the domain and 0.6 of the objective on stiffness (the rest on heat conduction)', await problemCatalog());
    expect(r.problem).toMatchObject({ id: 'thermoelastic2d', others: [] });
  });

  it('describe → optimize → simulate → render store and evaluate a heat conduction design', async () => {
    const described = (await call('describe_problem', { problem: 'heatconduction2d' })).result as Record<string, unknown>;
    expect(JSON.stringify(described)).toMatch(/adiabatic/);
    const opt = await call('optimize_design', { problem: 'heatconduction2d', conditions: { volume: 0.45, length: 0.5 }, config: { resolution: 21, max_iter: 8 } });
    expect(opt.ok, JSON.stringify(opt.result)).toBe(true);
    const o = opt.result as { design_id: string };
    const sim = await call('simulate_design', { design_id: o.design_id });
    expect(sim.ok, JSON.stringify(sim.result)).toBe(true);
    expect((sim.result as { objectives: { c: number } }).objectives.c).toBeGreaterThan(0);
    const render = await call('render_design', { design_id: o.design_id });
    expect(render.ok, JSON.stringify(render.result)).toBe(true);
  });
});
