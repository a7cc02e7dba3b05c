/**
 * The agent tools' path (what the chat and the web UI call): for every problem and every option that changes the
 * optimizer's path, over seeded samples of conditions, optimize_design → store → simulate_design → render_design →
 * convert_design_to_stl succeeds, a warm start from the stored design too where versions differ, and the stored
 * history is exactly the engine's (EngiBench parity is not lost on the way). A design with no material (Beams2D's
 * load on a fixed DOF) must come with a load_on_fixed_dof warning, and the STL export refuses it as an InputError.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { engineeringContext } from '../../../tools/engineering/context.ts';
import { optimize } from '../../../tools/engineering/problem.ts';
import { getProblem } from '../../../tools/engineering/registry.ts';
import { engineeringTools } from '../../../tools/engineering/tools/index.ts';
import { bindTools, type BoundTool } from '../../../tools/tool.ts';
import { expectStoredDesignValid, isPng, STL_THRESHOLD } from './artifactCheck.ts';
import { label, VARIANTS } from './variants.ts';

const home = mkdtempSync(join(tmpdir(), 'engiai-paths-tool-'));
afterAll(() => rmSync(home, { recursive: true, force: true }));

let tools: Map<string, BoundTool> | undefined;
async function call(name: string, args: Record<string, unknown>): Promise<Record<string, unknown>> {
  tools ??= new Map(bindTools(await engineeringTools(), engineeringContext(home)).map((t) => [t.name, t]));
  const tool = tools.get(name)!;
  return (await tool.run(tool.schema.parse(args), { askHuman: () => Promise.resolve('defaults') })).result;
}

describe('every problem and optimizer option through the agent tools', () => {
  VARIANTS.forEach((variant, v) => {
    for (const s of variant.samples(1600 + v, 2)) {
      it(`${variant.name}: ${label(s)}`, async () => {
        const opt = await call('optimize_design', { problem: s.problem, conditions: s.conditions, config: s.config });
        const id = String(opt.design_id);
        const { meta, printable } = await expectStoredDesignValid(home, id, s, opt.warnings as string[]);

        // the recorded history is the engine's, and so is the stored design (clipped where the engine's leaves [0, 1])
        const problem = await getProblem(s.problem);
        const engine = optimize(problem, problem.resolveConfig({ ...s.conditions, ...s.config }));
        expect(meta.history).toEqual(engine.history);
        expect(meta.iterations).toBe(engine.iterations);
        expect(Boolean(engine.warnings?.length)).toBe(Boolean(meta.warnings?.length));

        const sim = await call('simulate_design', { design_id: id });
        expect(Object.values(sim.objectives as Record<string, number>).every(Number.isFinite)).toBe(true);
        expect((sim.constraint_violations as string[]).filter((c) => c.startsWith('error'))).toEqual([]);
        const render = await call('render_design', { design_id: id });
        expect(isPng((render.files as { render: string }).render)).toBe(true);
        const stl = call('convert_design_to_stl', { design_id: id, threshold: STL_THRESHOLD });
        if (printable) expect((await stl).triangles).toBeGreaterThan(0);
        else await expect(stl).rejects.toThrow(/nothing to export/);

        if (variant.warmStart) {
          const warm = await call('optimize_design', { problem: s.problem, conditions: s.conditions, config: { ...s.config, max_iter: 5 }, starting_design_id: id });
          await expectStoredDesignValid(home, String(warm.design_id), s.clips ? { ...s, clips: false } : s, warm.warnings as string[]);
          await call('simulate_design', { design_id: String(warm.design_id) });
        }
      });
    }
  });
});
