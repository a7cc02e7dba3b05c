/**
 * Node masks and the web UI, over real HTTP: a design made with a mask (through the agent tools, as a model's
 * chat would) is listed by /api/designs with its mask, compact; a chat turn to the offline planner that says a
 * mask in words gets "Not applied" for it, naming the default used, and the run uses no guessed mask; one that
 * types a node list after the mask's name has it passed to optimize_design.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runToolCall } from '../../../agents/supervisor/runToolCall.ts';
import { engineeringContext } from '../../../tools/engineering/context.ts';
import { engineeringTools } from '../../../tools/engineering/tools/index.ts';
import { bindTools } from '../../../tools/tool.ts';
import type { RunningWebServer } from '../../../web/server/webServer.ts';
import { startTestServer, tempHome, turn } from './helpers.ts';

let tmp: ReturnType<typeof tempHome>;
let server: RunningWebServer;
beforeAll(async () => {
  tmp = tempHome('engiai-web-masks-');
  server = await startTestServer(tmp.home);
});
afterAll(async () => {
  await server.close();
  tmp.remove();
});

describe('node masks in the web UI', () => {
  it('/api/designs lists a design with the mask it was made with; one with the defaults has none', async () => {
    const tools = bindTools(await engineeringTools(), engineeringContext(tmp.home));
    const call = (args: unknown) => runToolCall({ id: 'o', name: 'optimize_design', args }, tools, { askHuman: async () => 'no' }, async () => false);
    const config = { nelx: 6, nely: 4, nelz: 4, max_iter: 1 };
    const masked = await call({ problem: 'beams3d', config: { ...config, fixed_elements: [[0, 0, 0], [6, 0, 0], [3, 4, 0]] } });
    expect(masked.ok, JSON.stringify(masked.result)).toBe(true);
    const plain = await call({ problem: 'beams3d', config });
    expect(plain.ok, JSON.stringify(plain.result)).toBe(true);
    const { designs } = (await (await fetch(`${server.url}/api/designs`)).json()) as { designs: { id: string; masks?: Record<string, { nodes: number; list?: number[][] }> }[] };
    const row = designs.find((d) => d.id === (masked.result as { design_id: string }).design_id)!;
    expect(row.masks).toEqual({ fixed_elements: { nodes: 3, sha256: expect.stringMatching(/^[0-9a-f]{16}$/), list: [[0, 0, 0], [3, 4, 0], [6, 0, 0]] } });
    expect(designs.find((d) => d.id === (plain.result as { design_id: string }).design_id)!.masks).toBeUndefined();
  });

  it('a chat turn that gives a mask in words runs with the default and says so under "Not applied"', async () => {
    const frames = await turn(server.url, 'masks-words', { message: 'Optimize a beams3d design with volfrac 0.3, rmin 1.5, forcedist_x 0.5 and forcedist_y 0.5 on a 6x4x4 grid with max_iter 1, and fix the left face' });
    const calls = frames.filter((f) => f.event === 'tool_call' && f.data.name === 'optimize_design');
    expect(calls).toHaveLength(1);
    expect(JSON.stringify(calls[0].data)).not.toMatch(/fixed_elements/);
    const answer = String(frames.filter((f) => f.event === 'answer').at(-1)?.data.content);
    expect(answer).toMatch(/Not applied: .*"fix the left face" \(a mask is read only as its name followed by a JSON node list; fixed_elements stayed the default \(the four bottom corners/);
  });

  it('a chat turn that gives a node list after the mask\'s name passes it to optimize_design; the design has it', async () => {
    const frames = await turn(server.url, 'masks-list', { message: 'Optimize a beams3d design with volfrac 0.3, rmin 1.5, forcedist_x 0.5 and forcedist_y 0.5 on a 6x4x4 grid with max_iter 1 and fixed_elements [[0,0,0],[0,4,0],[0,0,4],[0,4,4]]' });
    const call = frames.find((f) => f.event === 'tool_call' && f.data.name === 'optimize_design')!;
    expect(JSON.stringify(call.data)).toMatch(/"fixed_elements":\[\[0,0,0\],\[0,4,0\],\[0,0,4\],\[0,4,4\]\]/);
    const result = frames.find((f) => f.event === 'tool_result' && f.data.name === 'optimize_design')!;
    expect(JSON.stringify(result.data)).toMatch(/"masks":\{"fixed_elements":\{"nodes":4/);
    const answer = String(frames.filter((f) => f.event === 'answer').at(-1)?.data.content);
    expect(answer).not.toMatch(/Not applied/);
  });
});
