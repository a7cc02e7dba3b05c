import { it } from 'vitest';
import { evaluate } from '/work/wt/i25-heat/tools/engineering/heatconduction2d/model.ts';
import { createSetup3 } from '/work/wt/i25-heat/tools/engineering/heatconduction3d/setup.ts';
import { getProblem } from '/work/wt/i25-heat/tools/engineering/registry.ts';
import { optimize } from '/work/wt/i25-heat/tools/engineering/problem.ts';
it('t', async () => {
  const t0 = performance.now(); const s = createSetup3(51, 0.5); const t1 = performance.now();
  const e = evaluate(s, new Float64Array(s.mesh.nv).fill(0.3), { gradient: 'exact' }); const t2 = performance.now();
  console.log('51 pcg setup', (t1 - t0).toFixed(0), 'eval', (t2 - t1).toFixed(0), e.J);
  const p = await getProblem('heatconduction3d');
  const r = optimize(p, p.resolveConfig({ resolution: 51, max_iter: 3 }), {}, (ev) => console.log('step', ev.step, ev.objectives[0], (performance.now() - t2).toFixed(0)));
  console.log(r.history.length);
}, 900000);
