/**
 * LangSmith tracing is LangChain's own: @langchain/core attaches its LangChainTracer to every graph,
 * model and tool run when LANGSMITH_TRACING (or LANGSMITH_TRACING_V2, LANGCHAIN_TRACING_V2,
 * LANGCHAIN_TRACING) is "true", and the langsmith client reads LANGSMITH_API_KEY, LANGSMITH_ENDPOINT
 * and LANGSMITH_PROJECT itself. EngiAI adds nothing to what is sent; it only waits, before a
 * command ends, for the runs the client still holds in its batch queue (else a short CLI process
 * exits before they are sent).
 */

const TRACING_VARS = ['LANGSMITH_TRACING_V2', 'LANGCHAIN_TRACING_V2', 'LANGSMITH_TRACING', 'LANGCHAIN_TRACING'] as const;

/** Whether @langchain/core traces to LangSmith under this environment (its own rule: one of the variables is "true"). */
export function langSmithTracing(env: NodeJS.ProcessEnv = process.env): boolean {
  return TRACING_VARS.some((v) => env[v] === 'true');
}

/** Waits (at most `timeoutMs`) until LangChain's callbacks have run and the LangSmith client has sent its queued runs. */
export async function flushLangSmith(timeoutMs = 10_000): Promise<void> {
  if (!langSmithTracing()) return;
  const [{ awaitAllCallbacks }, { LangChainTracer }] = await Promise.all([import('@langchain/core/callbacks/promises'), import('@langchain/core/tracers/tracer_langchain')]);
  const work = (async () => {
    await awaitAllCallbacks();
    // a tracer made without a client holds LangChain's default client: the one every run was queued on
    const client = new LangChainTracer().client as { awaitPendingTraceBatches?: () => Promise<void> };
    await client.awaitPendingTraceBatches?.();
  })();
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([work, new Promise<void>((done) => (timer = setTimeout(done, timeoutMs)))]).finally(() => clearTimeout(timer));
}
