/**
 * Running a specialist's tool calls. The specialist's own step runs the FIRST call of a model reply
 * inline (one superstep for "decide + act"); the tools node runs any further calls, ONE per step, and
 * every call that can interrupt (an approval, a question to the person). So every result is
 * checkpointed on its own and an interrupt re-runs only the interrupted call on resume — never the
 * model call that asked for it, nor a sibling that already had side effects (agent-stack.md §2.7).
 */
import type { AIMessage, BaseMessage, ToolMessage } from '@langchain/core/messages';
import { Command, interrupt, type LangGraphRunnableConfig } from '@langchain/langgraph';
import type { ApprovalSubject, BoundTool, ToolRuntime } from '../../tools/tool.ts';
import type { InterruptPayload } from '../trace/agentEvent.ts';
import type { Specialist } from '../specialists/specialist.ts';
import type { ThreadItem } from '../specialists/specialistTask.ts';
import { currentTurn } from './turnView.ts';
import { InputError } from '../../tools/errors.ts';
import { approvalDigest, approvesCall, checkAnswer, isDecision } from './approvalDecision.ts';
import { emitter, type GraphDeps } from './nodeKit.ts';
import { DeferCall, runToolCall, type PendingCall, type ToolOutcome } from './runToolCall.ts';
import type { SupervisorStateType } from './state.ts';

export const toolsNodeName = (agent: string) => `${agent}_tools`;

/** The calls of an assistant message, malformed ones included, in order. */
export function callsOf(ai: AIMessage): PendingCall[] {
  return [
    ...(ai.tool_calls ?? []).map((c) => ({ id: c.id!, name: c.name, args: c.args })),
    ...(ai.invalid_tool_calls ?? []).map((c) => ({ id: c.id!, name: c.name ?? 'unknown_tool', args: c.args, malformed: c.error ?? String(c.args) })),
  ];
}

export function pendingCalls(state: SupervisorStateType): PendingCall[] {
  const msgs = state.agentMessages;
  let i = msgs.length - 1;
  while (i >= 0 && msgs[i].getType() !== 'ai') i--;
  if (i < 0) return [];
  const done = new Set(msgs.slice(i + 1).filter((m) => m.getType() === 'tool').map((m) => (m as ToolMessage).tool_call_id));
  return callsOf(msgs[i] as AIMessage).filter((c) => !done.has(c.id));
}

/** The resume value of an interrupt, as the timeline shows it. */
export function answerText(value: unknown): string {
  if (isDecision(value)) return value.decision === 'approve' ? 'approved' : `denied${value.reason ? `: ${value.reason}` : ''}`;
  if (typeof value === 'string') return value;
  if (value && typeof value === 'object' && 'answer' in value) return String((value as { answer: unknown }).answer);
  return JSON.stringify(value);
}

/**
 * Runs one call of the specialist, emitting tool_call / tool_result. `inline` (inside the model's
 * step): a call that could interrupt is not started and a question to the person stops the call
 * before it is asked; both return null so the caller hands the call to the tools node.
 */
export type ToolRunner = (call: PendingCall, config: LangGraphRunnableConfig, inline: boolean) => Promise<ToolOutcome | null>;

