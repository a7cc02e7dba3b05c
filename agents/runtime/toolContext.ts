/**
 * The real tool context: the design store under ENGIAI_HOME and the render/STL exporters, loaded
 * lazily so `engiai --help` stays fast.
 */
import type { BaseToolContext } from '../supervisor/nodeKit.ts';
import type { Exporters } from '../../tools/engineering/tools.ts';

export const exporters: Exporters = {
  async renderPng(problem, design, config) {
    const { renderPng } = await import('../../tools/engineering/export/render.ts');
    return renderPng(problem.render(design, config));
  },
  async convergencePng(problem, history, title) {
    const { convergencePng } = await import('../../tools/engineering/export/render.ts');
    return convergencePng(history, problem.objectives, title);
  },
  async exportStl(design, opts) {
    const { exportStl } = await import('../../tools/engineering/export/stl.ts');
    return exportStl(design, opts);
  },
};

export async function createToolContext(home?: string): Promise<BaseToolContext> {
  const { DesignStore } = await import('../../tools/engineering/store/designStore.ts');
  return { store: new DesignStore(home), exporters };
}
