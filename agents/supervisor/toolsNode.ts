/**
 * A specialist's tools node: runs ONE pending tool call per step, so every result is checkpointed
 * on its own and an interrupt (clarification, approval) re-runs only that call on resume — never a
 * sibling that already had side effects (agent-stack.md §2.7).
 */
import type { AIMessage, ToolMessage } from '@langchain/core/messages';
import { Command, interrupt, type LangGraphRunnableConfig } from '@langchain/langgraph';
import type { EngiTool, ToolContext } from '../../tools/engineering/tools.ts';
import type { InterruptPayload } from '../trace/agentEvent.ts';
import type { Specialist } from '../specialists/specialist.ts';
import { emitter, type GraphDeps } from './nodeKit.ts';
import { runToolCall, type PendingCall } from './runToolCall.ts';
import { toolsNodeName } from './specialistNode.ts';
import type { SupervisorStateType } from './state.ts';

export function pendingCalls(state: SupervisorStateType): PendingCall[] {
  const msgs = state.agentMessages;
  let i = msgs.length - 1;
  while (i >= 0 && msgs[i].getType() !== 'ai') i--;
  if (i < 0) return [];
  const ai = msgs[i] as AIMessage;
  const done = new Set(msgs.slice(i + 1).filter((m) => m.getType() === 'tool').map((m) => (m as ToolMessage).tool_call_id));
  const calls: PendingCall[] = [
    ...(ai.tool_calls ?? []).map((c) => ({ id: c.id!, name: c.name, args: c.args })),
    ...(ai.invalid_tool_calls ?? []).map((c) => ({ id: c.id!, name: c.name ?? 'unknown_tool', args: c.args, malformed: c.error ?? String(c.args) })),
  ];
  return calls.filter((c) => !done.has(c.id));
}

/** The resume value of an interrupt, as text. */
export function answerText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value && typeof value === 'object' && 'answer' in value) return String((value as { answer: unknown }).answer);
  return JSON.stringify(value);
}

export function isApproval(value: unknown): boolean {
  if (typeof value === 'boolean') return value;
  if (value && typeof value === 'object' && 'approved' in value) return Boolean((value as { approved: unknown }).approved);
  return /^\s*(y|yes|ok|okay|approve|approved|go|go ahead|sure)\b/i.test(answerText(value));
}

export function makeToolsNode(spec: Specialist, deps: GraphDeps) {
  const approvals = new Set(deps.approvals ?? []);
  return async (state: SupervisorStateType, config: LangGraphRunnableConfig): Promise<Command> => {
    const emit = emitter(config);
    const pending = pendingCalls(state);
    if (!pending.length) return new Command({ goto: spec.name });
    const call = pending[0];
    emit({ type: 'tool_call', agent: spec.name, id: call.id, name: call.name, args: call.args });
    const ctx: ToolContext = {
      ...deps.toolContext,
      askHuman: async ({ question, missing }) =>
        answerText(interrupt<InterruptPayload, unknown>({ kind: 'clarification', question, missing, agent: spec.name })),
      progress: (e) => emit({ type: 'progress', agent: spec.name, ...e }),
    };
    const approve = async (tool: EngiTool, args: unknown) => {
      const question = `Run ${tool.name} with ${JSON.stringify(args)}?`;
      return isApproval(interrupt<InterruptPayload, unknown>({ kind: 'approval', question, tool: tool.name, args, agent: spec.name }));
    };
    const tools = spec.tools.map((t) => (approvals.has(t.name) ? { ...t, needsApproval: true } : t));
    const outcome = await runToolCall(call, tools, ctx, approve);
    emit({ type: 'tool_result', agent: spec.name, id: call.id, name: call.name, ok: outcome.ok, result: outcome.result, durationMs: outcome.durationMs });
    return new Command({
      goto: pending.length > 1 ? toolsNodeName(spec.name) : spec.name,
      update: { agentMessages: [outcome.message] },
    });
  };
}
