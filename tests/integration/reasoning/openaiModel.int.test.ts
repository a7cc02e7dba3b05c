/**
 * The real-model path over the wire: our OpenAI client (resolveModel → @langchain/openai → HTTP)
 * against the loopback fake. A scripted policy answered by the fake must score exactly as the
 * in-process run; embeddings and the judge go through the same fake; the response cache saves calls.
 */
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ALL_TEMPLATES, generateSamples, prepareTemplates, runReasoning, SCRIPTED_POLICIES, SYSTEM_PROMPT, type ReasoningRunOptions } from '../../../benchmarks/reasoning/index.ts';
import { readTraceDir } from '../../../benchmarks/trace/index.ts';
import { loadConfig } from '../../../config/load.ts';
import { startFakeOpenAI, type FakeOpenAI, type RecordedRequest } from '../../fakes/index.ts';

const ids = ['mechanical.torsion_shaft_diameter', 'civil.rc_beam_flexure', 'electrical.rc_transient', 'chemical.counterflow_exchanger', 'mechanical.beams2d_filtered_volume'];
const base = { templateIds: ids, instances: 2, seed: 5 };
let fake: FakeOpenAI | undefined;
afterEach(async () => {
  await fake?.close();
  fake = undefined;
});

const userText = (r: RecordedRequest) => String(r.body.messages.find((m: { role: string }) => m.role === 'user')?.content ?? '');

/** A fake model that answers each question with a scripted policy's solution. */
async function fakeSolver(policy: string, calls: number): Promise<FakeOpenAI> {
  const templates = ALL_TEMPLATES.filter((t) => ids.includes(t.id));
  await prepareTemplates(templates);
  const answers = new Map(generateSamples(templates, base.instances, base.seed).map((s) => [s.question, SCRIPTED_POLICIES[policy].respond(s)]));
  return startFakeOpenAI(Array.from({ length: calls }, () => (r: RecordedRequest) => ({ text: answers.get(userText(r)) ?? 'I do not know.' })));
}

function setup(env: Record<string, string> = {}) {
  const home = mkdtempSync(join(tmpdir(), 'reasoning-int-'));
  const config = loadConfig({ env: { ...fake!.env, ENGIAI_HOME: home, ...env }, cwd: home });
  const run = (extra: Partial<ReasoningRunOptions>) => runReasoning({ ...base, out: mkdtempSync(join(tmpdir(), 'reasoning-out-')), config, ...extra });
  return { run };
}

const scoresOf = (dir: string) =>
  Object.fromEntries(
    readFileSync(join(dir, 'scores.jsonl'), 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l))
      .map((s) => [s.sampleId, { ...s, trialId: undefined }]),
  );

