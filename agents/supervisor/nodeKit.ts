/** Small helpers the graph's nodes share: event emission, model-output normalisation, tool binding. */
import { randomUUID } from 'node:crypto';
import { AIMessage, type BaseMessage } from '@langchain/core/messages';
import type { BaseChatModel } from '@langchain/core/language_models/chat_models';
import type { Runnable } from '@langchain/core/runnables';
import type { LangGraphRunnableConfig } from '@langchain/langgraph';
import { z } from 'zod';
import { ConfigError } from '../../tools/errors.ts';
import type { BoundTool } from '../../tools/tool.ts';
import type { AgentEvent } from '../trace/agentEvent.ts';
import type { Specialist } from '../specialists/specialist.ts';
import { handoffToolName } from '../specialists/specialist.ts';
import type { Limits } from './state.ts';
import { withToolCallIds } from './validateHistory.ts';

export interface GraphDeps {
  /** The chat model for the supervisor and for every specialist. */
  model: BaseChatModel;
  /** The model one agent speaks through (default `model`): the offline model takes a role per agent. */
  modelFor?: (agent: string) => BaseChatModel;
  /** A label for traces, e.g. "offline" or "openai:gpt-5-mini". */
  modelName: string;
  specialists: Specialist[];
  limits: Limits;
  /** Tool names that need the person's approval before running (besides tools marking needsApproval). */
  approvals?: string[];
}

/** The model `agent` speaks through. */
export const modelOf = (deps: GraphDeps, agent: string): BaseChatModel => deps.modelFor?.(agent) ?? deps.model;

type EventBody = AgentEvent extends infer E ? (E extends AgentEvent ? Omit<E, 't'> : never) : never;

/**
 * Where a run delivers its events: a function in `configurable` under this key receives them
 * directly, in emission order (cheaper than LangGraph's custom stream, which costs about as much
 * as a node per few events). Tokens come the same way (liveTokens.ts), so one ordered channel.
 */
export const DIRECT_EVENTS = 'engiai_events';

/** Emits to the run's direct event sink, else on LangGraph's custom stream (dropped without either). */
export function emitter(config: LangGraphRunnableConfig): (e: EventBody) => void {
  const direct = config.configurable?.[DIRECT_EVENTS] as ((e: AgentEvent) => void) | undefined;
  const sink = typeof direct === 'function' ? direct : config.writer;
  return (e) => sink?.({ ...e, t: Date.now() });
}

export type BoundModel = Runnable<BaseMessage[], AIMessage>;

export interface BindableTool {
  name: string;
  description: string;
  schema: z.ZodObject;
}

/**
 * Binds tools to a model. `oneCallAtATime` asks OpenAI-style backends not to emit parallel calls
 * (the supervisor's hand-offs); other backends get no extra option (some reject unknown ones), and
 * the supervisor still answers surplus parallel hand-offs itself.
 */
export function bindTools(model: BaseChatModel, tools: BindableTool[], opts: { oneCallAtATime?: boolean } = {}): BoundModel {
  if (!model.bindTools) throw new ConfigError(`model ${model._llmType()} cannot call tools`, { hint: 'choose a model with tool calling' });
  const defs = tools.map((t) => ({ name: t.name, description: t.description, schema: t.schema }));
  const kwargs = opts.oneCallAtATime && model._llmType() === 'openai' ? ({ parallel_tool_calls: false } as Record<string, unknown>) : undefined;
  return (kwargs ? model.bindTools(defs, kwargs) : model.bindTools(defs)) as unknown as BoundModel;
}

export const toBindable = (t: BoundTool): BindableTool => ({ name: t.name, description: t.description, schema: t.schema });

/** The supervisor's view of a specialist: a `transfer_to_<name>` tool with an optional task. */
export function handoffTool(s: Specialist): BindableTool {
  const note = s.availability.available ? '' : ` (UNAVAILABLE: ${s.availability.reason})`;
  return {
    name: handoffToolName(s.name),
    description: `Hand the task to the ${s.name} agent${note}. ${s.description}`,
    schema: z.strictObject({
      task: z.string().optional().describe('What the agent should do, repeating every number and name from the request'),
    }),
  };
}

/**
 * A stored assistant message with ids on every call. It keeps the model's message id (so the
 * messages stream can de-duplicate it) unless that id is already taken in the history: the reducer
 * merges by id, and fake servers reuse ids, so a reused id gets a fresh one.
 */
export function storedAI(output: BaseMessage, name: string, history: BaseMessage[] = []): AIMessage {
  const o = output as AIMessage;
  const taken = !o.id || history.some((m) => m.id === o.id);
  const ai = new AIMessage({
    id: taken ? randomUUID() : o.id,
    name,
    content: o.content ?? '',
    tool_calls: o.tool_calls ?? [],
    invalid_tool_calls: o.invalid_tool_calls ?? [],
    additional_kwargs: o.additional_kwargs,
    response_metadata: o.response_metadata,
    usage_metadata: o.usage_metadata,
  });
  return withToolCallIds(ai, `call_${ai.id!.slice(0, 8)}`);
}

export function usageOf(ai: AIMessage): { inputTokens: number; outputTokens: number } {
  return { inputTokens: ai.usage_metadata?.input_tokens ?? 0, outputTokens: ai.usage_metadata?.output_tokens ?? 0 };
}

export function callNames(ai: AIMessage): string[] {
  return [...(ai.tool_calls ?? []).map((c) => c.name), ...(ai.invalid_tool_calls ?? []).map((c) => `${c.name ?? '?'}(malformed)`)];
}

/** Wraps a node so it emits node_start / node_end (with duration) on the event stream. */
export function traced<S, R>(node: string, agent: string, fn: (state: S, config: LangGraphRunnableConfig) => Promise<R>) {
  return async (state: S, config: LangGraphRunnableConfig): Promise<R> => {
    const emit = emitter(config);
    const t0 = performance.now();
    emit({ type: 'node_start', node, agent });
    try {
      return await fn(state, config);
    } finally {
      emit({ type: 'node_end', node, agent, durationMs: performance.now() - t0 });
    }
  };
}
