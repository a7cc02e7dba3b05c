/**
 * The supervisor graph driven by our real model clients (resolve.ts → LangChain client → HTTP)
 * against the loopback fakes of OpenAI, Gemini and Ollama: routing and chaining, each agent seeing
 * only its own tools, malformed tool arguments, 429 then success, loop termination, and an
 * interrupt resumed by a second session on the same SQLite file.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createRuntime, resolveModel, type ChatSession, type Runtime } from '../../../agents/index.ts';
import { EventCollector, Tracer } from '../../../agents/trace/agentEvent.ts';
import { loadConfig } from '../../../config/load.ts';
import { startFakeGemini, startFakeOllama, startFakeOpenAI, type FakeServer, type RecordedRequest, type ScriptStep } from '../../fakes/index.ts';

type Fake = FakeServer & { env: Record<string, string> };
interface Provider {
  name: string;
  spec: string;
  start: (script: ScriptStep[]) => Promise<Fake>;
  toolNames: (r: RecordedRequest) => string[];
  /** All text the request carries (to look for tool results). */
  text: (r: RecordedRequest) => string;
}

const PROVIDERS: Provider[] = [
  { name: 'openai', spec: 'openai:gpt-4o-mini', start: (s) => startFakeOpenAI(s), toolNames: (r) => (r.body.tools ?? []).map((t: { function: { name: string } }) => t.function.name), text: (r) => JSON.stringify(r.body.messages) },
  {
    name: 'gemini', spec: 'google:gemini-2.5-flash', start: (s) => startFakeGemini(s),
    toolNames: (r) => (r.body.tools ?? []).flatMap((t: { functionDeclarations?: { name: string }[] }) => (t.functionDeclarations ?? []).map((f) => f.name)),
    text: (r) => JSON.stringify(r.body.contents),
  },
  { name: 'ollama', spec: 'ollama:qwen3:4b', start: (s) => startFakeOllama(s), toolNames: (r) => (r.body.tools ?? []).map((t: { function: { name: string } }) => t.function.name), text: (r) => JSON.stringify(r.body.messages) },
];

const SETUP = { problem: 'beams2d', conditions: { volfrac: 0.4, forcedist: 0.65, rmin: 4 }, config: { nelx: 30, nely: 15 } };
const ENGINEERING = ['describe_problem', 'create_problem', 'optimize_design', 'simulate_design', 'render_design', 'convert_design_to_stl', 'list_designs', 'compare_designs', 'ask_human_for_clarification'];

let home: string;
beforeAll(() => {
  home = mkdtempSync(join(tmpdir(), 'engiai-agents-int-'));
});
afterAll(() => rmSync(home, { recursive: true, force: true }));

const open: { fake?: Fake; runtimes: Runtime[] } = { runtimes: [] };
afterEach(async () => {
  await open.fake?.close();
  for (const r of open.runtimes.splice(0)) await r.close();
});

async function session(p: Provider, fake: Fake, db = ':memory:') {
  const config = loadConfig({ env: { ...fake.env, ENGIAI_HOME: home }, cwd: home, flags: { model: { maxRetries: 2, retryBaseDelayMs: 20, timeoutMs: 10_000 } } });
  const runtime = await createRuntime({ config, checkpointer: { kind: 'sqlite', path: db } });
  open.runtimes.push(runtime);
  return runtime.session({ model: await resolveModel(p.spec, { config }), modelName: p.spec });
}

async function turn(s: ChatSession, threadId: string, input: { message?: string; resume?: unknown }) {
  const events = new EventCollector();
  const r = await s.runTurn({ threadId, ...input, tracer: new Tracer([events]) });
  return { ...r, events };
}

