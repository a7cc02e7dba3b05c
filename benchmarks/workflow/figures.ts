/**
 * The paper's Figure 2 panels for one trial: the agent's design, the ground truth and their
 * pixelwise absolute difference, drawn by the engineering render code (tools/engineering/export).
 * 3-D designs [ny, nx, nz] are drawn as their maximum over z (the top view, [ny, nx]).
 */
import { renderSvg } from '../../tools/engineering/export/render.ts';
import type { Design } from '../../tools/engineering/problem.ts';
import { sameShape } from './scoring/designMetrics.ts';

/** A 3-D design's maximum over its last axis; a 2-D design as it is. */
function topView(d: Design): Design {
  if (d.shape.length !== 3) return d;
  const [ny, nx, nz] = d.shape;
  const data = new Float64Array(ny * nx).fill(-Infinity);
  for (let k = 0; k < d.data.length; k++) data[Math.floor(k / nz)] = Math.max(data[Math.floor(k / nz)], d.data[k]);
  return { shape: [ny, nx], data };
}

export function designFigure(title: string, agent3: Design, groundTruth3: Design): string {
  const same = sameShape(agent3, groundTruth3);
  const agent = topView(agent3), groundTruth = topView(groundTruth3);
  const three = groundTruth3.shape.length === 3 ? ' (max over z)' : '';
  const diff: Design = same ? { shape: agent.shape, data: agent.data.map((v, i) => Math.abs(v - groundTruth.data[i])) } : { shape: groundTruth.shape, data: new Float64Array(groundTruth.data.length).fill(1) };
  return renderSvg(
    {
      title,
      panels: [
        { title: `agent design${three}`, field: agent, colormap: 'greys', vmin: 0, vmax: 1 },
        { title: `ground truth${three}`, field: groundTruth, colormap: 'greys', vmin: 0, vmax: 1 },
        { title: same ? `|difference|${three}` : 'shapes differ', field: diff, colormap: 'magma', vmin: 0, vmax: 1 },
      ],
    },
    { targetPx: 260 },
  );
}
