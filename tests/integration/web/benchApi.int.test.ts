/**
 * The Benchmarks API over real HTTP: runs listed from the benchmark folder, a run's cells and
 * trials, a trial's trace as agent events with artifact links (the chat timeline's rows), the
 * report and figure files — and nothing else: no path out of a run directory, no other file kinds.
 */
import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runWorkflow } from '../../../benchmarks/workflow/index.ts';
import { loadConfig } from '../../../config/load.ts';
import type { RunningWebServer } from '../../../web/server/webServer.ts';
import { buildRows } from '../../../web/ui/src/components/timeline.ts';
import { rawGet, startTestServer, tempHome } from './helpers.ts';

let tmp: ReturnType<typeof tempHome>;
let server: RunningWebServer;
let runId = '';

beforeAll(async () => {
  tmp = tempHome('engiai-bench-web-');
  const config = loadConfig({ env: { ENGIAI_HOME: tmp.home }, cwd: tmp.home });
  await runWorkflow({ agent: 'reference', problems: ['beams2d'], styles: ['W-Cond', 'Natural'], samples: 1, seeds: [0], preset: 'small', config });
  writeFileSync(join(tmp.home, 'secret.txt'), 'not for the browser');
  server = await startTestServer(tmp.home);
});
afterAll(async () => {
  await server?.close();
  tmp?.remove();
});

const get = async (path: string) => {
  const res = await fetch(`${server.url}${path}`);
  return { status: res.status, body: res.headers.get('content-type')?.includes('json') ? await res.json() : await res.text(), type: res.headers.get('content-type') };
};

describe('benchmarks API', () => {
  it('lists runs with their per-cell summaries', async () => {
    const { status, body } = await get('/api/bench/runs');
    expect(status).toBe(200);
    expect(body.runs).toHaveLength(1);
    const run = body.runs[0];
    runId = run.id;
    expect(run).toMatchObject({ suite: 'workflow', hasReport: true, summary: { n: 2, tc: 1 } });
    expect(runId).toMatch(/^0~workflow~[0-9a-f]{16}$/);
    expect(run.summary.cells.map((c: { style: string }) => c.style)).toEqual(['Natural', 'W-Cond']);
  });

  it("gives a run's trials and figures, and a trial as timeline events with artifact links", async () => {
    const run = (await get(`/api/bench/runs/${runId}`)).body;
    expect(run.trials.map((t: { trialId: string }) => t.trialId)).toEqual(['beams2d.Natural.s0.seed0', 'beams2d.W-Cond.s0.seed0']);
    expect(run.figures).toEqual(expect.arrayContaining(['beams2d-tool-heatmap.svg', 'beams2d-co-distributions.svg', 'beams2d-design-reference.svg']));
    const trial = (await get(`/api/bench/runs/${runId}/trials/beams2d.W-Cond.s0.seed0`)).body;
    expect(trial.header).toMatchObject({ suite: 'workflow', model: 'reference' });
    expect(trial.sample.style).toBe('W-Cond');
    expect(trial.score).toMatchObject({ s_completion: 1 });
    expect(trial.events.some((e: { type: string }) => e.type === 'design' || e.type === 'sample')).toBe(false);
    const rows = buildRows(trial.events);
    expect(rows[0]).toMatchObject({ kind: 'user' });
    expect(rows.filter((r) => r.kind === 'tool').map((r) => (r as { name: string }).name)).toEqual(['create_problem', 'optimize_design', 'simulate_design', 'convert_design_to_stl']);
    const stl = rows.find((r) => r.kind === 'tool' && r.name === 'convert_design_to_stl') as { result: { links: { url: string; mediaType: string }[] } };
    expect(stl.result.links[0]).toMatchObject({ mediaType: 'model/stl' });
    expect((await fetch(`${server.url}${stl.result.links[0].url}`)).status).toBe(200);
    const svg = await get(`/api/bench/runs/${runId}/files/figures/beams2d-tool-heatmap.svg`);
    expect(svg.status).toBe(200);
    expect(svg.type).toContain('image/svg+xml');
    expect((await get(`/api/bench/runs/${runId}/files/report.html`)).body).toContain('Table 2');
  });

  it('serves nothing outside run directories and no other file kinds', async () => {
    const dir = join(tmp.home, 'bench', 'workflow', runId.split('~')[2]);
    mkdirSync(join(dir, 'figures'), { recursive: true });
    symlinkSync(join(tmp.home, 'secret.txt'), join(dir, 'figures', 'leak.svg'));
    for (const path of [
      `/api/bench/runs/${runId}/files/run.json`,
      `/api/bench/runs/${runId}/files/traces/beams2d.W-Cond.s0.seed0.jsonl`,
      `/api/bench/runs/${runId}/files/figures/leak.svg`,
      `/api/bench/runs/${runId}/files/figures/..%2f..%2f..%2fsecret.txt`,
      `/api/bench/runs/${runId}/files/%2e%2e/%2e%2e/%2e%2e/secret.txt`,
      '/api/bench/runs/0~..~..~secret.txt',
      '/api/bench/runs/0~%2e%2e',
      '/api/bench/runs/1~workflow',
      `/api/bench/runs/${runId}/trials/..%2f..%2frun`,
    ]) {
      const r = await rawGet(server.url, path);
      expect(r.status, path).toBe(404);
      expect(r.body).not.toContain('not for the browser');
    }
  });
});
