/**
 * The CLI's bridge to the design store and the exporters: load a design given as an id or a .npy
 * file, work out its problem, save a design with its renders.
 */
import type { ConfigValues, Violation } from '../../tools/engineering/constraint.ts';
import type { Design, OptiStep, Problem } from '../../tools/engineering/problem.ts';
import { DesignStore, type DesignMeta } from '../../tools/engineering/store/designStore.ts';
import { InputError } from '../../tools/errors.ts';
import { conditionsOf, objectivesRecord } from '../shared.ts';

let store: DesignStore | undefined;
export const designStore = () => (store ??= new DesignStore());

export interface LoadedDesign {
  problem: Problem;
  design: Design;
  meta?: DesignMeta;
}

/**
 * Load `ref` (artifact id, id prefix or .npy file) and decide its problem: the explicit id, else the
 * artifact's, else the one problem whose default design shape matches the file.
 */
export async function loadDesignForProblem(ref: string, problemId?: string): Promise<LoadedDesign> {
  const { getProblem, allProblems } = await import('../../tools/engineering/registry.ts');
  const loaded = await designStore().load(ref);
  const id = problemId ?? loaded.meta?.problem;
  if (id) return { problem: await getProblem(id), design: loaded.design, meta: loaded.meta };
  const [r, c] = loaded.design.shape;
  const matches = (await allProblems()).filter((p) => {
    const [pr, pc] = p.designShape(p.resolveConfig());
    return pr === r && pc === c;
  });
  if (matches.length === 1) return { problem: matches[0], design: loaded.design };
  throw new InputError(
    `cannot tell which problem the ${r}×${c} design in ${ref} belongs to`,
    { field: 'problem', hint: 'name the problem: e.g. `engiai simulate beams2d --design FILE.npy --nelx 100 --nely 50`' },
  );
}

export async function renderDesignPng(problem: Problem, config: ConfigValues, design: Design): Promise<Uint8Array> {
  const { renderPng } = await import('../../tools/engineering/export/render.ts');
  return renderPng(problem.render(design, config));
}

export async function convergenceFile(problem: Problem, history: OptiStep[], format: 'svg' | 'png', title: string): Promise<Uint8Array | string> {
  const { convergenceSvg, convergencePng } = await import('../../tools/engineering/export/render.ts');
  const t = `${problem.id} convergence (${title})`;
  return format === 'svg' ? convergenceSvg(history, [...problem.objectives], t) : convergencePng(history, [...problem.objectives], t);
}

export interface SavedDesign {
  id: string;
  meta: DesignMeta;
  /** file name → absolute path */
  files: Record<string, string>;
}

export async function saveWithRenders(
  problem: Problem,
  config: ConfigValues,
  design: Design,
  info: { objectives: number[]; history: OptiStep[]; iterations: number; warnings?: Violation[]; provenance: { tool: string; command?: string; parent?: string }; render: boolean },
): Promise<SavedDesign> {
  const s = designStore();
  const record = await s.save(design, {
    problem: problem.id,
    version: problem.version,
    conditions: conditionsOf(problem, config),
    config,
    objectives: objectivesRecord(problem, info.objectives),
    history: info.history,
    iterations: info.iterations,
    warnings: info.warnings,
    provenance: info.provenance,
  });
  const id = record.id;
  const files: Record<string, string> = { 'design.npy': `${s.dir(id)}/design.npy` };
  if (info.render) {
    files['render.png'] = await s.attach(id, 'render.png', await renderDesignPng(problem, config, design));
    if (info.history.length > 1) {
      const png = await convergenceFile(problem, info.history, 'png', id);
      files['convergence.png'] = await s.attach(id, 'convergence.png', png as Uint8Array);
    }
  }
  const meta = (await s.load(id)).meta as DesignMeta;
  return { id, meta, files };
}

export async function attachToArtifact(id: string, name: string, bytes: Uint8Array): Promise<string> {
  return designStore().attach(id, name, bytes);
}
