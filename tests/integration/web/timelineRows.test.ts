/** The client's event → row logic (web/ui/src/components/timeline.ts), without a browser. */
import { describe, expect, it } from 'vitest';
import { buildRows, progressView, toolState, workingAgent, type ToolRow } from '../../../web/ui/src/components/timeline.ts';
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

  it('a call still open when the turn stopped shows as stopped, not running', () => {
    const rows = buildRows([
      { type: 'tool_call', t: 1000, agent: 'engineering', id: 'o', name: 'optimize_design', args: {} },
      { type: 'progress', t: 3000, agent: 'engineering', tool: 'optimize_design', step: 1, total: 2000, value: 220, label: 'c' },
      { type: 'stopped', t: 3100, reason: 'cancelled' },
      { type: 'answer', t: 3100, agent: 'supervisor', content: 'I stopped here' },
      { type: 'run_end', t: 3100, status: 'stopped', durationMs: 1 },
    ]);
    const card = rows.find((r) => r.kind === 'tool') as ToolRow;
    expect(card.stopped).toBe(true);
    expect(progressView(card, 99_999)?.text).toBe('stopped at step 2/2000 · c 220.000 · 2 s');
    expect(rows.find((r) => r.kind === 'warn')).toMatchObject({ text: 'Stopped: the run was cancelled; what finished before is kept.' });
  });
});

describe('progress that does not lie', () => {
  const row = (progress: ToolRow['progress'], result?: ToolRow['result']): ToolRow => ({ kind: 'tool', id: 'x', key: 'x', agent: 'a', name: 'optimize_design', args: {}, startedAt: 0, progress, result });
  const ok = { ok: true, value: {}, durationMs: 1, links: [] };

  it('never shows a step past the total', () => {
    expect(progressView(row({ step: 200, total: 200, t: 1000 }))).toMatchObject({ done: 200, total: 200, fill: 200 });
    expect(progressView(row({ step: 2, total: 2, t: 1000 }), 1000)?.text).toBe('step 2/2 · 1 s');
  });

  it('a run that returned early fills its bar and says where it finished', () => {
    expect(progressView(row({ step: 29, total: 60, value: 45.5, label: 'c', t: 9000 }, ok))).toEqual({ done: 30, total: 60, fill: 60, text: 'finished at step 30 (limit 60) · c 45.5000' });
    // a failed call keeps the bar where it stopped
    expect(progressView(row({ step: 29, total: 60, t: 9000 }, { ...ok, ok: false }))).toMatchObject({ fill: 30, text: 'step 30/60' });
  });

  it('shows elapsed time and an estimate from the pace so far', () => {
    // 10 of 100 steps in 20 s: 90 left at 2 s each
    expect(progressView(row({ step: 9, total: 100, t: 20_000 }), 21_000)?.text).toBe('step 10/100 · 21 s · ~3 min 0 s left');
  });

  it('no known end (a job being waited for): the state and the time, no bar', () => {
    expect(progressView(row({ step: 0, total: 0, label: 'RUNNING, waited 21 s', t: 21_000 }), 22_000)).toEqual({ done: 0, total: 0, fill: 0, text: 'RUNNING, waited 21 s · 22 s' });
  });

  it('a program that exited non-zero is a failed card, not ok', () => {
    const card = (value: unknown): ToolRow => ({ kind: 'tool', id: 'r', key: 'r', agent: 'commands', name: 'run_command', args: {}, result: { ok: true, value, durationMs: 1, links: [] } });
    expect(toolState(card({ program: 'xdg-open', exit_code: 3 }))).toEqual({ state: 'failed', exit: 'failed · exit 3' });
    expect(toolState(card({ program: 'ls', exit_code: 0 }))).toEqual({ state: 'ok', exit: null });
    expect(toolState(card({ timed_out: true, exit_code: null }))).toEqual({ state: 'failed', exit: 'timed out' });
    expect(toolState(card({ design_id: 'x' }))).toEqual({ state: 'ok', exit: null });
  });
});
