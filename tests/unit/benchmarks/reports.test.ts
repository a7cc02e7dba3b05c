/** Reports from scored trials only (benchmarks/reports): tables, intervals, provenance, SVG. */
import { describe, expect, it } from 'vitest';
import { groupRows, renderHtml, renderMarkdown, type ReportSpec, type ScoredTrial } from '../../../benchmarks/reports/index.ts';

const trials: ScoredTrial[] = [
  { id: '1', tags: { branch: 'civil', difficulty: 'easy' }, metrics: { accuracy: 1, f1: 0.5 } },
  { id: '2', tags: { branch: 'civil', difficulty: 'advanced' }, metrics: { accuracy: 0, f1: 0.25 } },
  { id: '3', tags: { branch: 'chemical', difficulty: 'easy' }, metrics: { accuracy: 1, f1: null } },
];
const spec: ReportSpec = {
  title: 'Demo <run>',
  metrics: [
    { key: 'accuracy', label: 'Accuracy', kind: 'proportion', percent: true },
    { key: 'f1', label: 'F1', kind: 'mean' },
  ],
  groups: [
    { key: '', label: 'Overall' },
    { key: 'difficulty', label: 'By difficulty', order: ['easy', 'intermediate', 'advanced'] },
  ],
  provenance: { suite: 'demo', suiteVersion: 1, configHash: 'abc', gitSha: 'f00', gitDirty: true, models: ['reference'], seeds: [1, 2], traces: 4, failed: 1 },
  countTables: [{ title: 'Categories', rowLabel: 'Branch', columns: ['A', 'B'], rows: [{ label: 'civil', counts: [2, 3] }] }],
  notes: ['a note'],
};

describe('reports', () => {
  it('groups in the declared order and skips non-applicable values', () => {
    const rows = groupRows(trials, spec.groups[1], spec.metrics);
    expect(rows.map((r) => r.group)).toEqual(['easy', 'advanced']);
    expect(rows[0].metrics.f1).toMatchObject({ n: 1, mean: 0.5 });
    expect(rows[0].metrics.accuracy).toMatchObject({ n: 2, mean: 1 });
  });

  it('renders Markdown with provenance, mean ± std [interval] cells and count tables', () => {
    const md = renderMarkdown(spec, trials);
    expect(md).toContain('# Demo <run>');
    expect(md).toContain('- git: f00 (dirty)');
    expect(md).toContain('- traces: 4 (1 failed)');
    expect(md).toMatch(/\| all \| 3 \| 66\.7 ± 57\.7 \[\d+\.\d, \d+\.\d\] \| 0\.375 ± 0\.177/);
    expect(md).toContain('| civil | 2 | 3 | 5 |');
    expect(renderMarkdown(spec, trials)).toBe(md);
  });

  it('renders a self-contained HTML page with escaped text and SVG charts', () => {
    const html = renderHtml(spec, trials);
    expect(html.startsWith('<!doctype html>')).toBe(true);
    expect(html).toContain('Demo &lt;run&gt;');
    expect(html).toContain('<svg');
    expect(html).not.toMatch(/<script/);
  });
});
