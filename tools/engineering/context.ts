/**
 * What the engineering workflow needs besides the engines: the design store and the render/STL
 * exporters. The agent tools and the CLI commands get one of these; the exporters load their
 * modules on first use, so `engiai --help` stays fast.
 */
import type { ConfigValues } from './constraint.ts';
import type { Design, OptiStep, Problem } from './problem.ts';
import type { StlOptions, StlResult } from './export/stl.ts';
import { DesignStore } from './store/designStore.ts';

export interface Exporters {
  renderPng(problem: Problem, design: Design, config: ConfigValues): Promise<Uint8Array>;
  renderSvg(problem: Problem, design: Design, config: ConfigValues): Promise<string>;
  convergencePng(problem: Problem, history: OptiStep[], title: string): Promise<Uint8Array>;
  convergenceSvg(problem: Problem, history: OptiStep[], title: string): Promise<string>;
  exportStl(design: Design, opts: StlOptions): Promise<StlResult>;
}

export interface EngineeringContext {
  store: DesignStore;
  exporters: Exporters;
}

export const exporters: Exporters = {
  async renderPng(problem, design, config) {
    const { renderPng } = await import('./export/render.ts');
    return renderPng(problem.render(design, config));
  },
  async renderSvg(problem, design, config) {
    const { renderSvg } = await import('./export/render.ts');
    return renderSvg(problem.render(design, config));
  },
  async convergencePng(problem, history, title) {
    const { convergencePng } = await import('./export/render.ts');
    return convergencePng(history, [...problem.objectives], title);
  },
  async convergenceSvg(problem, history, title) {
    const { convergenceSvg } = await import('./export/render.ts');
    return convergenceSvg(history, [...problem.objectives], title);
  },
  async exportStl(design, opts) {
    const { exportStl } = await import('./export/stl.ts');
    return exportStl(design, opts);
  },
};

/** The store under `home` (default ENGIAI_HOME) with the real exporters. */
export function engineeringContext(home?: string): EngineeringContext {
  return { store: new DesignStore(home), exporters };
}
