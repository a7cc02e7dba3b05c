/**
 * `offline`: a deterministic, rule-based planner behind the LangChain chat-model interface. It reads
 * only the conversation and tool results. Which agent it speaks for is its `role`, given by the
 * runtime (`forRole`): the supervisor's router, or a specialist's own planner. Tool calls come back
 * as ordinary AIMessage tool_calls with usage metadata, streamed word by word like a real model.
 */
import { createHash, randomUUID } from 'node:crypto';
import { BaseChatModel, type BaseChatModelParams, type BindToolsInput } from '@langchain/core/language_models/chat_models';
import { AIMessage, AIMessageChunk, type BaseMessage } from '@langchain/core/messages';
import { ChatGenerationChunk, type ChatResult } from '@langchain/core/outputs';
import type { CallbackManagerForLLMRun } from '@langchain/core/callbacks/manager';
import { noPlannerRole, type OfflineRole } from './role.ts';
import { textOf, type Plan } from './transcript.ts';

export interface OfflineModelOptions extends BaseChatModelParams {
  /** Names of the bound tools (set by bindTools). */
  toolNames?: string[];
  /** The agent this model speaks for (set by forRole). */
  role?: OfflineRole;
}

const estimateTokens = (text: string) => Math.ceil(text.length / 4);

/**
 * Tool-call ids that depend only on the conversation, the agent (its bound tools) and the call, so the same
 * conversation gives the same ids (the planner is deterministic, and so are the traces that record
 * a call's id, such as an approval bound to it); a longer conversation gives new ones.
 */
function callIds(agent: string, messages: BaseMessage[], plan: Plan): string[] {
  const h = createHash('sha256').update(agent);
  for (const m of messages) h.update(`\u0000${m.getType()}\u0000${textOf(m)}`);
  const base = h.digest('hex');
  return plan.calls.map((c, i) => `call_${createHash('sha256').update(`${base}\u0000${i}\u0000${c.name}\u0000${JSON.stringify(c.args)}`).digest('hex').slice(0, 12)}`);
}

function toolName(t: BindToolsInput): string {
  const x = t as { name?: string; function?: { name?: string } };
  return x.name ?? x.function?.name ?? '';
}

export class OfflineChatModel extends BaseChatModel {
  readonly toolNames: string[];
  readonly role: OfflineRole;

  constructor(fields: OfflineModelOptions = {}) {
    super(fields);
    this.toolNames = fields.toolNames ?? [];
    this.role = fields.role ?? noPlannerRole('this');
  }

  _llmType(): string {
    return 'offline';
  }

  override bindTools(tools: BindToolsInput[]): OfflineChatModel {
    return new OfflineChatModel({ toolNames: [...this.toolNames, ...tools.map(toolName)], role: this.role, callbacks: this.callbacks });
  }

  /** The same model speaking for another agent. */
  forRole(role: OfflineRole): OfflineChatModel {
    return new OfflineChatModel({ toolNames: this.toolNames, role, callbacks: this.callbacks });
  }

  /** The planner's decision for this conversation. */
  async plan(messages: BaseMessage[]): Promise<Plan> {
    return this.role.plan(messages, this.toolNames);
  }

  private usage(messages: BaseMessage[], plan: Plan) {
    const input_tokens = messages.reduce((n, m) => n + estimateTokens(textOf(m)), 0);
    const output_tokens = estimateTokens(plan.text + JSON.stringify(plan.calls));
    return { input_tokens, output_tokens, total_tokens: input_tokens + output_tokens };
  }

  async _generate(messages: BaseMessage[]): Promise<ChatResult> {
    const plan = await this.plan(messages);
    const ids = callIds(this.toolNames.join(","), messages, plan);
    const message = new AIMessage({
      id: randomUUID(),
      content: plan.text,
      tool_calls: plan.calls.map((c, i) => ({ id: ids[i], name: c.name, args: c.args, type: 'tool_call' as const })),
      usage_metadata: this.usage(messages, plan),
      response_metadata: { model_name: 'offline' },
    });
    return { generations: [{ text: plan.text, message }] };
  }

  override async *_streamResponseChunks(messages: BaseMessage[], _options: this['ParsedCallOptions'], runManager?: CallbackManagerForLLMRun): AsyncGenerator<ChatGenerationChunk> {
    const plan = await this.plan(messages);
    const id = randomUUID();
    const ids = callIds(this.toolNames.join(","), messages, plan);
    for (const word of plan.text.match(/\S+\s*/g) ?? []) {
      const chunk = new ChatGenerationChunk({ text: word, message: new AIMessageChunk({ id, content: word }) });
      await runManager?.handleLLMNewToken(word, undefined, undefined, undefined, undefined, { chunk });
      yield chunk;
    }
    yield new ChatGenerationChunk({
      text: '',
      message: new AIMessageChunk({
        id,
        content: '',
        tool_call_chunks: plan.calls.map((c, index) => ({ id: ids[index], name: c.name, args: JSON.stringify(c.args), index, type: 'tool_call_chunk' as const })),
        usage_metadata: this.usage(messages, plan),
        response_metadata: { model_name: 'offline' },
      }),
    });
  }
}
