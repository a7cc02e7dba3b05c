/** The client's event → row logic (web/ui/src/components/timeline.ts), without a browser. */
import { describe, expect, it } from 'vitest';
import { buildRows, workingAgent } from '../../../web/ui/src/components/timeline.ts';
import type { AgentEvent } from '../../../web/ui/src/types.ts';

const t = 0;

describe('timeline rows', () => {
  it('groups a tool call, its progress and its result into one card; a resumed call stays one card', () => {
    const events: AgentEvent[] = [
      { type: 'run_start', t, threadId: 'a', input: 'optimize', resume: false },
      { type: 'handoff', t, from: 'supervisor', to: 'engineering', task: 'optimize' },
      { type: 'tool_call', t, agent: 'engineering', id: 'c1', name: 'optimize_design', args: { problem: 'beams2d' } },
      { type: 'progress', t, agent: 'engineering', tool: 'optimize_design', step: 0, total: 2, value: 5, label: 'c' },
      { type: 'progress', t, agent: 'engineering', tool: 'optimize_design', step: 1, total: 2, value: 4, label: 'c' },
      { type: 'tool_result', t, agent: 'engineering', id: 'c1', name: 'optimize_design', ok: true, result: {}, durationMs: 3, links: [{ key: 'render', kind: 'image', mediaType: 'image/png', url: '/artifacts/x/render.png', name: 'render.png' }] },
      { type: 'tool_call', t, agent: 'engineering', id: 'c2', name: 'convert_design_to_stl', args: {} },
      { type: 'interrupt', t, kind: 'approval', payload: { kind: 'approval', question: 'Run?', agent: 'engineering', tool: 'convert_design_to_stl' } },
      { type: 'run_end', t, status: 'interrupted', durationMs: 1 },
      { type: 'run_start', t, threadId: 'a', input: null, resume: true },
      { type: 'tool_call', t, agent: 'engineering', id: 'c2', name: 'convert_design_to_stl', args: {} },
      { type: 'tool_result', t, agent: 'engineering', id: 'c2', name: 'convert_design_to_stl', ok: false, result: { error: 'declined' }, durationMs: 1 },
      { type: 'answer', t, agent: 'supervisor', content: 'done' },
    ];
    const rows = buildRows(events);
    expect(rows.map((r) => r.kind)).toEqual(['user', 'handoff', 'tool', 'tool', 'question', 'answer']);
    const [opt, stl] = rows.filter((r) => r.kind === 'tool');
    expect(opt).toMatchObject({ name: 'optimize_design', progress: { step: 1, total: 2, value: 4, label: 'c' }, result: { ok: true } });
    expect(opt.kind === 'tool' && opt.result?.links.map((l) => l.name)).toEqual(['render.png']);
    expect(stl).toMatchObject({ key: 'c2', result: { ok: false }, waiting: false });
    expect(buildRows(events.slice(0, 8)).find((r) => r.kind === 'tool' && r.id === 'c2')).toMatchObject({ waiting: true });
  });

  it("shows the person's answer to a clarification as their message, whichever tool asked", () => {
    const rows = buildRows([
      { type: 'tool_call', t, agent: 'lab', id: 'q', name: 'confirm_sample', args: { question: 'which sample?' } },
      { type: 'reply', t, agent: 'lab', kind: 'clarification', text: 'sample B' },
      { type: 'tool_result', t, agent: 'lab', id: 'q', name: 'confirm_sample', ok: true, result: { sample: 'B' }, durationMs: 1 },
      { type: 'tool_call', t, agent: 'lab', id: 'r', name: 'burn_sample', args: {} },
      { type: 'reply', t, agent: 'lab', kind: 'approval', text: 'yes' },
    ]);
    expect(rows.map((r) => r.kind)).toEqual(['tool', 'user', 'tool', 'note']);
    expect(rows[1]).toMatchObject({ text: 'sample B' });
    expect(rows[3]).toMatchObject({ text: 'approval: yes' });
  });

  it('a call id repeated in a later turn gets its own card with a distinct key', () => {
    const call = (id: string): AgentEvent[] => [
      { type: 'tool_call', t, agent: 'engineering', id, name: 'create_problem', args: {} },
      { type: 'tool_result', t, agent: 'engineering', id, name: 'create_problem', ok: true, result: {}, durationMs: 1 },
    ];
    const rows = buildRows([...call('same'), ...call('same')]);
    const keys = rows.map((r) => (r.kind === 'tool' ? r.key : ''));
    expect(new Set(keys).size).toBe(2);
  });

  it('names the agent that is working', () => {
    const events: AgentEvent[] = [
      { type: 'run_start', t, threadId: 'a', input: 'x', resume: false },
      { type: 'node_start', t, node: 'supervisor', agent: 'supervisor' },
      { type: 'node_end', t, node: 'supervisor', agent: 'supervisor', durationMs: 1 },
      { type: 'node_start', t, node: 'engineering', agent: 'engineering' },
    ];
    expect(workingAgent(events)).toBe('engineering');
    expect(workingAgent(events.slice(0, 3))).toBeNull();
  });
});
