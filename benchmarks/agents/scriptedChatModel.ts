/**
 * A scripted policy behind the LangChain chat-model interface: the benchmarks' scripted agents
 * drive the real supervisor graph and the real specialist tools through it, exactly where a real
 * model would sit. It serves every agent alike (like a real model, it tells from the tools it was
 * offered which agent it speaks for). Deterministic: call ids come from the conversation length.
 */
import { BaseChatModel, type BaseChatModelParams, type BindToolsInput } from '@langchain/core/language_models/chat_models';
import { AIMessage, type BaseMessage } from '@langchain/core/messages';
import type { ChatResult } from '@langchain/core/outputs';
import { fromLangChain, type Policy } from './transcript.ts';

export interface ScriptedChatModelOptions extends BaseChatModelParams {
  policy: Policy;
  /** The label usage and traces show (the policy's name). */
  label: string;
  toolNames?: string[];
}

const tokens = (text: string) => Math.ceil(text.length / 4);

function toolName(t: BindToolsInput): string {
  const x = t as { name?: string; function?: { name?: string } };
  return x.name ?? x.function?.name ?? '';
}

export class ScriptedChatModel extends BaseChatModel {
  readonly policy: Policy;
  readonly label: string;
  readonly toolNames: string[];

  constructor(fields: ScriptedChatModelOptions) {
    super(fields);
    this.policy = fields.policy;
    this.label = fields.label;
    this.toolNames = fields.toolNames ?? [];
  }

  _llmType(): string {
    return 'scripted';
  }

  override bindTools(tools: BindToolsInput[]): ScriptedChatModel {
    return new ScriptedChatModel({ policy: this.policy, label: this.label, toolNames: tools.map(toolName), callbacks: this.callbacks });
  }

  async _generate(messages: BaseMessage[]): Promise<ChatResult> {
    const wire = fromLangChain(messages);
    const decision = this.policy(wire, this.toolNames);
    const input = wire.reduce((n, m) => n + tokens(m.text) + tokens(JSON.stringify(m.calls ?? [])), 0);
    const output = tokens(decision.text + JSON.stringify(decision.calls));
    const message = new AIMessage({
      content: decision.text,
      tool_calls: decision.calls.map((c, i) => ({ id: `call_${messages.length}_${i}`, name: c.name, args: c.args, type: 'tool_call' as const })),
      usage_metadata: { input_tokens: input, output_tokens: output, total_tokens: input + output },
      response_metadata: { model_name: this.label },
    });
    return { generations: [{ text: decision.text, message }] };
  }
}
