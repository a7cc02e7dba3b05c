/**
 * The supervisor node: classifies the request by calling the model with one hand-off tool per
 * specialist, routes to at most one specialist per step, and ends the turn with the model's answer —
 * or with a partial answer when the hand-off budget is spent or the same task is handed out twice.
 */
import { AIMessage, SystemMessage, ToolMessage, type BaseMessage } from '@langchain/core/messages';
import { Command, END, type LangGraphRunnableConfig } from '@langchain/langgraph';
import { loadPrompt } from '../prompts/loadPrompt.ts';
import { modelCallConfig } from './liveTokens.ts';
import { handoffTarget, handoffToolName } from '../specialists/specialist.ts';
import { bindTools, callNames, emitter, handoffTool, modelOf, storedAI, usageOf, type GraphDeps } from './nodeKit.ts';
import type { SupervisorStateType } from './state.ts';
import { currentTurn, partialAnswer, sameTask, type TurnView } from './turnView.ts';
import { textOf } from './summarizeVisit.ts';
import { validateHistory } from './validateHistory.ts';

function roster(deps: GraphDeps): string {
  const lines = deps.specialists.map((s) => `- ${s.name}: ${s.availability.available ? 'available' : `unavailable (${s.availability.reason})`}`);
  return `Specialists:\n${lines.join('\n')}`;
}

function toolError(id: string, name: string, message: string): ToolMessage {
  return new ToolMessage({ tool_call_id: id, name, status: 'error', content: JSON.stringify({ error: { message } }) });
}

function stop(view: TurnView, reason: string, emit: ReturnType<typeof emitter>, pending: BaseMessage[] = []): Command {
  const text = partialAnswer(view, reason);
  emit({ type: 'stopped', reason });
  emit({ type: 'answer', agent: 'supervisor', content: text });
  return new Command({ goto: END, update: { messages: [...pending, new AIMessage({ content: text, name: 'supervisor' })] } });
}

export function makeSupervisorNode(deps: GraphDeps) {
  const model = bindTools(modelOf(deps, 'supervisor'), deps.specialists.map(handoffTool), { oneCallAtATime: true });
  const system = new SystemMessage(`${loadPrompt('supervisor')}\n\n${roster(deps)}`);
  const byName = new Map(deps.specialists.map((s) => [s.name, s]));

  return async (state: SupervisorStateType, config: LangGraphRunnableConfig): Promise<Command> => {
    const emit = emitter(config);
    const view = currentTurn(state.messages);
    if (view.handoffs.length >= deps.limits.maxHandoffs) return stop(view, `the hand-off budget of ${deps.limits.maxHandoffs} is spent`, emit);
    if (view.supervisorCalls >= deps.limits.maxSupervisorCalls) return stop(view, `the supervisor step budget of ${deps.limits.maxSupervisorCalls} is spent`, emit);

    const { messages, repairs } = validateHistory(state.messages);
    const t0 = performance.now();
    const ai = storedAI(await model.invoke([system, ...messages], modelCallConfig(config, 'supervisor', emit)), 'supervisor', state.messages);
    emit({ type: 'model_call', agent: 'supervisor', model: deps.modelName, latencyMs: performance.now() - t0, ...usageOf(ai), toolCalls: callNames(ai), repairs });

    const calls = ai.tool_calls ?? [];
    const invalid = ai.invalid_tool_calls ?? [];
    if (!calls.length && !invalid.length) {
      const text = textOf(ai).trim() || partialAnswer(view, 'the model returned an empty answer');
      const final = text === textOf(ai).trim() ? ai : new AIMessage({ id: ai.id, name: 'supervisor', content: text });
      emit({ type: 'answer', agent: 'supervisor', content: text });
      return new Command({ goto: END, update: { messages: [final] } });
    }

    const replies: ToolMessage[] = invalid.map((c) => toolError(c.id!, c.name ?? 'unknown_tool', `arguments are not valid JSON: ${c.error ?? c.args}`));
    let chosen: { agent: string; task: string; id: string } | null = null;
    for (const c of calls) {
      const agent = handoffTarget(c.name) ?? '';
      const spec = byName.get(agent);
      const task = String((c.args as { task?: unknown })?.task ?? '').trim() || view.request;
      if (!spec) replies.push(toolError(c.id!, c.name, `unknown tool "${c.name}"; hand off with one of: ${deps.specialists.map((s) => handoffToolName(s.name)).join(', ')}`));
      else if (!spec.availability.available) replies.push(toolError(c.id!, c.name, `the ${agent} agent is unavailable: ${spec.availability.reason}`));
      else if (chosen) replies.push(toolError(c.id!, c.name, 'ignored: one hand-off at a time; call it again after the current one returns'));
      else if (view.handoffs.some((h) => sameTask(h, agent, task))) {
        replies.push(toolError(c.id!, c.name, `skipped: the ${agent} agent already did this task in this turn`));
        return stop(view, `the ${agent} agent was asked to repeat a task it already did (a routing loop)`, emit, [ai, ...replies]);
      } else chosen = { agent, task, id: c.id! };
    }
    if (!chosen) return new Command({ goto: 'supervisor', update: { messages: [ai, ...replies] } });
    emit({ type: 'handoff', from: 'supervisor', to: chosen.agent, task: chosen.task });
    return new Command({
      goto: chosen.agent,
      update: { messages: [ai, ...replies], activeAgent: chosen.agent, activeCallId: chosen.id, task: chosen.task, agentMessages: null },
    });
  };
}
