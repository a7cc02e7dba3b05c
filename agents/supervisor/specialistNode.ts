/**
 * A specialist's step: it sees its prompt, its task (with a little conversation context) and its
 * own transcript — never the other agents' tools. The reply's first tool call runs in the same step
 * (unless it could interrupt); further calls go to its tools node; a plain answer ends the visit and
 * hands a compact summary back to the supervisor as the result of the supervisor's transfer call.
 */
import { HumanMessage, SystemMessage, ToolMessage, type AIMessage } from '@langchain/core/messages';
import { Command, type LangGraphRunnableConfig } from '@langchain/langgraph';
import type { Specialist } from '../specialists/specialist.ts';
import { handoffToolName } from '../specialists/specialist.ts';
import { bindTools, callNames, emitter, modelOf, storedAI, toBindable, usageOf, type GraphDeps } from './nodeKit.ts';
import type { SupervisorStateType } from './state.ts';
import { modelCallConfig } from './liveTokens.ts';
import { summarizeVisit } from './summarizeVisit.ts';
import { callsOf, madeBy, makeToolRunner, toolsNodeName, turnNumber } from './toolsNode.ts';
import { currentTurn } from './turnView.ts';
import { writeTask } from '../specialists/specialistTask.ts';
import { validateHistory } from './validateHistory.ts';
import { imageParts } from '../sketch/sketchMessage.ts';

const clip = (s: string, n: number) => (s.length > n ? `${s.slice(0, n)}…` : s);

/** The specialist's first message: the person's request verbatim, the supervisor's task, context. */
export function taskMessage(state: SupervisorStateType, agent?: string): HumanMessage {
  const view = currentTurn(state.messages);
  const context = [
    ...view.earlier.slice(-6).map((e) => `${e.role === 'human' ? 'Person' : 'Assistant'}: ${clip(e.text, 600)}`),
    ...view.summaries.map((s) => `Result of ${s.agent} in this turn: ${clip(JSON.stringify({ answer: s.answer, artifacts: s.artifacts }), 800)}`),
  ];
  // what this specialist made in earlier turns (this turn's own results are in its transcript)
  const turn = turnNumber(state.messages);
  const made = (state.made ?? []).filter((x) => x.agent === agent && (x.turn ?? 0) < turn);
  const text = writeTask({ request: view.request, supervisorTask: state.task ?? '', made, context: context.join('\n') });
  // a sketch sent to a model that reads images goes on to the specialist with the request
  const human = [...state.messages].reverse().find((m) => m.getType() === 'human');
  const images = imageParts(human);
  return new HumanMessage(images.length ? { content: [{ type: 'text', text }, ...images] } : text);
}

export function finishVisit(spec: Specialist, state: SupervisorStateType, config: LangGraphRunnableConfig, last: AIMessage | null, stopReason?: string): Command {
  const transcript = last ? [...state.agentMessages, last] : state.agentMessages;
  const summary = summarizeVisit(spec.name, transcript, stopReason);
  const content = JSON.stringify(summary);
  emitter(config)({ type: 'handback', from: spec.name, summary: summary.answer });
  const result = new ToolMessage({ tool_call_id: state.activeCallId ?? '', name: handoffToolName(spec.name), content });
  return new Command({
    goto: 'supervisor',
    update: { messages: [result], agentMessages: null, activeAgent: null, activeCallId: null, task: '' },
  });
}

export function makeSpecialistNode(spec: Specialist, deps: GraphDeps) {
  const model = bindTools(modelOf(deps, spec.name), spec.tools.map(toBindable));
  const system = new SystemMessage(spec.prompt);
  const runTool = makeToolRunner(spec, deps);

  return async (state: SupervisorStateType, config: LangGraphRunnableConfig): Promise<Command> => {
    const emit = emitter(config);
    const modelCalls = state.agentMessages.filter((m) => m.getType() === 'ai').length;
    if (modelCalls >= deps.limits.maxSpecialistCalls) {
      return finishVisit(spec, state, config, null, `${spec.name} used its budget of ${deps.limits.maxSpecialistCalls} model calls`);
    }
    const { messages, repairs } = validateHistory([system, taskMessage(state, spec.name), ...state.agentMessages]);
    const t0 = performance.now();
    const ai = storedAI(await model.invoke(messages, modelCallConfig(config, spec.name, emit)), spec.name, state.agentMessages);
    emit({ type: 'model_call', agent: spec.name, model: deps.modelName, latencyMs: performance.now() - t0, ...usageOf(ai), toolCalls: callNames(ai), repairs });
    const calls = callsOf(ai);
    if (calls.length) {
      // the first call runs in this step (decide + act); the rest, and any call that would
      // interrupt, run one per step in the tools node
      const outcome = await runTool(calls[0], config, true);
      const update = { agentMessages: outcome ? [ai, outcome.message] : [ai], made: outcome ? madeBy(spec, calls[0], outcome, state) : [] };
      return new Command({ goto: outcome && calls.length === 1 ? spec.name : toolsNodeName(spec.name), update });
    }
    return finishVisit(spec, state, config, ai);
  };
}
