/**
 * The real-model path (benchmarks.md §6): the scripted reference policy answered over the wire by the
 * loopback OpenAI fake, so our real OpenAI client drives the real supervisor graph — and the scores
 * must equal the in-process run's exactly: a real model is scored by the same code.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { fromOpenAi } from '../../../benchmarks/agents/transcript.ts';
import { STYLES, workflowPolicy, type WorkflowAgent } from '../../../benchmarks/workflow/index.ts';
import { readTraceDir } from '../../../benchmarks/trace/index.ts';
import { startFakeOpenAI, type FakeOpenAI, type RecordedRequest } from '../../fakes/index.ts';
import { benchHome, byTrial } from './helpers.ts';

let fake: FakeOpenAI | undefined;
afterEach(async () => {
  await fake?.close();
  fake = undefined;
});

/** The fake answers every chat completion with the policy's decision on that request. */
function replay(agent: WorkflowAgent, steps: number) {
  const policy = workflowPolicy(agent);
  return startFakeOpenAI(
    Array.from({ length: steps }, () => (r: RecordedRequest) => {
      const { messages, tools } = fromOpenAi(r.body);
      const d = policy(messages, tools);
      // unique call ids, as the real API gives (the fake's default ids repeat per reply)
      return { text: d.text, toolCalls: d.calls.map((c, i) => ({ id: `call_${messages.length}_${i}`, name: c.name, args: c.args })) };
    }),
  );
}

describe('workflow suite with a model over the OpenAI wire format', () => {
  it('scores the policy played by the fake exactly as the in-process scripted agent, on every style', async () => {
    for (const agent of ['reference', 'branch-inverter'] as const) {
      fake = await replay(agent, 400);
      const { run } = benchHome(fake.env);
      const styles = agent === 'reference' ? [...STYLES] : (['W-Cond'] as const);
      const viaModel = await run({ model: 'openai:gpt-4o-mini', styles: [...styles] });
      const inProcess = await run({ agent, styles: [...styles] });
      expect(viaModel.run.failed).toEqual([]);
      expect(byTrial(viaModel)).toEqual(byTrial(inProcess));
      expect(viaModel.summary.tc).toBe(agent === 'reference' ? 1 : 0);
      const chat = fake.requests.filter((q) => q.path.endsWith('/chat/completions'));
      expect(chat[0].body).toMatchObject({ model: 'gpt-4o-mini', temperature: 0, seed: 42 });
      const names = chat.flatMap((q) => (q.body.tools ?? []).map((t: { function: { name: string } }) => t.function.name));
      expect(names).toEqual(expect.arrayContaining(['transfer_to_engineering', 'create_problem', 'optimize_design', 'simulate_design', 'convert_design_to_stl']));
      const trace = readTraceDir(viaModel.run.dir)[0];
      expect(trace.header.model).toBe('openai:gpt-4o-mini');
      const calls = trace.events.filter((e) => e.type === 'model_call') as unknown as { model: string; inputTokens: number }[];
      expect(calls.length).toBeGreaterThan(3);
      expect(calls.every((c) => c.model === 'openai:gpt-4o-mini' && c.inputTokens > 0)).toBe(true);
      const usage = trace.events.find((e) => e.type === 'usage') as unknown as { modelCalls: number; inputTokens: number; costUsd: number };
      expect(usage.modelCalls).toBe(calls.length);
      expect(usage.costUsd).toBeCloseTo((usage.inputTokens * 0.15 + (usage as unknown as { outputTokens: number }).outputTokens * 0.6) / 1e6, 12);
      expect(usage.costUsd).toBeGreaterThan(0);
      await fake.close();
      fake = undefined;
    }
  });
});
