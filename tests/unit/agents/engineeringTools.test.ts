import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildSpecialists, SPECIALISTS, validateSpecialists, type Specialist } from '../../../agents/specialists/index.ts';
import { runToolCall } from '../../../agents/supervisor/runToolCall.ts';
import { askPerson } from '../../../tools/askPerson.ts';
import { engineeringContext } from '../../../tools/engineering/context.ts';
import { engineeringTools } from '../../../tools/engineering/tools/index.ts';
import { bindTools, type BoundTool, type ToolRuntime } from '../../../tools/tool.ts';
import { z } from 'zod';
import { testConfig } from './sessionKit.ts';

let home: string;
let tools: BoundTool[];
const runtime: ToolRuntime = { askHuman: async ({ question }) => `answer to: ${question}`, threadId: 'thread-a' };
const never = async () => false;
beforeAll(async () => {
  home = mkdtempSync(join(tmpdir(), 'engiai-tools-'));
  tools = [...bindTools(await engineeringTools(), engineeringContext(home)), askPerson()];
});
afterAll(() => rmSync(home, { recursive: true, force: true }));

const call = (name: string, args: unknown) => runToolCall({ id: `id-${name}`, name, args }, tools, runtime, never);
const SMALL = { problem: 'beams2d', conditions: { volfrac: 0.4, forcedist: 0.5, rmin: 2 }, config: { nelx: 30, nely: 15 } };

