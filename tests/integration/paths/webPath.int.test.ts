/**
 * The web API's path (a chat turn over SSE with the deterministic offline model): for every problem and option the
 * offline model can put into words (it has none for Beams2D v0 or ThermoElastic2D's exact_gradient; the tool and CLI
 * path tests cover those), on a seeded sample of conditions, create_problem → optimize_design → simulate_design →
 * render_design → convert_design_to_stl all succeed in one turn. The Beams2D overhang sample is the issue-16 case.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningWebServer } from '../../../web/server/webServer.ts';
import { startTestServer, tempHome, turn } from '../web/helpers.ts';
import { expectStoredDesignValid } from './artifactCheck.ts';
import { label, VARIANTS } from './variants.ts';

let server: RunningWebServer;
let tmp: ReturnType<typeof tempHome>;
beforeAll(async () => {
  tmp = tempHome('engiai-paths-web-');
  server = await startTestServer(tmp.home);
});
afterAll(async () => {
  await server.close();
  tmp.remove();
});

interface ToolResult {
  name: string;
  ok: boolean;
  result?: Record<string, unknown>;
  error?: unknown;
}

describe('every problem and optimizer option the offline model can express, through the web API', () => {
  VARIANTS.forEach((variant, v) => {
    if (!variant.chat) return;
    const [s] = variant.samples(1800 + v, 1);
    it(`${variant.name}: ${label(s)}`, async () => {
      const frames = await turn(server.url, `paths-${v}`, { message: variant.chat!(s) });
      expect(frames.at(-1)!.data).toMatchObject({ status: 'done' });
      const results = frames.filter((f) => f.event === 'tool_result').map((f) => f.data as unknown as ToolResult);
      const byName = new Map(results.map((r) => [r.name, r]));
      expect([...byName.keys()]).toEqual(['create_problem', 'optimize_design', 'simulate_design', 'render_design', 'convert_design_to_stl']);
      expect(results.filter((r) => !r.ok).map((r) => `${r.name}: ${JSON.stringify(r.error)}`)).toEqual([]);
      const opt = byName.get('optimize_design')!.result!;
      await expectStoredDesignValid(tmp.home, String(opt.design_id), s, opt.warnings as string[]);
      expect(byName.get('convert_design_to_stl')!.result!.triangles).toBeGreaterThan(0);
    });
  });
});
