/** `engiai bench workflow | score | compare | report` and the RAG/HPC refusals, as a person runs them (child processes). */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { engiai, tempHome } from '../cli/helpers.ts';

describe('engiai bench (workflow, score, compare, report)', () => {
  it('runs two agents, re-scores, compares them over identical trials and writes the paper-style report', () => {
    const home = tempHome();
    const args = ['bench', 'workflow', '--preset', 'small', '--samples', '1', '--seeds', '2', '--style', 'W-Distract,Full', '--problem', 'beams2d', '--protocol', 'engiai', '--json'];
    const a = engiai(home, [...args, '--agent', 'reference', '--out', join(home, 'runs', 'ref')], { timeoutMs: 240_000 });
    expect(a.code, a.stderr).toBe(0);
    const sa = JSON.parse(a.stdout);
    expect(sa).toMatchObject({ suite: 'workflow', n: 4, tc: 1, protocol: 'engiai' });
    expect(sa.cells[0]).toMatchObject({ protocol: 'engiai', paper: { tc: expect.any(Number), co: expect.any(Number) }, engiai: { tc: 1 }, configHash: expect.stringMatching(/^[0-9a-f]{16}$/) });
    expect(sa.cells.map((c: { style: string; model: string; n: number; tc: number }) => [c.style, c.model, c.n, c.tc])).toEqual([
      ['Full', 'reference', 2, 1],
      ['W-Distract', 'reference', 2, 1],
    ]);
    expect(Object.keys(sa.cells[0])).toEqual(expect.arrayContaining(['iou', 'pa', 'obj', 'constr', 'conn', 'wt', 's_design', 's_tool', 's_completion', 'co', 'tc_ci95', 'pass_hat_2']));
    const b = engiai(home, [...args, '--agent', 'distracted', '--out', join(home, 'runs', 'dis')], { timeoutMs: 240_000 });
    expect(b.code, b.stderr).toBe(0);
    expect(JSON.parse(b.stdout).tc).toBe(0.5);

    const score = engiai(home, ['bench', 'score', join(home, 'runs', 'dis'), '--json']);
    expect(score.code, score.stderr).toBe(0);
    expect(JSON.parse(score.stdout)).toMatchObject({ n: 4, tc: 0.5, scoredUnder: 'run protocol' });
    const paper = engiai(home, ['bench', 'score', join(home, 'runs', 'dis'), '--protocol', 'paper', '--json']);
    expect(paper.code, paper.stderr).toBe(0);
    const sp = JSON.parse(paper.stdout);
    expect(sp.scoredUnder).toBe('paper');
    expect(sp.co).toBeCloseTo(sp.cells.reduce((s: number, c: { n: number; paper: { co: number } }) => s + c.n * c.paper.co, 0) / 4, 12);
    const badRun = engiai(home, ['bench', 'workflow', '--agent', 'reference', '--protocol', 'nope']);
    expect(badRun.code).toBe(2);
    expect(badRun.stderr).toMatch(/unknown --protocol "nope"/);
    const bad = engiai(home, ['bench', 'score', join(home, 'runs', 'dis'), '--protocol', 'nope']);
    expect(bad.code).not.toBe(0);
    expect(bad.stderr).toMatch(/unknown --protocol "nope"/);

    const cmp = engiai(home, ['bench', 'compare', join(home, 'runs', 'ref'), join(home, 'runs', 'dis'), '--json']);
    expect(cmp.code, cmp.stderr).toBe(0);
    const c = JSON.parse(cmp.stdout);
    expect(c.pairs).toBe(4);
    const tc = (group: string) => c.rows.find((r: { group: string; metric: string }) => r.group === group && r.metric === 'tc');
    expect(tc('beams2d W-Distract')).toMatchObject({ n: 2, a: 1, b: 0, diff: -1, onlyA: 2, onlyB: 0 });
    expect(tc('beams2d Full')).toMatchObject({ diff: 0, onlyA: 0, onlyB: 0 });
    expect(engiai(home, ['bench', 'compare', join(home, 'runs', 'ref'), join(home, 'runs', 'dis')]).stdout).toMatch(/4 identical trials paired/);

    const rep = engiai(home, ['bench', 'report', join(home, 'runs')]);
    expect(rep.code, rep.stderr).toBe(0);
    const md = readFileSync(join(home, 'runs', 'report', 'report.md'), 'utf8');
    expect(md).toContain('## Table 2: workflow results for Beams2D (mean ± population std)');
    // columns: distracted TC, CO, reference TC, CO, then the paper's GPT-5-mini TC, CO (reference values)
    expect(md).toMatch(/\| W-Distract \| 0\.00 ± 0\.00 \| 0\.\d\d ± 0\.\d\d \| 1\.00 ± 0\.00 \| 0\.\d\d ± 0\.\d\d \| 1\.00 ± 0\.00 \| 0\.63 ± 0\.06 \|/);
    expect(md).toContain('## Both protocols, every cell (engiai − paper)');
    expect(md).toContain('| Average |');
    expect(md).toContain('## Deviations from the paper (workflow)');
    expect(md).toContain('distracted · W-Distract · export parameters');
    for (const f of ['beams2d-tool-heatmap.svg', 'beams2d-co-distributions.svg', 'beams2d-calls-vs-co.svg', 'beams2d-design-reference.svg', 'beams2d-design-distracted.svg']) {
      expect(existsSync(join(home, 'runs', 'report', 'figures', f)), f).toBe(true);
    }
    const html = readFileSync(join(home, 'runs', 'report', 'report.html'), 'utf8');
    expect(html).toContain('<svg');
    expect(html).toContain('class="ref"');
  });
});
