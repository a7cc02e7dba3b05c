/** The store keeps step, objectives and objectivesUpdate of a history and leaves EngiBench's OptiStep arrays out of meta.json. */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
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
});
