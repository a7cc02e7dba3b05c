/**
 * "Adding a specialist is a new folder plus one registry line" (agents/README.md): a toy specialist
 * defined in tests/fixtures/toySpecialist runs through `engiai chat` (timeline and JSON trace), and
 * through the web server (settings, SSE events with artifact links, the file behind the link, the
 * browser's timeline rows), with no other file knowing it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ChatTrace } from '../../../agents/index.ts';
import { runChat, type ChatIO } from '../../../cli/commands/chat.ts';
import { buildRows } from '../../../web/ui/src/components/timeline.ts';
import type { AgentEvent } from '../../../web/ui/src/types.ts';
import { labSpecialist } from '../../fixtures/toySpecialist/index.ts';
import { startTestServer, turn, CSRF } from '../web/helpers.ts';

let home: string;
beforeAll(() => {
  home = mkdtempSync(join(tmpdir(), 'engiai-toy-'));
});
afterAll(() => rmSync(home, { recursive: true, force: true }));

const io = (): ChatIO & { out: string } => {
  const self = { out: '', write: (t: string) => void (self.out += t), ask: async () => '' };
  return self;
};

describe('a toy specialist plugged in from a test folder', () => {
  it('runs through engiai chat: routed by its offline part, timeline from its key fields, artifacts in the JSON trace', async () => {
    const timeline = io();
    const r = await runChat({ message: 'Please measure sample B', model: 'offline', home, interactive: false, extraSpecialists: [labSpecialist] }, timeline);
    expect(r.status).toBe('done');
    expect(r.answer).toMatch(/Sample B has density 1066 kg\/m3/);
    expect(timeline.out).toMatch(/→ supervisor hands off to lab/);
    expect(timeline.out).toMatch(/✓ measure_sample .* sample=B density=1066/);
    expect(timeline.out).not.toMatch(/internal_note/);

    const json = io();
    await runChat({ message: 'measure sample C', model: 'offline', home, interactive: false, json: true, extraSpecialists: [labSpecialist] }, json);
    const trace = JSON.parse(json.out) as ChatTrace;
    const report = join(home, 'artifacts', 'lab-reports', 'sample-C.txt');
    expect(trace.artifacts).toEqual([report]);
    expect(readFileSync(report, 'utf8')).toMatch(/density 1067/);
    const result = trace.events.find((e) => e.type === 'tool_result');
    expect(result).toMatchObject({ name: 'measure_sample', artifacts: [{ kind: 'document', mediaType: 'text/plain', label: 'report', path: report }], highlights: { sample: 'C', density: 1067 } });
    expect(trace.events.filter((e) => e.type === 'progress').map((e) => (e as { step: number }).step)).toEqual([0, 1]);
  });

  it('its default approval asks before the irreversible tool; the answer shows in the trace', async () => {
    const t = io();
    const asked = await runChat({ message: 'measure sample D and discard it', model: 'offline', home, interactive: false, json: true, extraSpecialists: [labSpecialist] }, t);
    expect(asked.status).toBe('interrupted');
    expect(asked.trace.interrupt).toMatchObject({ kind: 'approval', tool: 'discard_sample', agent: 'lab' });
    const done = await runChat({ thread: asked.threadId, answer: ['no'], model: 'offline', home, interactive: false, json: true, extraSpecialists: [labSpecialist] }, io());
    expect(done.answer).toMatch(/kept: discarding was not approved/);
    expect(done.trace.events).toContainEqual(expect.objectContaining({ type: 'reply', agent: 'lab', kind: 'approval', text: 'denied' }));
  });

  it('runs through the web server: listed in settings, artifact links served, timeline rows built', async () => {
    const server = await startTestServer(home, { extraSpecialists: [labSpecialist] });
    try {
      const settings = (await (await fetch(`${server.url}/api/settings`)).json()) as { approvableTools: string[]; approvals: string[]; specialists: { name: string; available: boolean; tools: string[] }[] };
      expect(settings.specialists.find((s) => s.name === 'lab')).toMatchObject({ available: true, tools: ['measure_sample', 'discard_sample'] });
      expect(settings.approvableTools).toEqual(expect.arrayContaining(['measure_sample', 'discard_sample', 'optimize_design']));
      expect(settings.approvals).toContain('discard_sample'); // besides the registry's defaults (the HPC agent's submit_job, cancel_job)
      expect(settings.approvals).not.toContain('measure_sample');
      const put = await fetch(`${server.url}/api/settings`, { method: 'PUT', headers: { 'content-type': 'application/json', ...CSRF }, body: JSON.stringify({ approvals: ['measure_sample'] }) });
      expect(put.status).toBe(200);
      const asked = await turn(server.url, 'lab-1', { message: 'measure sample E' });
      expect(asked.at(-1)).toMatchObject({ event: 'turn_end', data: { status: 'interrupted', interrupt: { tool: 'measure_sample' } } });
      const { callId, digest } = asked.at(-1)!.data.interrupt as { callId: string; digest: string };
      const frames = await turn(server.url, 'lab-1', { resume: { approved: true, callId, digest } });
      expect(frames.at(-1)).toMatchObject({ event: 'turn_end', data: { status: 'done' } });
      const result = frames.find((f) => f.event === 'tool_result')!;
      const links = result.data.links as { kind: string; url: string; mediaType: string }[];
      expect(links).toEqual([expect.objectContaining({ kind: 'document', mediaType: 'text/plain', url: '/artifacts/lab-reports/sample-E.txt' })]);
      const file = await fetch(`${server.url}${links[0].url}`);
      expect(await file.text()).toMatch(/sample E: density 1069/);

      const events = [...asked, ...frames].filter((f) => !['accepted', 'turn_end', 'error'].includes(f.event)).map((f) => f.data as unknown as AgentEvent);
      const rows = buildRows(events);
      const card = rows.find((r) => r.kind === 'tool' && r.name === 'measure_sample');
      expect(card).toMatchObject({ agent: 'lab', progress: { step: 1, total: 2, label: 'pass' }, result: { ok: true, links: [expect.objectContaining({ name: 'sample-E.txt' })] } });
      expect(rows).toContainEqual({ kind: 'note', text: 'approval: approved' });
      expect(existsSync(join(home, 'artifacts', 'lab-reports', 'sample-E.txt'))).toBe(true);
    } finally {
      await server.close();
    }
  });
});
