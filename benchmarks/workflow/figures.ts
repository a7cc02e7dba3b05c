/**
 * The paper's Figure 2 panels for one trial: the agent's design, the ground truth and their
 * pixelwise absolute difference, drawn by the engineering render code (tools/engineering/export).
 */
import { renderSvg } from '../../tools/engineering/export/render.ts';
import type { Design } from '../../tools/engineering/problem.ts';

export function designFigure(title: string, agent: Design, groundTruth: Design): string {
  const same = agent.shape[0] === groundTruth.shape[0] && agent.shape[1] === groundTruth.shape[1];
  const diff: Design = same ? { shape: agent.shape, data: agent.data.map((v, i) => Math.abs(v - groundTruth.data[i])) } : { shape: groundTruth.shape, data: new Float64Array(groundTruth.data.length).fill(1) };
  return renderSvg(
    {
      title,
      panels: [
        { title: 'agent design', field: agent, colormap: 'greys', vmin: 0, vmax: 1 },
        { title: 'ground truth', field: groundTruth, colormap: 'greys', vmin: 0, vmax: 1 },
        { title: same ? '|difference|' : 'shapes differ', field: diff, colormap: 'magma', vmin: 0, vmax: 1 },
      ],
    },
    { targetPx: 260 },
  );
}
