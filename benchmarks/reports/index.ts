/** Reports built from scored traces only (pure: data in, Markdown/HTML/SVG strings out). */
export { formatSummary, groupRows, summarize, type CountTable, type GroupRow, type GroupSpec, type MetricSpec, type MetricSummary, type Provenance, type ReportSpec, type ScoredTrial } from './reportModel.ts';
export { renderMarkdown } from './markdown.ts';
export { renderHtml } from './html.ts';
export { groupedBars, type BarSeries } from './svgBars.ts';