describe.each(PROVIDERS)('supervisor over $name', (p) => {
  it('routes, runs the engineering tools, hands back a summary and answers; each agent sees only its tools', async () => {
    open.fake = await p.start([
      { toolCalls: [{ name: 'transfer_to_engineering', args: { task: 'optimize beams2d volfrac 0.4 forcedist 0.65 rmin 4' } }] },
      { toolCalls: [{ name: 'create_problem', args: SETUP }] },
      { toolCalls: [{ name: 'optimize_design', args: SETUP }] },
      (r) => ({ text: `Optimized. Results: ${/beams2d-[0-9a-f]{16}/.exec(p.text(r))?.[0]}` }),
      (r) => ({ text: `Done: ${/beams2d-[0-9a-f]{16}/.exec(p.text(r))?.[0]}` }),
    ]);
    const s = await session(p, open.fake);
    const r = await turn(s, 'int-1', { message: 'Optimize a Beams2D beam with volfrac 0.4, forcedist 0.65 and rmin 4' });
    expect(r.status).toBe('done');
    expect(r.answer).toMatch(/^Done: beams2d-[0-9a-f]{16}$/);
    const reqs = open.fake.requests;
    expect(reqs).toHaveLength(5);
    expect(p.toolNames(reqs[0]).sort()).toEqual(['arxiv', 'cli', 'engineering', 'hpc', 'prusa', 'rag', 'websearch'].map((n) => `transfer_to_${n}`));
    expect(p.toolNames(reqs[1]).sort()).toEqual([...ENGINEERING].sort());
    if (p.name === 'openai') {
      expect(reqs[0].body.parallel_tool_calls).toBe(false); // the supervisor hands off one at a time
      expect(reqs[1].body.parallel_tool_calls).toBeUndefined();
    }
    expect(p.text(reqs[2])).toMatch(/"design_shape"|design_shape/);
    // the supervisor gets the compact summary, not the engineering transcript
    expect(p.text(reqs[4])).toMatch(/artifacts/);
    expect(p.text(reqs[4])).not.toMatch(/condition_fields/);
    expect(r.events.ofType('tool_result').map((e) => [e.name, e.ok])).toEqual([['create_problem', true], ['optimize_design', true]]);
  });

  it('returns malformed tool arguments to the model and survives a 429', async () => {
    open.fake = await p.start([
      { status: 429, retryAfter: '0', errorMessage: 'rate limited' },
      { toolCalls: [{ name: 'transfer_to_engineering', args: { task: 'set up beams2d' } }] },
      { toolCalls: [{ name: 'create_problem', rawArgs: '{"problem": beams2d, "conditions": }' }] },
      (r) => ({ text: /not valid JSON|invalid arguments|ModelBehaviorError/.test(p.text(r)) ? 'saw the tool error' : 'no tool error seen' }),
      { text: 'The engineering agent could not parse its arguments.' },
    ]);
    const s = await session(p, open.fake);
    const r = await turn(s, 'int-2', { message: 'Set up a beams2d problem' });
    expect(r.status).toBe('done');
    expect(r.answer).toBe('The engineering agent could not parse its arguments.');
    const [res] = r.events.ofType('tool_result');
    expect(res.ok).toBe(false);
    expect(p.text(open.fake.requests[4])).toMatch(/saw the tool error/);
    expect(open.fake.requests).toHaveLength(5);
  });

  it('ends a re-routing loop with a partial answer', async () => {
    open.fake = await p.start([
      { toolCalls: [{ name: 'transfer_to_engineering', args: { task: 'same task' } }] },
      { text: 'I looked at it.' },
      { toolCalls: [{ name: 'transfer_to_engineering', args: { task: 'same task' } }] },
    ]);
    const s = await session(p, open.fake);
    const r = await turn(s, 'int-3', { message: 'do the same task' });
    expect(r.status).toBe('done');
    expect(r.answer).toMatch(/routing loop[\s\S]*engineering \(done\): I looked at it/);
    expect(open.fake.requests).toHaveLength(3);
  });

  it('interrupt for clarification, resumed by a new session on the same SQLite file', async () => {
    const db = join(home, `threads-${p.name}.sqlite`);
    open.fake = await p.start([
      { toolCalls: [{ name: 'transfer_to_engineering', args: { task: 'design a light beam' } }] },
      { toolCalls: [{ name: 'ask_human_for_clarification', args: { question: 'Which volume fraction?', missing: ['volfrac'] } }] },
      (r) => ({ text: p.text(r).includes('0.25 please') ? 'Got volfrac 0.25.' : 'answer missing' }),
      { text: 'The engineering agent has volfrac 0.25.' },
    ]);
    const first = await session(p, open.fake, db);
    const asked = await turn(first, 'int-4', { message: 'Design a light beam' });
    expect(asked.status).toBe('interrupted');
    expect(asked.interrupt).toMatchObject({ kind: 'clarification', question: 'Which volume fraction?' });
    for (const r of open.runtimes.splice(0)) await r.close();

    const second = await session(p, open.fake, db);
    const done = await turn(second, 'int-4', { resume: '0.25 please' });
    expect(done.status).toBe('done');
    expect(done.answer).toBe('The engineering agent has volfrac 0.25.');
    expect(p.text(open.fake.requests[3])).toMatch(/Got volfrac 0.25/);
    expect(open.fake.requests).toHaveLength(4);
  });
});
