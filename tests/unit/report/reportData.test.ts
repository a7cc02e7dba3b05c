/** What the design report is built from: citations, paths scrubbed of the home, steps bounded, designs' files and links. */
import { describe, expect, it } from 'vitest';
import { buildReportData, MAX_STEPS } from '../../../agents/report/reportData.ts';
import { reportHtml } from '../../../agents/report/reportHtml.ts';
import { reportPdf } from '../../../agents/report/reportPdf.ts';
import type { AgentEvent } from '../../../agents/trace/agentEvent.ts';
import type { DesignMeta } from '../../../tools/engineering/store/designMeta.ts';
import { pdfText } from '../../support/pdfPages.ts';

const HOME = '/srv/secret-home/.engiai';
const ROOT = `${HOME}/artifacts`;
const ID = 'beams2d-0123456789abcdef';
const meta: DesignMeta = {
  id: ID,
  problem: 'beams2d',
  version: 1,
  conditions: { volfrac: 0.35, forcedist: 0.5 },
  config: { volfrac: 0.35, forcedist: 0.5, nelx: 60 },
  objectives: { c: 41.25 },
  history: [0, 1, 2, 3].map((step) => ({ step, objectives: [100 / (step + 1)] })),
  iterations: 4,
  shape: [30, 60],
  createdAt: '2026-12-01T00:00:00.000Z',
  provenance: { tool: 'optimize_design', engiaiVersion: '0.1.0' },
  files: { design: 'design.npy', stl: 'design.stl' },
};

const result = (id: string, name: string, extra: Partial<Extract<AgentEvent, { type: 'tool_result' }>> = {}): AgentEvent => ({
  type: 'tool_result', t: 2, agent: 'rag', id, name, ok: true, result: {}, artifacts: [], highlights: {}, durationMs: 12, ...extra,
});