describe('engineering tools', () => {
  it('have strict schemas with described fields and the benchmark names', () => {
    expect(tools.map((t) => t.name)).toEqual([
      'describe_problem',
      'create_problem',
      'optimize_design',
      'simulate_design',
      'render_design',
      'convert_design_to_stl',
      'list_designs',
      'compare_designs',
      'ask_human_for_clarification',
    ]);
    const json = z.toJSONSchema(tools.find((t) => t.name === 'convert_design_to_stl')!.schema, { io: 'input' }) as { additionalProperties: boolean; properties: Record<string, { description?: string }> };
    expect(json.additionalProperties).toBe(false);
    for (const k of ['threshold', 'scale_xy', 'scale_z', 'mirror_y']) expect(json.properties[k].description).toMatch(/default/);
  });

  it('optimize_design with a seed starts from that seed\'s random dataset design (a train row\'s optimum, cached): same seed same design, another seed another', async () => {
    const { randomTrainRow } = await import('../../../tools/engineering/dataset/randomDatasetDesign.ts');
    const { getProblem } = await import('../../../tools/engineering/registry.ts');
    // a thread of its own: the later tests list thread-a's designs
    const own = (name: string, args: unknown) => runToolCall({ id: `id-${name}`, name, args }, tools, { ...runtime, threadId: 'thread-seed' }, never);
    const seeded = (seed: number) => own('optimize_design', { ...SMALL, config: { ...SMALL.config, max_iter: 5 }, seed });
    const a = await seeded(3);
    expect(a.ok).toBe(true);
    expect(a.result).toMatchObject({ start: 'random dataset design, seed 3' });
    const again = await seeded(3);
    const other = await seeded(4);
    const uniform = await own('optimize_design', { ...SMALL, config: { ...SMALL.config, max_iter: 5 } });
    const obj = (r: typeof a) => (r.result as { final_objective: { c: number } }).final_objective.c;
    expect(obj(again)).toBe(obj(a));
    expect(obj(other)).not.toBe(obj(a));
    expect(obj(uniform)).not.toBe(obj(a));
    const problem = await getProblem('beams2d');
    const row = randomTrainRow(problem, problem.resolveConfig({ ...SMALL.conditions, ...SMALL.config, max_iter: 5 }), 3);
    expect(row.config).toMatchObject({ nelx: 30, nely: 15, max_iter: 5 });
    expect(existsSync(join(home, 'cache', 'dataset-designs', 'beams2d'))).toBe(true);
    const both = await own('optimize_design', { ...SMALL, seed: 1, starting_design_id: (a.result as { design_id: string }).design_id });
    expect(both.result).toMatchObject({ error: { type: 'InputError', message: 'give either starting_design_id or seed, not both' } });
  });

  it('out-of-range conditions come back as an InputError naming the field and range', async () => {
    const r = await call('create_problem', { problem: 'beams2d', conditions: { volfrac: 1.5 } });
    expect(r.ok).toBe(false);
    expect(r.message.status).toBe('error');
    expect(r.result).toMatchObject({ error: { type: 'InputError', message: expect.stringMatching(/volfrac = 1.5 is outside \[0, 1\]/) } });
  });

  it('unknown arguments and unknown problems are tool errors, not crashes', async () => {
    expect((await call('create_problem', { problem: 'beams2d', volfrac: 0.3 })).result).toMatchObject({ error: { type: 'ModelBehaviorError' } });
    expect((await call('create_problem', { problem: 'bridge3d' })).result).toMatchObject({ error: { type: 'ModelBehaviorError', message: expect.stringMatching(/beams2d/) } });
    // a misspelt condition is refused by the schema, never dropped
    expect((await call('create_problem', { problem: 'beams2d', conditions: { volfrak: 0.3 } })).result).toMatchObject({ error: { type: 'ModelBehaviorError', message: expect.stringMatching(/volfrak/) } });
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

describe('what a model sees before its first call, and the tools that help it', () => {
  it('condition and config fields come from the problem registry, with unit, range, default and meaning', () => {
    const json = z.toJSONSchema(tools.find((t) => t.name === 'optimize_design')!.schema, { io: 'input' }) as unknown as {
      properties: { problem: { enum: string[] }; conditions: { properties: Record<string, { description: string }> }; config: { properties: Record<string, { description: string }> } };
    };
    expect(json.properties.problem.enum).toEqual(expect.arrayContaining(['beams2d', 'photonics2d', 'thermoelastic2d', 'beams2d@0']));
    const c = json.properties.conditions.properties;
    expect(c.volfrac.description).toMatch(/beams2d: .*allowed \[0, 1\].*default 0.35/);
    expect(c.forcedist.description).toMatch(/right half of the symmetric MBB beam.*symmetry line/);
    expect(c.lambda1.description).toMatch(/photonics2d: .*unit µm/);
    expect(json.properties.config.properties.nelx.description).toMatch(/beams2d: elements along x/);
  });

  it('describe_problem returns the fields and the rule for asking, the same words as the prompt', async () => {
    const r = (await call('describe_problem', { problem: 'beams2d' })).result as { conditions: { name: string; allowed?: string }[]; ask_rule: string };
    expect(r.conditions.find((f) => f.name === 'volfrac')).toMatchObject({ allowed: '[0, 1]', recommended: '[0.1, 0.9]' });
    const spec = (await buildSpecialists({ config: testConfig(home) }, SPECIALISTS.slice(0, 1)))[0];
    expect(spec.prompt).toContain(r.ask_rule);
    const desc = tools.find((t) => t.name === 'optimize_design')!.schema.shape.conditions.description;
    expect(desc).toContain(r.ask_rule);
  });

  it('simulating under new conditions says so; list_designs shows the conversation, compare_designs ranks them', async () => {
    const a = (await call('optimize_design', SMALL)).result as { design_id: string };
    const b = (await call('optimize_design', { ...SMALL, conditions: { ...SMALL.conditions, volfrac: 0.3 } })).result as { design_id: string };
    const same = (await call('simulate_design', { design_id: a.design_id })).result as Record<string, unknown>;
    expect(same.note).toBeUndefined();
    const moved = (await call('simulate_design', { design_id: a.design_id, conditions: { forcedist: 0.9 } })).result as { note: string; conditions_changed: Record<string, unknown> };
    expect(moved.note).toMatch(/changed conditions \(forcedist\)/);
    expect(moved.conditions_changed).toEqual({ forcedist: { stored: 0.5, used: 0.9 } });

    const listed = (await call('list_designs', {})).result as { scope: string; designs: { design_id: string }[] };
    expect(listed.scope).toBe('conversation');
    expect(listed.designs.map((d) => d.design_id).sort()).toEqual([a.design_id, b.design_id].sort());
    const other = await runToolCall({ id: 'x', name: 'list_designs', args: {} }, tools, { ...runtime, threadId: 'thread-b' }, never);
    expect((other.result as { designs: unknown[] }).designs).toEqual([]);

    const cmp = (await call('compare_designs', { design_ids: [a.design_id, b.design_id] })).result as { best: { c: string }; differing_conditions: string[]; designs: { objectives: { c: number } }[] };
    expect(cmp.differing_conditions).toEqual(['volfrac']);
    // more material is stiffer: the 0.4 design has the lower compliance
    expect(cmp.best.c).toBe(a.design_id);
    expect(cmp.designs[0].objectives.c).toBeLessThan(cmp.designs[1].objectives.c);
  });

  it('tools declare their artifacts and take design ids only, never filesystem paths', async () => {
    const opt = await call('optimize_design', SMALL);
    expect(opt.artifacts).toEqual([expect.objectContaining({ kind: 'design', mediaType: 'application/x-npy', path: expect.stringMatching(/design\.npy$/) })]);
    const id = (opt.result as { design_id: string }).design_id;
    const rendered = await call('render_design', { design_id: id });
    expect(rendered.artifacts.map((a) => [a.kind, a.label, a.mediaType])).toEqual([
      ['image', 'render', 'image/png'],
      ['image', 'convergence', 'image/png'],
    ]);
    expect(rendered.message.artifact).toMatchObject({ artifacts: rendered.artifacts, highlights: { design_id: id } });
    for (const ref of ['/dev/zero', '../../etc/passwd', `${home}/artifacts/${id}/design.npy`]) {
      const r = await call('simulate_design', { design_id: ref });
      expect(r.ok).toBe(false);
    }
  });
});

describe('specialists', () => {
  it('all seven are registered; engineering, rag, arxiv, hpc (local executor by default), cli (its whitelisted programs are installed here) and prusa (slicing is local, no printer needed) are available, the others say why', async () => {
    const list = await buildSpecialists({ config: testConfig(home) });
    expect(list.map((s) => s.name)).toEqual(['engineering', 'rag', 'arxiv', 'websearch', 'hpc', 'cli', 'prusa']);
    const available = ['engineering', 'rag', 'arxiv', 'hpc', 'cli', 'prusa'];
    for (const s of list) expect(s.availability).toEqual(available.includes(s.name) ? { available: true } : { available: false, reason: expect.any(String) });
    expect(list.find((s) => s.name === 'prusa')!.prompt).toMatch(/Configured printers: none\. Slicing works/);
    expect(list.find((s) => s.name === 'websearch')!.availability).toMatchObject({ reason: expect.stringMatching(/TAVILY_API_KEY/) });
    expect(list[0].prompt).toMatch(/create_problem/);
  });

  it('bad, duplicate or reserved names fail before a graph is built', async () => {
    const base = (await buildSpecialists({ config: testConfig(home) }, SPECIALISTS.slice(0, 1)))[0];
    const named = (name: string): Specialist => ({ ...base, name });
    expect(() => validateSpecialists([named('Web Search')])).toThrow(/snake_case/);
    expect(() => validateSpecialists([named('engineering'), named('engineering')])).toThrow(/registered twice/);
    expect(() => validateSpecialists([named('supervisor')])).toThrow(/reserved/);
    expect(() => validateSpecialists([{ ...base, tools: [...base.tools, base.tools[0]] }])).toThrow(/listed twice/);
  });
});
