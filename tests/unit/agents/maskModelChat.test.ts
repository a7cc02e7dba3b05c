/** A model's chat (a scripted model through the real runtime, engineering specialist and tools) passes a node mask to optimize_design, and the answer's tool result carries it compactly. */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AIMessage, type ToolMessage } from '@langchain/core/messages';
import { afterAll, describe, expect, it } from 'vitest';
import { EventCollector, Tracer } from '../../../agents/index.ts';
import { ScriptedChatModel, toolCall } from './scriptedModel.ts';
import { testSession } from './sessionKit.ts';

const home = mkdtempSync(join(tmpdir(), 'engiai-mask-model-'));
afterAll(() => rmSync(home, { recursive: true, force: true }));

describe('node masks in a model-driven chat', () => {
  it('the model calls optimize_design with fixed_elements; the stored design has them', async () => {
    const fixed = [[0, 0, 0], [0, 0, 4], [0, 4, 0], [0, 4, 4]];
    const model = new ScriptedChatModel((messages, tools) => {
      const tool = messages.filter((m) => m.getType() === 'tool');
      if (!tools.includes('optimize_design')) return tool.length ? new AIMessage('done') : new AIMessage({ content: '', tool_calls: [toolCall('transfer_to_engineering', { task: 'optimize beams3d clamped on the x = 0 face' })] });
      if (!tool.length) return new AIMessage({ content: '', tool_calls: [toolCall('optimize_design', { problem: 'beams3d', conditions: { volfrac: 0.3 }, config: { nelx: 6, nely: 4, nelz: 4, max_iter: 1, fixed_elements: fixed } })] });
      return new AIMessage(`stored: ${String((tool.at(-1) as ToolMessage).content).slice(0, 400)}`);
    });
    const session = await testSession(home, { model });
    const events = new EventCollector();
    const r = await session.runTurn({ threadId: 'm', message: 'Optimize a beams3d block clamped on its x = 0 face corners', tracer: new Tracer([events]), streamTokens: false });
    expect(r.status).toBe('done');
    const result = events.ofType('tool_result').find((e) => e.name === 'optimize_design')!.result as { design_id: string; path: string; masks: Record<string, { nodes: number; list: number[][] }> };
    expect(result.masks.fixed_elements).toMatchObject({ nodes: 4, list: fixed });
    expect(JSON.parse(readFileSync(join(result.path, 'meta.json'), 'utf8')).config.fixed_elements.nodes).toEqual(fixed);
  });
});