export function makeToolRunner(spec: Specialist, deps: GraphDeps): ToolRunner {
  const approvals = new Set(deps.approvals ?? spec.defaultApprovals ?? []);
  const tools = spec.tools.map((t) => (approvals.has(t.name) ? { ...t, needsApproval: true } : t));
  const byName = new Map(tools.map((t) => [t.name, t]));
  return async (call, config, inline) => {
    const tool = call.malformed === undefined ? byName.get(call.name) : undefined;
    // a call that could interrupt never starts inside the model's step
    if (inline && tool && (tool.needsApproval || tool.asksPerson)) return null;
    const emit = emitter(config);
    emit({ type: 'tool_call', agent: spec.name, id: call.id, name: call.name, args: call.args });
    const ask = (payload: InterruptPayload): unknown => {
      const value = interrupt<InterruptPayload, unknown>(payload);
      // declined: a deny decision (the person's, or the runtime's when a new message came instead)
      emit({ type: 'reply', agent: spec.name, kind: payload.kind, text: answerText(value), ...(isDecision(value) && value.decision === 'deny' ? { declined: true } : {}) });
      return value;
    };
    const runtime: ToolRuntime = {
      askHuman: async ({ question, missing }) => {
        if (inline) throw new DeferCall();
        const value = ask({ kind: 'clarification', question, missing, agent: spec.name, callId: call.id, digest: approvalDigest('clarification', { question, missing }) });
        if (isDecision(value) && value.decision === 'deny') {
          throw new InputError(`the person did not answer the question${value.reason ? `: ${value.reason}` : ''}`, { hint: 'do not guess the missing values; hand back and say what is still needed' });
        }
        return checkAnswer(value);
      },
      progress: (e) => emit({ type: 'progress', agent: spec.name, tool: call.name, ...e }),
      threadId: typeof config.configurable?.thread_id === 'string' ? config.configurable.thread_id : undefined,
      signal: config.signal,
    };
    // the person sees what exactly would run; only a typed approve naming this call and digest runs it
    const approve = async (t: BoundTool, args: unknown, subject: ApprovalSubject) => {
      const digest = approvalDigest(t.name, subject);
      const shown = subject.args === args && Object.keys(subject).length === 1 ? args : subject;
      const value = ask({ kind: 'approval', question: `Run ${t.name} with ${JSON.stringify(shown)}?`, tool: t.name, args, subject, callId: call.id, digest, agent: spec.name });
      if (approvesCall(value, call.id, digest)) return true;
      if (isDecision(value) && value.decision === 'deny' && value.callId === call.id) return value.reason ? `${t.name} was not run: ${value.reason}` : false;
      return `the answer did not approve this exact call of ${t.name} (an approval is a typed decision naming call ${call.id} and digest ${digest}: what it would run changed, or the answer was for another call); nothing ran`;
    };
    let outcome: ToolOutcome;
    try {
      outcome = await runToolCall(call, tools, runtime, approve);
    } catch (err) {
      if (err instanceof DeferCall) return null;
      throw err;
    }
    emit({ type: 'tool_result', agent: spec.name, id: call.id, name: call.name, ok: outcome.ok, result: outcome.result, artifacts: outcome.artifacts, highlights: outcome.highlights, durationMs: outcome.durationMs });
    return outcome;
  };
}

/** The number of the current turn: its person's messages so far. */
export const turnNumber = (messages: readonly BaseMessage[]) => messages.filter((m) => m.getType() === 'human').length;

/** What a successful call made that the specialist remembers (its `remember`), as thread items of this turn's request. */
export function madeBy(spec: Specialist, call: PendingCall, outcome: ToolOutcome, state: SupervisorStateType): ThreadItem[] {
  const result = outcome.result;
  if (!spec.remember || !outcome.ok || !result || typeof result !== 'object') return [];
  const args = call.args && typeof call.args === 'object' ? (call.args as Record<string, unknown>) : {};
  const item = spec.remember({ name: call.name, args, ok: true, result: result as Record<string, unknown> });
  return item ? [{ ...item, agent: spec.name, request: currentTurn(state.messages).request, turn: turnNumber(state.messages) }] : [];
}

export function makeToolsNode(spec: Specialist, deps: GraphDeps) {
  const run = makeToolRunner(spec, deps);
  return async (state: SupervisorStateType, config: LangGraphRunnableConfig): Promise<Command> => {
    const pending = pendingCalls(state);
    if (!pending.length) return new Command({ goto: spec.name });
    const outcome = (await run(pending[0], config, false))!;
    return new Command({
      goto: pending.length > 1 ? toolsNodeName(spec.name) : spec.name,
      update: { agentMessages: [outcome.message], made: madeBy(spec, pending[0], outcome, state) },
    });
  };
}
