import { describe, expect, it } from 'vitest';
import { AIMessage, HumanMessage, SystemMessage, ToolMessage } from '@langchain/core/messages';
import { validateHistory } from '../../../agents/supervisor/validateHistory.ts';

const call = (id: string, name = 'optimize_design') => ({ id, name, args: {}, type: 'tool_call' as const });

describe('validateHistory', () => {
  it('leaves a valid history alone', () => {
    const msgs = [new SystemMessage('s'), new HumanMessage('h'), new AIMessage({ content: '', tool_calls: [call('a')] }), new ToolMessage({ tool_call_id: 'a', content: '{}' }), new AIMessage('done')];
    const r = validateHistory(msgs);
    expect(r.repairs).toEqual([]);
    expect(r.messages).toHaveLength(5);
  });

  it('adds a result for every unanswered call, drops orphans and duplicates, drops empty assistant messages', () => {
    const msgs = [
      new HumanMessage('h'),
      new ToolMessage({ tool_call_id: 'ghost', content: 'x' }),
      new AIMessage({ content: '', tool_calls: [call('a'), call('b')] }),
      new ToolMessage({ tool_call_id: 'b', content: 'B' }),
      new ToolMessage({ tool_call_id: 'b', content: 'B again' }),
      new AIMessage(''),
      new HumanMessage('next'),
    ];
    const r = validateHistory(msgs);
    expect(r.messages.map((m) => m.getType())).toEqual(['human', 'ai', 'tool', 'tool', 'human']);
    const [, , first, second] = r.messages as ToolMessage[];
    expect(first.tool_call_id).toBe('a');
    expect(String(first.content)).toMatch(/no result/);
    expect(second.content).toBe('B');
    expect(r.repairs).toHaveLength(4);
  });

  it('turns malformed calls into ordinary calls so their error result stays paired', () => {
    const ai = new AIMessage({ content: '', tool_calls: [], invalid_tool_calls: [{ id: 'm', name: 'simulate_design', args: '{"design_id": ', error: 'bad JSON', type: 'invalid_tool_call' }] });
    const r = validateHistory([new HumanMessage('h'), ai, new ToolMessage({ tool_call_id: 'm', status: 'error', content: '{"error":{}}' })]);
    const fixed = r.messages[1] as AIMessage;
    expect(fixed.tool_calls).toEqual([expect.objectContaining({ id: 'm', name: 'simulate_design', args: {} })]);
    expect(fixed.invalid_tool_calls).toEqual([]);
    expect((r.messages[2] as ToolMessage).tool_call_id).toBe('m');
    expect(r.repairs).toEqual([]);
  });
});
