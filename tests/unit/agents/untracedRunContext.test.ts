/**
 * The run context without LangSmith run trees (agents/runtime/untracedRunContext.ts): it installs
 * over the pinned @langchain/core's method when a session is made, a node still gets its config,
 * its context variables and its interrupts through the plain store, and tracing (by a tracer with a
 * parent run, or switched on in the environment) keeps core's own run trees.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AsyncLocalStorageProviderSingleton } from '@langchain/core/singletons';
import { getContextVariable, setContextVariable } from '@langchain/core/context';
import { RunnableLambda } from '@langchain/core/runnables';
import { Annotation, Command, END, getConfig, interrupt, MemorySaver, START, StateGraph } from '@langchain/langgraph';
import { CallbackManager } from '@langchain/core/callbacks/manager';
import { installUntracedRunContext, uninstallUntracedRunContext, untracedRunContextInstalled } from '../../../agents/runtime/untracedRunContext.ts';
import { testSession } from './sessionKit.ts';

let home: string;
beforeAll(() => {
  home = mkdtempSync(join(tmpdir(), 'engiai-runctx-'));
});
afterAll(() => rmSync(home, { recursive: true, force: true }));
afterEach(() => installUntracedRunContext());

interface Seen {
  thread: unknown;
  runTree: boolean;
  context: unknown;
  answer: unknown;
}

/** What langsmith's isRunTree tests: a run tree's methods. */
const isRunTree = (x: unknown): boolean => typeof (x as { createChild?: unknown } | undefined)?.createChild === 'function' && typeof (x as { postRun?: unknown }).postRun === 'function';

/** A one-node graph that records what its node sees of the run context, then asks a question. */
function probeGraph(seen: Seen[]) {
  const S = Annotation.Root({ n: Annotation<number>({ reducer: (_a, b) => b, default: () => 0 }) });
  return new StateGraph(S)
    .addNode('probe', (s: typeof S.State) => {
      const store = AsyncLocalStorageProviderSingleton.getInstance().getStore();
      const record: Seen = { thread: getConfig()?.configurable?.thread_id, runTree: isRunTree(store), context: getContextVariable('probe'), answer: undefined };
      seen.push(record);
      record.answer = interrupt('which?');
      return new Command({ goto: END, update: { n: s.n + 1 } });
    }, { ends: [END] })
    .addEdge(START, 'probe')
    .compile({ checkpointer: new MemorySaver() });
}

/** Runs the probe graph inside an outer runnable that sets a context variable, then resumes it. */
async function probe(threadId: string): Promise<Seen[]> {
  const seen: Seen[] = [];
  const graph = probeGraph(seen);
  const config = { configurable: { thread_id: threadId } };
  const outer = RunnableLambda.from(async (input: { n: number }) => {
    setContextVariable('probe', `ctx-${threadId}`);
    return graph.invoke(input, config);
  });
  await outer.invoke({ n: 0 });
  const done = await graph.invoke(new Command({ resume: 'this one' }), config);
  expect(done.n).toBe(1);
  return seen;
}

describe('untraced run context', () => {
  it('is installed over the pinned @langchain/core method when a session is made', async () => {
    uninstallUntracedRunContext();
    expect(untracedRunContextInstalled().installed).toBe(false);
    await testSession(home);
    expect(untracedRunContextInstalled()).toEqual({ installed: true });
  });

  it('gives a node its config, context variables and interrupts without making a run tree', async () => {
    expect(installUntracedRunContext()).toBe(true);
    const seen = await probe('light');
    // the node ran twice: asked, then resumed with the answer
    expect(seen).toEqual([
      { thread: 'light', runTree: false, context: 'ctx-light', answer: undefined },
      { thread: 'light', runTree: false, context: undefined, answer: 'this one' },
    ]);
    // core's own method: the same, through a RunTree
    uninstallUntracedRunContext();
    expect(await probe('core')).toEqual([
      { thread: 'core', runTree: true, context: 'ctx-core', answer: undefined },
      { thread: 'core', runTree: true, context: undefined, answer: 'this one' },
    ]);
  });

  it('keeps core run trees when tracing is on in the environment or a tracer has a parent run', async () => {
    expect(installUntracedRunContext()).toBe(true);
    const storeOf = (config: Record<string, unknown>) => AsyncLocalStorageProviderSingleton.runWithConfig(config, () => AsyncLocalStorageProviderSingleton.getInstance().getStore());
    expect(isRunTree(storeOf({}))).toBe(false);
    const before = process.env.LANGCHAIN_TRACING_V2;
    process.env.LANGCHAIN_TRACING_V2 = 'true';
    try {
      expect(isRunTree(storeOf({}))).toBe(true);
    } finally {
      if (before === undefined) delete process.env.LANGCHAIN_TRACING_V2;
      else process.env.LANGCHAIN_TRACING_V2 = before;
    }
    // a tracer handler with a parent run: its own run tree is the store, as in core
    const parent = { name: 'parent', id: 'parent-run' };
    const tracer = { name: 'langchain_tracer', getRunTreeWithTracingConfig: (id: string) => (id === parent.id ? parent : undefined) };
    const manager = new CallbackManager(parent.id);
    manager.addHandler(tracer as never, true);
    expect(storeOf({ callbacks: manager })).toMatchObject({ name: 'parent', id: parent.id });
  });

  it('asks for no root run tree where core asks for none', () => {
    expect(installUntracedRunContext()).toBe(true);
    const store = AsyncLocalStorageProviderSingleton.runWithConfig({}, () => AsyncLocalStorageProviderSingleton.getInstance().getStore(), true);
    expect(store).toBeUndefined();
  });
});