describe('reasoning suite with a model over the OpenAI wire format', () => {
  it('scores a policy answered by the fake exactly as the in-process run', async () => {
    for (const policy of ['reference', 'right-for-wrong-reasons']) {
      fake = await fakeSolver(policy, 10);
      const { run } = setup();
      const viaModel = await run({ model: 'openai:gpt-4o-mini', semantic: 'lexical', concurrency: 3 });
      const inProcess = await run({ agent: policy });
      expect(viaModel.run.failed).toEqual([]);
      expect(scoresOf(viaModel.files.summary.replace(/summary\.json$/, ''))).toEqual(scoresOf(inProcess.files.summary.replace(/summary\.json$/, '')));
      expect(viaModel.summary.accuracy).toBe(1);
      expect(viaModel.summary.step_f1).toBe(policy === 'reference' ? 1 : 0);
      const first = fake.requests.find((r) => r.path.endsWith('/chat/completions'))!;
      expect(first.body).toMatchObject({ model: 'gpt-4o-mini', temperature: 0, seed: 42 });
      expect(first.body.messages[0]).toMatchObject({ role: 'system', content: SYSTEM_PROMPT });
      const trace = readTraceDir(viaModel.run.dir)[0];
      expect(trace.header.model).toBe('openai:gpt-4o-mini');
      expect(trace.events.find((e) => e.type === 'response')).toMatchObject({ source: 'model', agent: 'openai:gpt-4o-mini', inputTokens: expect.any(Number), outputTokens: expect.any(Number) });
      await fake.close();
      fake = undefined;
    }
  });

  it('uses the provider embeddings for the semantic score when a model is configured', async () => {
    fake = await fakeSolver('reference', 10);
    const { run } = setup();
    const r = await run({ model: 'openai:gpt-4o-mini' });
    expect(r.summary).toMatchObject({ accuracy: 1, step_f1: 1, semantic: ['embedding:openai:text-embedding-3-small'] });
    const embeds = fake.requests.filter((q) => q.path.endsWith('/embeddings'));
    expect(embeds).toHaveLength(10);
    expect(embeds[0].body.model).toBe('text-embedding-3-small');
    const semantic = readTraceDir(r.run.dir)[0].events.find((e) => e.type === 'semantic') as unknown as { matrix: number[][] };
    expect(semantic.matrix.length).toBeGreaterThan(0);
  });

  it('asks the judge about unmatched steps only and reports its categories', async () => {
    const judgeReply = (r: RecordedRequest) => {
      const flagged = (userText(r).match(/could not match: (.*)$/m)?.[1] ?? '').split(', ').map((x) => Number(x.slice(1)));
      return { text: JSON.stringify({ verdicts: flagged.map((n) => ({ gt_step: n, model_step: null, category: 'Calculation Error', explanation: 'wrong number' })) }) };
    };
    fake = await startFakeOpenAI(Array.from({ length: 10 }, () => judgeReply));
    const { run } = setup();
    const r = await run({ agent: 'right-for-wrong-reasons', judge: 'openai:gpt-4o-mini' });
    expect(fake.requests.filter((q) => q.path.endsWith('/chat/completions'))).toHaveLength(10);
    expect(r.summary).toMatchObject({ accuracy: 1, step_f1: 0, f1_rec: 0 });
    const md = readFileSync(r.files.markdown, 'utf8');
    expect(md).toContain('## Judge error categories by branch');
    expect(md).toMatch(/\| mechanical \| 0 \| \d+ \|/);
    // The reference chain is accepted at tier 1: no judge call at all.
    await fake.close();
    fake = await startFakeOpenAI([]);
    const { run: run2 } = setup();
    await run2({ agent: 'reference', judge: 'openai:gpt-4o-mini' });
    expect(fake.requests.filter((q) => q.path.endsWith('/chat/completions'))).toHaveLength(0);
  });

  it('serves repeated calls from the response cache and records failed trials', async () => {
    fake = await fakeSolver('reference', 10);
    const home = mkdtempSync(join(tmpdir(), 'reasoning-int-'));
    const config = loadConfig({ env: { ...fake.env, ENGIAI_HOME: home }, cwd: home });
    const opts = { ...base, model: 'openai:gpt-4o-mini', semantic: 'lexical', cache: true, config };
    await runReasoning({ ...opts, out: mkdtempSync(join(tmpdir(), 'reasoning-out-')) });
    const again = await runReasoning({ ...opts, out: mkdtempSync(join(tmpdir(), 'reasoning-out-')) });
    expect(fake.requests.filter((q) => q.path.endsWith('/chat/completions'))).toHaveLength(10);
    expect(again.summary.accuracy).toBe(1);
    await fake.close();
    fake = await startFakeOpenAI(Array.from({ length: 10 }, () => ({ status: 401, errorMessage: 'bad key' })));
    const failing = loadConfig({ env: { ...fake.env, ENGIAI_HOME: home, ENGIAI_MAX_RETRIES: '0' }, cwd: home });
    const r = await runReasoning({ ...base, templateIds: ids.slice(0, 1), model: 'openai:gpt-4o-mini', semantic: 'lexical', config: failing, out: mkdtempSync(join(tmpdir(), 'reasoning-out-')) });
    expect(r.run.failed).toHaveLength(2);
    expect(r.summary).toMatchObject({ instances: 0, failed: 2 });
    const end = readTraceDir(r.run.dir)[0].end;
    expect(end).toMatchObject({ status: 'error', attempts: 1, error: { retryable: false } });
    expect(end.error?.message).toMatch(/401|key/i);
  });
});
