/** `engiai bench reasoning`, `bench score` and `bench compare` as a person runs them (child processes). */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { engiai, tempHome } from '../cli/helpers.ts';

const sampleLines = (dir: string) =>
  readdirSync(join(dir, 'traces'))
    .sort()
    .map((f) => readFileSync(join(dir, 'traces', f), 'utf8').split('\n').find((l) => l.startsWith('{"type":"sample"'))!.replace(/"t":\d+,/, ''))
    .join('\n');

describe('engiai bench reasoning', () => {
  it('prints one JSON object, reproduces a seed byte for byte in another process, and re-scores offline', () => {
    const home = tempHome();
    const args = ['bench', 'reasoning', '--agent', 'reference', '--templates', '8', '--instances', '2', '--seed', '9', '--json'];
    const a = engiai(home, [...args, '--out', join(home, 'a')]);
    expect(a.code, a.stderr).toBe(0);
    const summary = JSON.parse(a.stdout);
    expect(summary).toMatchObject({ templates: 8, instances: 16, accuracy: 1, step_f1: 1, step_precision: 1, step_recall: 1 });
    const b = engiai(home, [...args, '--out', join(home, 'b')]);
    expect(b.code, b.stderr).toBe(0);
    expect(sampleLines(join(home, 'a'))).toBe(sampleLines(join(home, 'b')));
    const score = engiai(home, ['bench', 'score', join(home, 'a'), '--json']);
    expect(score.code, score.stderr).toBe(0);
    expect(JSON.parse(score.stdout)).toMatchObject({ templates: 8, instances: 16, accuracy: 1, step_f1: 1 });

    // the same instances answered in the wrong unit, compared pair by pair with the reference
    const c = engiai(home, [...args.map((x) => (x === 'reference' ? 'wrong-unit' : x)), '--out', join(home, 'c')]);
    expect(c.code, c.stderr).toBe(0);
    const cmp = engiai(home, ['bench', 'compare', join(home, 'a'), join(home, 'c'), '--json']);
    expect(cmp.code, cmp.stderr).toBe(0);
    const out = JSON.parse(cmp.stdout) as { suite: string; pairs: number; rows: { group: string; metric: string; b: number; diff: number; ci95: [number, number]; onlyA?: number }[] };
    expect(out).toMatchObject({ suite: 'reasoning', pairs: 16, mismatched: [] });
    const row = (metric: string) => out.rows.find((r) => r.group === 'all' && r.metric === metric)!;
    expect(row('accuracy')).toMatchObject({ diff: -1, onlyA: 16, onlyB: 0 });
    expect(row('step_f1').b).toBeGreaterThan(0.5); // every step but the unit conversion still matches
    expect(row('step_f1').ci95[1]).toBeLessThan(0);
  });

  it('resumes in its default run directory and prints a readable table', () => {
    const home = tempHome();
    const args = ['bench', 'reasoning', '--agent', 'wrong-unit', '--branch', 'civil', '--difficulty', 'easy', '--instances', '1'];
    const first = engiai(home, [...args, '--json']);
    expect(first.code, first.stderr).toBe(0);
    const s1 = JSON.parse(first.stdout);
    expect(s1.dir.startsWith(join(home, 'bench', 'reasoning'))).toBe(true);
    expect(s1).toMatchObject({ accuracy: 0, skipped: 0 });
    const second = engiai(home, args);
    expect(second.code, second.stderr).toBe(0);
    expect(second.stdout).toMatch(/overall\s+\d+\s+0\.0%/);
    expect(second.stdout).toContain('report.html');
    expect(JSON.parse(readFileSync(join(s1.dir, 'summary.json'), 'utf8')).skipped).toBe(s1.instances);
  });

  it('lists templates, and answers bad input with exit code 2', () => {
    const home = tempHome();
    const list = engiai(home, ['bench', 'reasoning', '--list']);
    expect(list.code).toBe(0);
    expect(list.stdout.trim().split('\n').length).toBeGreaterThanOrEqual(51);
    const bad = engiai(home, ['bench', 'reasoning', '--agent', 'reference', '--branch', 'nuclear']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/unknown branch "nuclear"/);
    expect(engiai(home, ['bench', 'reasoning', '--agent', 'reference', '--instances', 'x']).code).toBe(2);
    expect(engiai(home, ['bench', 'score', join(home, 'nowhere')]).code).toBe(2);
  });
});
