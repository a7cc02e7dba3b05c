/** The store keeps step, objectives and objectivesUpdate of a history and leaves EngiBench's OptiStep arrays out of meta.json. */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { historyArrayFiles } from '../../../tools/engineering/store/historyArrays.ts';
import { decodeNpy } from '../../../tools/engineering/store/npy.ts';
import { optimize } from '../../../tools/engineering/problem.ts';
import { getProblem } from '../../../tools/engineering/registry.ts';
import { DesignStore } from '../../../tools/engineering/store/designStore.ts';

const home = mkdtempSync(join(tmpdir(), 'engiai-stored-history-'));
afterAll(() => rmSync(home, { recursive: true, force: true }));

describe('stored histories', () => {
  it('a history "full" run saves only step, objectives and objectivesUpdate', async () => {
    const p = await getProblem('beams3d');
    const config = p.resolveConfig({ nelx: 4, nely: 3, nelz: 2, max_iter: 3 });
    const r = optimize(p, config, { history: 'full' });
    expect(r.history[0].x).toBeDefined();
    const rec = await new DesignStore(home).save(r.design, { problem: p.id, version: p.version, config, history: r.history, provenance: { tool: 'test' } });
    const meta = JSON.parse(readFileSync(join(rec.path, 'meta.json'), 'utf8')) as { history: Record<string, unknown>[] };
    expect(meta.history.map((h) => Object.keys(h).sort())).toEqual([0, 1, 2].map(() => ['objectives', 'objectivesUpdate', 'step']));
    expect(meta.history.map((h) => h.objectives)).toEqual(r.history.map((h) => h.objectives));
    expect(meta.history[2].objectivesUpdate).toEqual([0]);
  });

  it('heatconduction2d "full": meta.json keeps step and objectives only (EngiBench records no obj_values_update); x, x_update and [dJ/da] are the history_*.npy files the workflow attaches', async () => {
    const p = await getProblem('heatconduction2d');
    const config = p.resolveConfig({ resolution: 21, max_iter: 3 });
    const r = optimize(p, config, { history: 'full' });
    const rec = await new DesignStore(home).save(r.design, { problem: p.id, version: p.version, config, history: r.history, provenance: { tool: 'test' } });
    const meta = JSON.parse(readFileSync(join(rec.path, 'meta.json'), 'utf8')) as { history: Record<string, unknown>[] };
    expect(meta.history.map((h) => Object.keys(h).sort())).toEqual(r.history.map(() => ['objectives', 'step']));
    const written = historyArrayFiles(r.history);
    expect(written.map((f) => f.fileName).sort()).toEqual(['history_steps.npy', 'history_x.npy', 'history_x_sensitivities.npy', 'history_x_update.npy']);
    const files = new Map(written.filter((f) => f.fileName !== 'history_steps.npy').map((f) => [f.fileName, decodeNpy(f.bytes)]));
    const x = files.get('history_x.npy')!;
    expect(x.shape).toEqual([r.history.length, 441]);
    expect(Array.from(x.data.subarray(x.data.length - 441))).toEqual(Array.from(r.design.data));
    expect(files.get('history_x_sensitivities.npy')!.shape).toEqual([r.history.length, 1, 441]);
    expect(files.get('history_x_update.npy')!.shape).toEqual([r.history.length, 441]);
  });
});
