/**
 * The engineering specialist with a stand-in for its solver, so hundreds of phrasings run in seconds:
 * the real factory (prompt, offline planner, real tool schemas the runtime validates every call
 * against), the real describe_problem and create_problem (the catalog's checks), and for
 * optimize/simulate/render/export/list/compare results of the real shape computed from the values
 * (content-addressed ids from problem + resolved values, objectives from the values, per-thread
 * design lists). The solver itself is exercised by the engine and path tests; this corpus tests reading.
 */
import { createHash } from 'node:crypto';
import { engineeringSpecialist } from '../../../../agents/specialists/engineering/index.ts';
import type { SpecialistFactory } from '../../../../agents/index.ts';
import { NotFoundError } from '../../../../tools/errors.ts';
import { conditionsOf, setupProblem } from '../../../../tools/engineering/workflow.ts';
import type { ConfigValues } from '../../../../tools/engineering/constraint.ts';
import type { BoundTool, ToolOutput, ToolRuntime } from '../../../../tools/tool.ts';

type Values = ConfigValues;

interface Stored {
  id: string;
  problem: string;
  conditions: Values;
  config: Values;
  objectives: Record<string, number>;
  thread?: string;
}

const round = (v: number) => Number(v.toPrecision(6));

/** A made-up objective that depends on every value, so different designs compare differently. */
function objectives(problem: string, config: Values): Record<string, number> {
  const sum = Object.values(config).reduce<number>((s, v) => s + (typeof v === 'number' ? v : v ? 1 : 0), 0);
  const base = round(100 + (sum % 97));
  if (problem === 'photonics2d') return { total_overlap: round(0.5 + (sum % 7) / 20) };
  if (problem === 'thermoelastic2d') return { structural_compliance: base, thermal_compliance: round(base / 3), volume_fraction: 0.001 };
  return { c: base };
}

export function standInEngineering(): SpecialistFactory {
  return async (deps) => {
    const real = await engineeringSpecialist(deps);
    const designs: Stored[] = [];
    const find = (ref: string) => {
      const d = designs.find((x) => x.id === ref || x.id.startsWith(ref));
      if (!d) throw new NotFoundError(`no stored design ${ref}`);
      return d;
    };
    const row = (d: Stored) => ({ design_id: d.id, problem: d.problem, conditions: d.conditions, config: d.config, objectives: d.objectives, iterations: 10, made_by: 'optimize_design' });
    const runs: Record<string, (a: Record<string, unknown>, rt: ToolRuntime) => Promise<ToolOutput['result']>> = {
      async optimize_design(a, rt) {
        const setup = await setupProblem(String(a.problem), { ...(a.config as Values), ...(a.conditions as Values) });
        const conditions = conditionsOf(setup.problem, setup.config);
        const id = `${setup.problem.id}-${createHash('sha256').update(JSON.stringify([setup.problem.id, setup.config])).digest('hex').slice(0, 16)}`;
        const d: Stored = { id, problem: setup.problem.id, conditions, config: setup.config, objectives: objectives(setup.problem.id, setup.config), thread: rt.threadId };
        if (!designs.some((x) => x.id === id && x.thread === d.thread)) designs.push(d);
        return { design_id: id, problem: d.problem, conditions, iterations: 10, final_objective: d.objectives, volume_fraction: conditions.volfrac ?? 0.5, path: `/designs/${id}`, warnings: setup.warnings };
      },
      async simulate_design(a) {
        const d = find(String(a.design_id));
        const given = (a.conditions ?? {}) as Values;
        const used = { ...d.config, ...given };
        const changed = Object.fromEntries(Object.keys(given).filter((k) => given[k] !== d.config[k]).map((k) => [k, { stored: d.config[k], used: given[k] }]));
        const names = Object.keys(changed);
        return {
          design_id: d.id, problem: d.problem, objectives: objectives(d.problem, used), volume_fraction: 0.4, constraint_violations: [],
          ...(names.length ? { conditions_changed: changed, note: `simulated under changed conditions (${names.join(', ')}), not the ones the design was optimized for` } : {}),
        };
      },
      async render_design(a) {
        const d = find(String(a.design_id));
        return { design_id: d.id, files: { render: `/designs/${d.id}/render.png` } };
      },
      async convert_design_to_stl(a) {
        const d = find(String(a.design_id));
        return { design_id: d.id, stl_path: `/designs/${d.id}/design.stl`, threshold: a.threshold, scale_xy: a.scale_xy, scale_z: a.scale_z, mirror_y: a.mirror_y, triangles: 1200, watertight: true };
      },
      async list_designs(a, rt) {
        const mine = designs.filter((d) => a.scope === 'all' || d.thread === rt.threadId).reverse();
        return { scope: a.scope === 'all' ? 'all' : 'conversation', count: mine.length, designs: mine.map(row) };
      },
      async compare_designs(a) {
        const ds = (a.design_ids as string[]).map(find);
        const best = Object.fromEntries(Object.keys(ds[0].objectives).map((k) => [k, [...ds].sort((x, y) => x.objectives[k] - y.objectives[k])[0].id]));
        const differing = Object.keys(ds[0].conditions).filter((k) => new Set(ds.map((d) => JSON.stringify(d.conditions[k]))).size > 1);
        return { problem: ds[0].problem, designs: ds.map((d) => ({ design_id: d.id, conditions: d.conditions, objectives: d.objectives, volume_fraction: 0.4 })), best, differing_conditions: differing };
      },
    };
    const tools: BoundTool[] = real.tools.map((t) => {
      const run = runs[t.name];
      return run ? { ...t, run: async (args: unknown, rt: ToolRuntime) => ({ result: await run(args as Record<string, unknown>, rt) }) } : t;
    });
    return { ...real, tools };
  };
}
