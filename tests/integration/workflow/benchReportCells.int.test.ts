/**
 * `engiai bench report DIR… --json` over runs of different settings, as a person runs it (child
 * processes): a main-paraphrase and a held-out-paraphrase W-Rand run give two cells of n = 2; a copy
 * of a run (same configuration) adds no trial; a run of another configuration over the same tasks
 * gets its own cell; nothing is pooled under one model name.
 */
import { cpSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { engiai, tempHome } from '../cli/helpers.ts';

interface JsonCell {
  suite: string;
  problem: string;
  style: string;
  model: string;
  label: string;
  paraphrases: string;
  n: number;
  configHash: string;
  tc: number;
  co: number;
  duplicates_dropped?: number;
  [k: string]: unknown;
}

describe('engiai bench report: cells per configuration', () => {
  it('separates held-out paraphrases and other configurations, and counts a copied trial once', () => {
    const home = tempHome();
    const base = ['bench', 'workflow', '--agent', 'reference', '--problem', 'beams2d', '--style', 'W-Rand', '--preset', 'small', '--seeds', '1', '--json'];
    const main = engiai(home, [...base, '--samples', '2', '--out', join(home, 'runs', 'main')], { timeoutMs: 240_000 });
    expect(main.code, main.stderr).toBe(0);
    const held = engiai(home, [...base, '--samples', '2', '--paraphrases', 'held-out', '--out', join(home, 'runs', 'heldout')], { timeoutMs: 240_000 });
    expect(held.code, held.stderr).toBe(0);

    const two = engiai(home, ['bench', 'report', join(home, 'runs', 'main'), join(home, 'runs', 'heldout'), '--out', join(home, 'two'), '--json']);
    expect(two.code, two.stderr).toBe(0);
    const cells = (JSON.parse(two.stdout).cells as JsonCell[]).filter((c) => c.style === 'W-Rand');
    expect(cells.map((c) => [c.suite, c.problem, c.model, c.paraphrases, c.n])).toEqual([
      ['workflow', 'beams2d', 'reference', 'main', 2],
      ['workflow', 'beams2d', 'reference', 'held-out', 2],
    ]);
    expect(new Set(cells.map((c) => c.configHash)).size).toBe(2);
    expect(cells[0].configHash).toBe(JSON.parse(readFileSync(join(home, 'runs', 'main', 'run.json'), 'utf8')).configHash);
    for (const k of ['tc', 'co', 'tc_pop_std', 'co_std', 's_design', 's_tool']) expect(typeof cells[0][k], k).toBe('number');
    // both protocols' scores in every cell, as `bench workflow --json` gives them
    for (const c of cells) for (const p of ['paper', 'engiai']) for (const k of ['tc', 'co', 's_design', 's_tool']) expect(typeof (c[p] as Record<string, unknown> | undefined)?.[k], `${p}.${k}`).toBe('number');
    const md = readFileSync(join(home, 'two', 'report.md'), 'utf8');
    expect(md).toContain('| Style | reference TC | reference CO | reference · held-out TC | reference · held-out CO |');

    // a copy of the main run (same configuration) and a run with three samples (another configuration)
    cpSync(join(home, 'runs', 'main'), join(home, 'runs', 'main-copy'), { recursive: true });
    const three = engiai(home, [...base, '--samples', '3', '--out', join(home, 'runs', 'three')], { timeoutMs: 240_000 });
    expect(three.code, three.stderr).toBe(0);
    const all = engiai(home, ['bench', 'report', join(home, 'runs'), '--json']);
    expect(all.code, all.stderr).toBe(0);
    const r = JSON.parse(all.stdout);
    expect(r.dirs).toHaveLength(4);
    const mainHash = cells[0].configHash;
    expect((r.cells as JsonCell[]).map((c) => [c.label.replace(/cfg [0-9a-f]{8}/, c.configHash === mainHash ? 'cfg MAIN' : 'cfg OTHER'), c.n, c.duplicates_dropped ?? 0])).toEqual(
      expect.arrayContaining([
        ['reference · cfg MAIN', 2, 2],
        ['reference · cfg OTHER', 3, 0],
        ['reference · held-out', 2, 0],
      ]),
    );
    expect(r.cells).toHaveLength(3);
    const report = readFileSync(join(home, 'runs', 'report', 'report.md'), 'utf8');
    expect(report).toContain('## Trials counted once');
    // the default (paper) protocol's seeds are 1–3
    expect(report).toMatch(/beams2d\.W-Rand\.s0\.seed1 appears again under configuration/);
  });
});
