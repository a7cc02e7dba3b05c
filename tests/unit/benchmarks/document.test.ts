/** Report documents and SVG charts (pure): Markdown links figures, HTML inlines them, values appear, text is escaped. */
import { describe, expect, it } from 'vitest';
import { configDifferences, docHtml, docMarkdown, figuresOf, provenanceBlocks, type ReportDoc } from '../../../benchmarks/reports/document.ts';
import { distributions, heatmap, scatter, stackedBars } from '../../../benchmarks/reports/svgCharts.ts';

describe('report documents', () => {
  const doc: ReportDoc = {
    title: 'T <1>',
    blocks: [
      { kind: 'h2', text: 'Table 2' },
      { kind: 'table', header: ['Style', 'GPT-5-mini TC (paper)'], rows: [['W|Cond', '0.93 ± 0.25']] },
      { kind: 'figure', file: 'figures/a.svg', svg: '<svg id="a"></svg>', caption: 'cap & more' },
      { kind: 'list', items: ['one'] },
    ],
  };
  it('renders Markdown with figure links and escaped cells, HTML with inline figures and reference columns marked', () => {
    const md = docMarkdown(doc);
    expect(md).toContain('| W\\|Cond | 0.93 ± 0.25 |');
    expect(md).toContain('![cap & more](figures/a.svg)');
    const html = docHtml(doc);
    expect(html).toContain('<title>T &lt;1&gt;</title>');
    expect(html).toContain('<figure><svg id="a"></svg><figcaption>cap &amp; more</figcaption></figure>');
    expect(html).toContain('<th class="ref">GPT-5-mini TC (paper)</th>');
    expect(figuresOf(doc)).toEqual([{ file: 'figures/a.svg', svg: '<svg id="a"></svg>' }]);
  });

  it('draws charts with their values and labels', () => {
    const h = heatmap('calls', ['m · Full'], ['create_problem', 'render_design'], [[1, 2.5]]);
    expect(h).toMatch(/^<svg[^>]+width="\d+"/);
    expect(h).toContain('>2.5<');
    expect(h).toContain('m · Full · render_design: 2.50');
    const d = distributions('CO', ['Full'], [{ label: 'x', color: '#000', values: [[0.2, 0.4, 0.9]] }]);
    expect(d).toContain('median 0.400');
    expect(d.match(/<circle/g)).toHaveLength(3);
    const s = scatter('s', [{ label: 'a<b', color: '#111', points: [{ x: 4, y: 0.5 }] }], { xLabel: 'calls', yLabel: 'CO' });
    expect(s).toContain('a&lt;b');
    const b = stackedBars('RAG', ['P0 on'], [{ label: 'vol', color: '#1' }, { label: 'rag', color: '#2' }], [[0.6, 0.4]]);
    expect(b).toContain('P0 on · vol: 0.600');
    expect(b).toContain('P0 on · rag: 0.400');
  });

  it('names the settings that set each run apart in the provenance block', () => {
    const base = { suiteVersion: 1, gitSha: 'f00', gitDirty: false, models: ['m'], seeds: [0], traces: 2, failed: 0 };
    const runs = [
      { ...base, suite: 'workflow', configHash: 'a', config: { samples: 2, paraphrases: 'main', preset: 'small' } },
      { ...base, suite: 'workflow', configHash: 'b', config: { samples: 2, paraphrases: 'held-out', preset: 'small' } },
      { ...base, suite: 'hpc', configHash: 'c', config: { epochs: 1 } },
    ];
    expect(configDifferences(runs)).toEqual(['paraphrases="main"', 'paraphrases="held-out"', '']);
    const [, table] = provenanceBlocks(runs);
    if (table.kind !== 'table') throw new Error('no table');
    expect(table.header.at(-1)).toBe('settings that differ between runs');
    expect(table.rows.map((r) => r.at(-1))).toEqual(['paraphrases="main"', 'paraphrases="held-out"', '–']);
    expect(provenanceBlocks([runs[0]])[1]).toMatchObject({ header: ['suite', 'run directory', 'config hash', 'git', 'agents / models', 'seeds', 'traces'] });
  });
});