describe('buildReportData', () => {
  const events: { turn: number; event: AgentEvent }[] = [
    { turn: 1, event: { type: 'run_start', t: 0, threadId: 'th', input: `use ${HOME}/uploads/K-77.pdf for the beam`, resume: false } },
    { turn: 1, event: { type: 'model_call', t: 1, agent: 'supervisor', model: 'offline', latencyMs: 5, inputTokens: 100, outputTokens: 20, toolCalls: [], repairs: [] } },
    { turn: 1, event: { type: 'tool_call', t: 1, agent: 'rag', id: 'c1', name: 'search_documents', args: { query: 'volume fraction' } } },
    {
      turn: 1,
      event: result('c1', 'search_documents', { result: { citations: ['[Report K-77, p. 3](doc:abc123#page=3)', '[Other, p. 9](doc:zzz#page=9)'] }, highlights: { found: 2 } }),
    },
    { turn: 1, event: result('c2', 'slice_stl', { agent: 'prusa', artifacts: [{ kind: 'file', path: `${HOME}/prints/part.gcode`, mediaType: 'text/x.gcode', label: 'gcode' }] }) },
    { turn: 1, event: result('c3', 'convert_design_to_stl', { agent: 'engineering', ok: false, highlights: { error: { message: `cannot write ${ROOT}/${ID}/x.stl` } } }) },
    { turn: 1, event: { type: 'answer', t: 3, agent: 'supervisor', content: 'The report says volfrac 0.35 [Report K-77, p. 3](doc:abc123#page=3).' } },
    { turn: 1, event: { type: 'run_end', t: 4, status: 'done', durationMs: 4000 } },
  ];

  it('lists the cited documents first, those only retrieved after, and hides the home folder everywhere', () => {
    const data = buildReportData({ threadId: 'th', messages: [], events, designs: [{ dir: `${ROOT}/${ID}`, meta }], home: HOME, artifactsRoot: ROOT, linkOf: (rel) => `http://h/artifacts/${rel}` });
    expect(data.citations).toEqual([
      { text: 'Report K-77, p. 3', href: 'doc:abc123#page=3', cited: true },
      { text: 'Other, p. 9', href: 'doc:zzz#page=9', cited: false },
    ]);
    expect(data.turns[0].request).toBe('use $ENGIAI_HOME/uploads/K-77.pdf for the beam');
    expect(data.totals).toMatchObject({ modelCalls: 1, inputTokens: 100, outputTokens: 20, toolCalls: 3, durationMs: 4000 });
    const failed = data.steps.find((s) => s.ok === false)!;
    expect(failed.text).toContain(`cannot write $ENGIAI_HOME/artifacts/${ID}/x.stl`);
    // the design's files come from its meta.json, with links; the G-code lies outside any design
    expect(data.designs[0].files).toEqual([expect.objectContaining({ label: 'stl', shown: `artifacts/${ID}/design.stl`, href: `http://h/artifacts/${ID}/design.stl` })]);
    expect(data.files).toEqual([expect.objectContaining({ label: 'gcode', shown: '$ENGIAI_HOME/prints/part.gcode', href: null })]);
    const html = reportHtml(data, new Map());
    const pdf = reportPdf(data, new Map());
    expect(html).not.toContain('/srv/secret-home');
    expect(pdf.toString('latin1')).not.toContain('/srv/secret-home');
    const text = pdfText(pdf).replace(/\s+/g, ' ');
    expect(text).toContain('Report K-77, p. 3 (doc:abc123#page=3)');
    expect(text).toContain('gcode: $ENGIAI_HOME/prints/part.gcode');
    expect(text).toContain('volfrac 0.35');
    expect(text).toContain('convert_design_to_stl');
    expect(text).toMatch(/\(failed\)/);
  });

  it('escapes what a tool or model wrote into the HTML page', () => {
    const evil: { turn: number; event: AgentEvent }[] = [{ turn: 1, event: { type: 'answer', t: 0, agent: 'supervisor', content: '<script>alert(1)</script><img src=x onerror=alert(2)>' } }];
    const html = reportHtml(buildReportData({ threadId: 'th', messages: [], events: evil, designs: [], home: HOME, artifactsRoot: ROOT }), new Map());
    expect(html).not.toMatch(/<script>alert|<img src=x/);
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
  });

  it('bounds the steps of a huge thread and counts the rest', () => {
    const many = Array.from({ length: MAX_STEPS + 250 }, (_, i) => ({ turn: 1, event: result(`c${i}`, 'noop', { result: 'y'.repeat(10_000) as unknown as Record<string, unknown> }) }));
    const data = buildReportData({ threadId: 'th', messages: [], events: many, designs: [], home: HOME, artifactsRoot: ROOT });
    expect(data.steps).toHaveLength(MAX_STEPS);
    expect(data.stepsLeftOut).toBe(250);
    expect(Math.max(...data.steps.map((s) => s.text.length))).toBeLessThanOrEqual(600);
    const pdf = reportPdf(data, new Map());
    expect(pdfText(pdf)).toContain('250 more steps not listed');
  });

  it('falls back to the messages when no events were recorded', () => {
    const data = buildReportData({
      threadId: 'th',
      messages: [
        { role: 'human', content: 'optimize a beam' },
        { role: 'ai', name: 'supervisor', content: '', tool_calls: [{ id: 'x', name: 'transfer_to_engineering', args: { task: 'optimize' } }] },
        { role: 'tool', content: '{"answer":"done [Doc, p. 1](doc:d1#page=1)"}', tool_call_id: 'x' },
        { role: 'ai', name: 'supervisor', content: 'Done.' },
      ],
      events: [],
      designs: [],
      home: HOME,
      artifactsRoot: ROOT,
    });
    expect(data.turns).toEqual([{ turn: 1, request: 'optimize a beam', answer: 'Done.' }]);
    expect(data.steps[0]).toMatchObject({ agent: 'supervisor', kind: 'tool', text: 'transfer_to_engineering({"task":"optimize"})' });
    expect(data.citations).toEqual([{ text: 'Doc, p. 1', href: 'doc:d1#page=1', cited: false }]);
  });
});
