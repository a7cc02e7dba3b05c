/**
 * A chat model driven by a function of the conversation, for graph tests that need behaviour the
 * offline planner never shows (loops, malformed tool arguments). It implements the same LangChain
 * interface as real models: bindTools, AIMessage tool_calls / invalid_tool_calls, usage.
 */
import { randomUUID } from 'node:crypto';
import { BaseChatModel, type BindToolsInput } from '@langchain/core/language_models/chat_models';
import { AIMessage, type BaseMessage } from '@langchain/core/messages';
import type { ChatResult } from '@langchain/core/outputs';

export type Script = (messages: BaseMessage[], toolNames: string[]) => AIMessage;

export class ScriptedChatModel extends BaseChatModel {
  readonly calls: { toolNames: string[]; messages: BaseMessage[] }[];
  constructor(private readonly script: Script, private readonly toolNames: string[] = [], calls?: ScriptedChatModel['calls']) {
    super({});
    this.calls = calls ?? [];
  }
  _llmType() {
    return 'scripted';
  }
  override bindTools(tools: BindToolsInput[]): ScriptedChatModel {
    return new ScriptedChatModel(this.script, tools.map((t) => (t as { name: string }).name), this.calls);
  }
  async _generate(messages: BaseMessage[]): Promise<ChatResult> {
    this.calls.push({ toolNames: this.toolNames, messages });
    const out = this.script(messages, this.toolNames);
    const message = new AIMessage({
      id: randomUUID(),
      content: out.content,
      tool_calls: out.tool_calls,
      invalid_tool_calls: out.invalid_tool_calls,
      usage_metadata: { input_tokens: 10, output_tokens: 5, total_tokens: 15 },
    });
    return { generations: [{ text: String(out.content), message }] };
  }
}

export const toolCall = (name: string, args: Record<string, unknown> = {}) => ({ id: `c_${randomUUID().slice(0, 8)}`, name, args, type: 'tool_call' as const });
