/**
 * The run context LangGraph keeps for each node call, without a LangSmith run tree when nothing
 * traces. @langchain/core's AsyncLocalStorageProviderSingleton.runWithConfig (1.4.0) stores each
 * runnable's config in an AsyncLocalStorage store; with no LangChain tracer it makes that store a
 * `new RunTree({ tracingEnabled: false })` (langsmith 0.12), which reads the environment, draws
 * a UUIDv7 from crypto.getRandomValues and formats two timestamps — for a run that is never sent.
 * LangGraph calls it three times per superstep (the node, its channel writes, its routing): about
 * a tenth of the supervisor's framework time per hop (benchmarks/perf/README.md, issue 26).
 *
 * installUntracedRunContext() replaces that one method with the same steps, except that the store
 * of an untraced run is a plain object holding what readers take from it: the config (under
 * core's `lc:child_config` key, read by getConfig(), interrupt() and the writer), the context
 * variables of the enclosing run, and `tracingEnabled: false` (which CallbackManager reads from the
 * store, so nested runs stay untraced exactly as before). Every other case keeps core's own
 * method: a LangChain tracer with a parent run (LangSmith tracing of a turn), tracing switched on
 * in the environment (LANGSMITH_TRACING and its aliases, read on every call as core does), and
 * calls that ask for no root run tree.
 *
 * It installs only over the method it was written against (recognised by its source text), else
 * it leaves core alone and says so (untracedRunContextInstalled()); the test in
 * tests/unit/agents/untracedRunContext.test.ts fails when a @langchain/core upgrade changes it.
 */
import { AsyncLocalStorageProviderSingleton } from '@langchain/core/singletons';
import { CallbackManager } from '@langchain/core/callbacks/manager';

/** The keys core uses (Symbol.for, so shared with it): the run's config and the context variables. */
const LC_CHILD_KEY = Symbol.for('lc:child_config');
const CONTEXT_VARIABLES_KEY = Symbol.for('lc:context_variables');

/** What core's method does, in its own words: the lines this replacement reproduces. */
const EXPECTED_SOURCE = [
  'CallbackManager._configureSync(config?.callbacks, void 0, config?.tags, void 0, config?.metadata)',
  'callbackManager?.handlers?.find((handler) => handler?.name === "langchain_tracer")',
  'if (langChainTracer && parentRunId) runTree = langChainTracer.getRunTreeWithTracingConfig(parentRunId)',
  'else if (!avoidCreatingRootRunTree) runTree = new RunTree({',
  '[LC_CHILD_KEY]: config',
  'runTree[_CONTEXT_VARIABLES_KEY] = previousValue[_CONTEXT_VARIABLES_KEY]',
  'return storage.run(runTree, callback)',
];

const TRACING_ENV = ['LANGSMITH_TRACING_V2', 'LANGCHAIN_TRACING_V2', 'LANGSMITH_TRACING', 'LANGCHAIN_TRACING'];

/** Whether the environment switches LangSmith tracing on (core's test: one of these is exactly "true"). */
const tracingInEnv = () => TRACING_ENV.some((k) => process.env[k] === 'true');

type Provider = typeof AsyncLocalStorageProviderSingleton;
type RunWithConfig = Provider['runWithConfig'];
type Tracer = { name?: string; getRunTreeWithTracingConfig?: (id: string) => unknown };

let original: RunWithConfig | null = null;
let refused: string | null = null;

/** Replaces core's runWithConfig once (idempotent); false, with the reason kept, when core's method is not the expected one. */
export function installUntracedRunContext(): boolean {
  if (original) return true;
  if (refused) return false;
  const provider = AsyncLocalStorageProviderSingleton;
  const current = provider.runWithConfig;
  const source = Function.prototype.toString.call(current);
  const missing = EXPECTED_SOURCE.find((line) => !source.includes(line));
  if (missing) {
    refused = `@langchain/core's runWithConfig changed (no "${missing}"): its run trees are kept`;
    return false;
  }
  original = current;
  const fallback = current;
  const replacement = function <T>(this: Provider, config: Parameters<RunWithConfig>[0], callback: () => T, avoidCreatingRootRunTree?: boolean): T {
    if (avoidCreatingRootRunTree || tracingInEnv()) return fallback.call(this, config, callback, avoidCreatingRootRunTree) as T;
    const manager = CallbackManager._configureSync(config?.callbacks, undefined, config?.tags, undefined, config?.metadata);
    const parentRunId = manager?.getParentRunId();
    const tracer = (manager?.handlers as Tracer[] | undefined)?.find((h) => h?.name === 'langchain_tracer');
    if (tracer && parentRunId) return fallback.call(this, config, callback, avoidCreatingRootRunTree) as T;
    const storage = this.getInstance();
    const previous = storage.getStore() as Record<symbol, unknown> | undefined;
    const store: Record<string | symbol, unknown> = { tracingEnabled: false, extra: { [LC_CHILD_KEY]: config } };
    if (previous !== undefined && previous[CONTEXT_VARIABLES_KEY] !== undefined) store[CONTEXT_VARIABLES_KEY] = previous[CONTEXT_VARIABLES_KEY];
    return storage.run(store, callback) as T;
  };
  provider.runWithConfig = replacement;
  return true;
}

/** Whether the replacement is in place, or why not. */
export function untracedRunContextInstalled(): { installed: boolean; reason?: string } {
  return original ? { installed: true } : { installed: false, ...(refused ? { reason: refused } : {}) };
}

/** Puts core's own method back (tests compare the two). */
export function uninstallUntracedRunContext(): void {
  if (!original) return;
  AsyncLocalStorageProviderSingleton.runWithConfig = original;
  original = null;
}
