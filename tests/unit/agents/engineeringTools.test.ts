import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createToolContext } from '../../../agents/runtime/toolContext.ts';
import { runToolCall } from '../../../agents/supervisor/runToolCall.ts';
import { allSpecialists, validateSpecialists, type Specialist } from '../../../agents/specialists/index.ts';
import { engineeringTools, type ToolContext } from '../../../tools/engineering/tools.ts';
import { z } from 'zod';

let home: string;
let ctx: ToolContext;
const tools = engineeringTools();
const never = async () => false;
beforeAll(async () => {
  home = mkdtempSync(join(tmpdir(), 'engiai-tools-'));
  ctx = { ...(await createToolContext(home)), askHuman: async ({ question }) => `answer to: ${question}` };
});
afterAll(() => rmSync(home, { recursive: true, force: true }));

const call = (name: string, args: unknown) => runToolCall({ id: `id-${name}`, name, args }, tools, ctx, never);
const SMALL = { problem: 'beams2d', conditions: { volfrac: 0.4, forcedist: 0.5, rmin: 2 }, config: { nelx: 30, nely: 15 } };

describe('engineering tools', () => {
  it('have strict schemas with described fields and the benchmark names', () => {
    expect(tools.map((t) => t.name)).toEqual(['create_problem', 'optimize_design', 'simulate_design', 'render_design', 'convert_design_to_stl', 'ask_human_for_clarification']);
    const json = z.toJSONSchema(tools.find((t) => t.name === 'convert_design_to_stl')!.schema, { io: 'input' }) as { additionalProperties: boolean; properties: Record<string, { description?: string }> };
    expect(json.additionalProperties).toBe(false);
    for (const k of ['threshold', 'scale_xy', 'scale_z', 'mirror_y']) expect(json.properties[k].description).toMatch(/default/);
  });

  it('out-of-range conditions come back as an InputError naming the field and range', async () => {
    const r = await call('create_problem', { problem: 'beams2d', conditions: { volfrac: 1.5 } });
    expect(r.ok).toBe(false);
    expect(r.message.status).toBe('error');
    expect(r.result).toMatchObject({ error: { type: 'InputError', message: expect.stringMatching(/volfrac = 1.5 is outside \[0, 1\]/) } });
  });

  it('unknown arguments and unknown problems are tool errors, not crashes', async () => {
    expect((await call('create_problem', { problem: 'beams2d', volfrac: 0.3 })).result).toMatchObject({ error: { type: 'ModelBehaviorError' } });
    expect((await call('create_problem', { problem: 'bridge3d' })).result).toMatchObject({ error: { type: 'InputError', hint: expect.stringMatching(/beams2d/) } });
  });

  it('optimize → simulate → STL: compact JSON with ids and paths that exist', async () => {
    const opt = await call('optimize_design', SMALL);
    expect(opt.ok).toBe(true);
    const o = opt.result as { design_id: string; path: string; final_objective: { c: number }; volume_fraction: number };
    expect(o.design_id).toMatch(/^beams2d-[0-9a-f]{16}$/);
    expect(existsSync(join(o.path, 'design.npy'))).toBe(true);
    expect(o.volume_fraction).toBeCloseTo(0.4, 2);
    const sim = (await call('simulate_design', { design_id: o.design_id.slice(0, 14) })).result as { objectives: { c: number } };
    expect(sim.objectives.c / o.final_objective.c).toBeGreaterThan(0.9);
    expect(sim.objectives.c / o.final_objective.c).toBeLessThan(1.1);
    const plain = (await call('convert_design_to_stl', { design_id: o.design_id, threshold: 0.5, scale_xy: 1, scale_z: 4, mirror_y: false })).result as { stl_path: string; volume_mm3: number; watertight: boolean };
    const mirrored = (await call('convert_design_to_stl', { design_id: o.design_id, threshold: 0.5, scale_xy: 1, scale_z: 4, mirror_y: true })).result as { stl_path: string; volume_mm3: number };
    expect(plain.watertight).toBe(true);
    expect(plain.stl_path).not.toBe(mirrored.stl_path);
    // material touching the symmetry line joins across it, so the contour differs slightly at the seam
    expect(mirrored.volume_mm3 / plain.volume_mm3).toBeCloseTo(2, 1);
    expect(readFileSync(plain.stl_path).length).toBeGreaterThan(84);
    expect(JSON.stringify(opt.result).length).toBeLessThan(800);
  });

  it('ask_human_for_clarification returns the person\'s answer', async () => {
    const r = await call('ask_human_for_clarification', { question: 'Which volfrac?', missing: ['volfrac'] });
    expect(r.result).toEqual({ answer: 'answer to: Which volfrac?' });
  });
});

describe('specialists', () => {
  it('all seven are registered; only engineering is available and the others say why', () => {
    const list = allSpecialists();
    expect(list.map((s) => s.name)).toEqual(['engineering', 'rag', 'arxiv', 'websearch', 'hpc', 'cli', 'prusa']);
    for (const s of list.slice(1)) expect(s.availability).toEqual({ available: false, reason: expect.any(String) });
    expect(list.find((s) => s.name === 'hpc')!.availability).toMatchObject({ reason: expect.stringMatching(/no cluster configured/) });
    expect(list[0].prompt).toMatch(/create_problem/);
  });

  it('bad, duplicate or reserved names fail before a graph is built', () => {
    const base = allSpecialists()[0];
    const named = (name: string): Specialist => ({ ...base, name });
    expect(() => validateSpecialists([named('Web Search')])).toThrow(/snake_case/);
    expect(() => validateSpecialists([named('engineering'), named('engineering')])).toThrow(/registered twice/);
    expect(() => validateSpecialists([named('supervisor')])).toThrow(/reserved/);
    expect(() => validateSpecialists([{ ...base, tools: [...base.tools, base.tools[0]] }])).toThrow(/listed twice/);
  });
});
