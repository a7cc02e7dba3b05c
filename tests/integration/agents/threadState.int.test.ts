/**
 * The thread's designs are structured thread state (issue 21, the design step): each optimized
 * design is a `made` item of the graph state (the engineering specialist's `remember`), checkpointed
 * with the thread and written into the specialist's later tasks — not read back from "Optimized …
 * design <id>" lines of earlier answers, which leave the task's context after a few turns. Through
 * the real runtime, the registry's specialists and the offline model.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MemorySaver } from '@langchain/langgraph';
import { afterAll, describe, expect, it } from 'vitest';
import { createOfflineModel, createRuntime, EventCollector, Tracer } from '../../../agents/index.ts';
import { loadConfig } from '../../../config/load.ts';

const home = mkdtempSync(join(tmpdir(), 'engiai-made-'));
afterAll(() => rmSync(home, { recursive: true, force: true }));

describe('designs as thread state', () => {
  it('"do the same with rmin 3" four turns later repeats the design and its steps from the state, without listing designs', async () => {
    const saver = new MemorySaver();
    const runtime = await createRuntime({ config: loadConfig({ env: { ENGIAI_HOME: home }, configPath: undefined, cwd: home }), saver });
    try {
      const session = await runtime.session({ model: createOfflineModel() });
      const turn = async (message: string) => {
        const ec = new EventCollector();
        const r = await session.runTurn({ threadId: 't', message, tracer: new Tracer([ec]) });
        return { r, calls: ec.ofType('tool_call') as unknown as { name: string; args: Record<string, unknown> }[] };
      };
      const first = await turn('Optimize beams2d volfrac 0.4, rmin 2, forcedist 0.5 on a 40x20 grid with max_iter 3 and render it');
      expect(first.calls.map((c) => c.name)).toEqual(['create_problem', 'optimize_design', 'render_design']);
      // three turns that push the first answer out of the task's context (its last six entries)
      for (const m of ['hi', 'hello', 'help']) await turn(m);
      const again = await turn('do the same with rmin 3');
      expect(again.calls.map((c) => c.name)).toEqual(['create_problem', 'optimize_design', 'render_design']);
      expect(again.calls[1].args).toEqual({ problem: 'beams2d', conditions: { volfrac: 0.4, rmin: 3, forcedist: 0.5, overhang_constraint: false }, config: { nelx: 40, nely: 20, max_iter: 3 } });
      const state = (await saver.getTuple({ configurable: { thread_id: 't' } }))!.checkpoint.channel_values as { made: { agent: string; kind: string; id: string; request: string; data: Record<string, unknown> }[] };
      expect(state.made.map((x) => [x.agent, x.kind, x.request])).toEqual([
        ['engineering', 'design', 'Optimize beams2d volfrac 0.4, rmin 2, forcedist 0.5 on a 40x20 grid with max_iter 3 and render it'],
        ['engineering', 'design', 'do the same with rmin 3'],
      ]);
      expect(state.made[0].data).toEqual({ problem: 'beams2d', conditions: { volfrac: 0.4, rmin: 2, forcedist: 0.5, overhang_constraint: false }, config: { nelx: 40, nely: 20, max_iter: 3 } });
      expect(again.r.answer).toContain(`other values as in ${state.made[0].id}`);
    } finally {
      await runtime.close();
    }
  }, 120_000);
});
