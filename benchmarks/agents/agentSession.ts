/**
 * The agent under test for the agentic suites (workflow, RAG, HPC): the one runtime assembly
 * (createRuntime) with in-memory threads, the registry's specialists (or the suite's), each with
 * `--extra-tools N` decoys, and a session on a model spec or a scripted policy behind the chat-model
 * interface. One trial is one turn on a fresh thread; its events go to the trial's trace.
 */
import type { BaseChatModel } from '@langchain/core/language_models/chat_models';
import { MemorySaver } from '@langchain/langgraph';
import { costUsd, createRuntime, parseModelSpec, priceOf, SPECIALISTS, Tracer, type ChatSession, type Runtime, type SpecialistFactory, type TurnResult } from '../../agents/index.ts';
import type { EngiConfig } from '../../config/schema.ts';
import { withExtraTools } from './extraTools.ts';
import { ScriptedChatModel } from './scriptedChatModel.ts';
import { TraceRecorder } from './traceRecorder.ts';
import type { Policy } from './transcript.ts';

export interface AgentUnderTest {
  /** Label in trace headers: the scripted agent's name or the model spec. */
  name: string;
  policy?: Policy;
  model?: string;
  /** A ready chat model instead of resolving `model` (tests, caching wrappers). */
  chatModel?: BaseChatModel;
}

export interface AgentSessionOptions {
  config: EngiConfig;
  agent: AgentUnderTest;
  extraTools?: number;
  /** Specialist factories (default: the registry). */
  specialists?: readonly SpecialistFactory[];
}

export interface AgentHarness {
  runtime: Runtime;
  session: ChatSession;
  /** Runs one turn on a new thread, recording its events into `record`. */
  runTurn(threadId: string, message: string, record: (type: string, data: Record<string, unknown>) => void): Promise<{ turn: TurnResult; recorder: TraceRecorder }>;
  close(): Promise<void>;
}

/** List price of a model spec (0 for scripted agents, offline, local and unknown models). */
function priceFor(spec: string | undefined) {
  try {
    const s = spec ? parseModelSpec(spec) : undefined;
    return s && s.provider !== 'offline' ? priceOf(s.provider, s.model) : { inputPerMTok: 0, outputPerMTok: 0 };
  } catch {
    return { inputPerMTok: 0, outputPerMTok: 0 };
  }
}

export async function openAgentHarness(opts: AgentSessionOptions): Promise<AgentHarness> {
  const factories = (opts.specialists ?? SPECIALISTS).map((f) => withExtraTools(f, opts.extraTools ?? 0));
  const runtime = await createRuntime({ config: opts.config, saver: new MemorySaver(), specialists: factories });
  const a = opts.agent;
  const model = a.chatModel ?? (a.policy ? new ScriptedChatModel({ policy: a.policy, label: a.name }) : a.model);
  const session = await runtime.session({ model, modelName: a.name, approvals: [] });
  const price = priceFor(a.model);
  return {
    runtime,
    session,
    async runTurn(threadId, message, record) {
      const recorder = new TraceRecorder(record);
      const turn = await session.runTurn({ threadId, message, tracer: new Tracer([recorder]), streamTokens: false, durableSteps: false });
      const { calls, input, output } = recorder.tokens;
      record('usage', { model: a.name, modelCalls: calls, inputTokens: input, outputTokens: output, costUsd: costUsd(price, input, output) });
      return { turn, recorder };
    },
    close: () => runtime.close(),
  };
}
