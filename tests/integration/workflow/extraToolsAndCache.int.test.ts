/**
 * `--extra-tools N` adds N plausible but irrelevant tools to every available specialist (the model
 * sees them; a policy that ignores them still completes), and the opt-in response cache answers a
 * re-run without calling the model, with identical scores.
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { decoyTools } from '../../../benchmarks/agents/extraTools.ts';
import { ScriptedChatModel } from '../../../benchmarks/agents/scriptedChatModel.ts';
import type { Policy } from '../../../benchmarks/agents/transcript.ts';
import { CachingChatModel } from '../../../benchmarks/runner/cachingChatModel.ts';
import { ResponseCache } from '../../../benchmarks/runner/responseCache.ts';
import { workflowPolicy } from '../../../benchmarks/workflow/index.ts';
import { benchHome, byTrial } from './helpers.ts';

describe('extra tools and the response cache', () => {
  it('makes distinct, valid decoys that never clash with real tools', async () => {
    const tools = decoyTools(45, new Set(['convert_units', 'optimize_design']));
    const names = tools.map((t) => t.name);
    expect(new Set(names).size).toBe(45);
    expect(names).not.toContain('convert_units');
    expect(names).toContain('estimate_material_cost_2');
    const cost = tools.find((t) => t.name === 'estimate_material_cost')!;
    expect(cost.schema.safeParse({ material: 'PLA', volume_mm3: 1000, extra: 1 }).success).toBe(false);
    expect((await cost.run({ material: 'PLA', volume_mm3: 1e6 }, { askHuman: async () => '' })).result).toEqual({ cost_eur: 24 });
  });

  it('offers every specialist N more tools; the reference still completes, and a cached re-run calls no model', async () => {
    const seen: string[][] = [];
    const inner = workflowPolicy('reference');
    let calls = 0;
    const recording: Policy = (m, tools) => {
      calls++;
      seen.push([...tools]);
      return inner(m, tools);
    };
    const { run, home } = benchHome();
    const plain = await run({ agent: 'reference', styles: ['W-Rand'] });
    const extra = await run({ model: 'scripted', chatModel: new ScriptedChatModel({ policy: recording, label: 'scripted' }), styles: ['W-Rand'], extraTools: 7 });
    expect(extra.run.failed).toEqual([]);
    expect(extra.trials[0].score).toMatchObject({ s_completion: 1, s_tool: 1 });
    const engineering = seen.find((t) => t.includes('optimize_design'))!;
    const decoys = decoyTools(7, new Set()).map((t) => t.name);
    expect(engineering).toEqual(expect.arrayContaining([...decoys, 'create_problem', 'convert_design_to_stl', 'ask_human_for_clarification']));
    expect(engineering).toHaveLength(9 + 7);
    expect(seen.find((t) => t.includes('transfer_to_engineering'))!.some((n) => decoys.includes(n))).toBe(false);
    expect(byTrial(extra)['beams2d.W-Rand.s0.seed0'].co).toBe(byTrial(plain)['beams2d.W-Rand.s0.seed0'].co);

    const cache = new ResponseCache(join(home, 'cache', 'bench-responses'));
    calls = 0;
    const cached = () => new CachingChatModel({ inner: new ScriptedChatModel({ policy: recording, label: 'scripted' }), cache, spec: 'scripted', settings: {} });
    const first = await run({ model: 'scripted', chatModel: cached(), styles: ['W-Rand', 'Full'] });
    const made = calls;
    expect(made).toBeGreaterThan(8);
    const second = await run({ model: 'scripted', chatModel: cached(), styles: ['W-Rand', 'Full'] });
    expect(calls).toBe(made);
    expect(byTrial(second)).toEqual(byTrial(first));
    expect(second.summary.tc).toBe(1);
  });
});
