/**
 * Report figures fit their viewBox (nothing drawn past the right edge: legends wrap, widths follow
 * titles and labels) and the HTML page scales them to its width instead of clipping them.
 */
import { describe, expect, it } from 'vitest';
import { docHtml } from '../../../benchmarks/reports/document.ts';
import { groupedBars } from '../../../benchmarks/reports/svgBars.ts';
import { distributions, heatmap, scatter, stackedBars, textWidth } from '../../../benchmarks/reports/svgCharts.ts';
import { metricPanels } from '../../../benchmarks/reports/svgPanels.ts';

const unescape = (s: string) => s.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&amp;/g, '&');

/** Horizontal extent problems of an SVG: texts (unrotated) and rects past [0, width]. */
function overflow(svg: string): string[] {
  const width = Number(/<svg[^>]* width="([\d.]+)"/.exec(svg)?.[1]);
  const viewBox = /viewBox="0 0 ([\d.]+) ([\d.]+)"/.exec(svg);
  const bad: string[] = [];
  if (!viewBox || Number(viewBox[1]) !== width) bad.push('no viewBox of the svg width');
  for (const m of svg.matchAll(/<text x="([-\d.]+)" y="[-\d.]+"([^>]*)>([^<]*)<\/text>/g)) {
    const x = Number(m[1]);
    const w = textWidth(unescape(m[3]), /font-size="13"/.test(m[2]) ? 13.5 : /font-size="9"/.test(m[2]) ? 9 : 11);
    const [lo, hi] = /text-anchor="end"/.test(m[2]) ? [x - w, x] : /text-anchor="middle"/.test(m[2]) ? [x - w / 2, x + w / 2] : [x, x + w];
    if (lo < -0.5 || hi > width + 0.5) bad.push(`text "${m[3]}" spans [${lo.toFixed(0)}, ${hi.toFixed(0)}] of ${width}`);
  }
  for (const m of svg.matchAll(/<rect x="([-\d.]+)" y="[-\d.]+" width="([\d.]+)"/g)) if (Number(m[1]) + Number(m[2]) > width + 0.5) bad.push(`rect at ${m[1]} + ${m[2]} past ${width}`);
  return bad;
}

const many = Array.from({ length: 7 }, (_, i) => ({ label: `a rather long agent or model name number ${i}`, color: '#123456' }));

describe('report figures fit the page', () => {
  it('distributions: one category with seven long series labels wraps its legend inside the figure', () => {
    const svg = distributions('Beams2D: CO per style', ['Full'], many.map((s) => ({ ...s, values: [[0.5, 0.6]] })));
    expect(overflow(svg)).toEqual([]);
    // the old layout put the fourth legend entry at x = 48 + 3·180 = 588 in a 274-wide figure
  });

  it('scatter, grouped and stacked bars, heatmap and metric panels keep every label inside', () => {
    const charts = [
      scatter('A title long enough to need more room than the default width of the scatter plot, really', many.map((s) => ({ ...s, points: [{ x: 3, y: 0.5 }] })), { xLabel: 'calls', yLabel: 'CO', lines: [{ label: 'DQ = S_design (mean per call count)', color: '#000', dashed: true, points: [{ x: 3, y: 0.5 }] }] }),
      groupedBars('HPC step completion', ['generate', 'submit', 'monitor', 'evaluate'], many.map((s) => ({ ...s, values: [1, 1, 0.5, 0] }))),
      stackedBars('RAG weighted score: a-model', ['P0 on', 'P1 on', 'P2 empty with a long name'], many.slice(0, 4), [[0.5, 0.2, 0.1, 0.1], [0.3], [0.2]]),
      heatmap('calls', ['reference · held-out · cfg 0123abcd · W-Distract', 'x'.repeat(80)], ['create_problem', 'convert_design_to_stl'], [[1, 2], [3, 4]]),
      metricPanels('Figure 8: agent-trained cgan vs EngiOpt baselines', [{ title: 'COG', better: 'lower', log: true, bars: [{ label: 'reference (agent-trained)', color: '#1', value: 1234.5, points: [1000, 1469] }, { label: 'EngiOpt cgan_cnn_2d baseline', color: '#2', value: 1.4e8 }] }], { caption: 'baselines: gioelemo/EngiAI-Public, benchmarks/problems/hpc_train_beams2d/data/baseline/' }),
    ];
    for (const svg of charts) expect(overflow(svg)).toEqual([]);
  });

  it('the HTML report scales inline figures to the page (max-width 100 %) instead of clipping them in a scroll box', () => {
    const html = docHtml({ title: 't', blocks: [{ kind: 'figure', file: 'figures/a.svg', svg: '<svg width="3000" height="10" viewBox="0 0 3000 10"></svg>', caption: 'wide' }] });
    expect(html).toContain('figure svg{max-width:100%;height:auto');
    expect(html).not.toContain('figure{margin:1em 0 2em;overflow-x:auto}');
  });
});
