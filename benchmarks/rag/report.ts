/**
 * The RAG report (pure): S_RAG per prompt × condition for every agent/model (mean ± sample std), the
 * components (searched, per-parameter accuracy before and after the gate), the weighted-score bars
 * (paper Figure 6) and the deviations from the paper.
 */
import type { Block } from '../reports/document.ts';
import { summarize } from '../reports/reportModel.ts';
import { PALETTE, stackedBars } from '../reports/svgCharts.ts';
import { RAG_CONDITIONS, RAG_PROMPTS } from './prompts.ts';
import type { ScoredRagTrial } from './rescore.ts';

const mean = (xs: readonly number[]) => (xs.length ? xs.reduce((s, x) => s + x, 0) / xs.length : NaN);
const pm = (xs: readonly number[]) => {
  if (!xs.length) return '–';
  const s = summarize(xs, 'mean');
  return `${s.mean.toFixed(2)} ± ${s.std.toFixed(2)}`;
};

export const RAG_DEVIATIONS = [
  'Documents: generated per seed (two short technical reports with random values, a reference text with the default 0.35, optional distractors and filler) instead of the paper\'s two arXiv papers, so no model can know the values.',
  'Prompts: the paper\'s prompt texts were lost from our copy; ours name the documents by title and ask for the same parameters as its Table (P0 volfrac; P1 volfrac, forcedist; P2 volfrac, rmin; P3 all three from both reports).',
  'The value scored is the one the agent\'s design used: the resolved conditions of its last optimize_design call (defaults included), else its arguments.',
  'The Beams2D optimization runs on a 60×30 grid with 40 iterations (stated in the prompt); the design itself is not scored.',
];

export function ragBlocks(trials: readonly ScoredRagTrial[]): Block[] {
  const models = [...new Set(trials.map((t) => t.model))].sort();
  const prompts = RAG_PROMPTS.filter((p) => trials.some((t) => t.sample.prompt === p));
  const conditions = RAG_CONDITIONS.filter((c) => trials.some((t) => t.sample.condition === c));
  const of = (m: string, p: string, c: string) => trials.filter((t) => t.model === m && t.sample.prompt === p && t.sample.condition === c);
  const header = ['Prompt', ...models.flatMap((m) => conditions.map((c) => `${m} · RAG-${c}`))];
  const rows = prompts.map((p) => [p, ...models.flatMap((m) => conditions.map((c) => pm(of(m, p, c).map((t) => t.score.s_rag))))]);
  const compRows = models.flatMap((m) =>
    prompts.flatMap((p) =>
      conditions.map((c) => {
        const ts = of(m, p, c);
        const acc = (k: 'volfrac' | 'forcedist' | 'rmin', f: 'a' | 'a_eff') => (ts.some((t) => t.score.params[k]) ? mean(ts.map((t) => t.score.params[k]?.[f] ?? 0)).toFixed(2) : '–');
        return [m, p, c, String(ts.length), mean(ts.map((t) => t.score.searched)).toFixed(2), ...(['volfrac', 'forcedist', 'rmin'] as const).map((k) => `${acc(k, 'a')} / ${acc(k, 'a_eff')}`), mean(ts.map((t) => t.score.s_rag)).toFixed(3)];
      }),
    ),
  );
  const parts = [
    { key: 'volfrac', label: 'w_vol·a_vol', color: PALETTE[0] },
    { key: 'forcedist', label: 'w_force·a_force', color: PALETTE[1] },
    { key: 'rmin', label: 'w_rmin·a_rmin', color: PALETTE[2] },
    { key: 'rag', label: 'w_rag·searched', color: PALETTE[3] },
  ];
  const blocks: Block[] = [
    { kind: 'h2', text: 'RAG: weighted score per prompt × condition (mean ± sample std)' },
    { kind: 'table', header, rows, caption: 'S_RAG = Σ w_i·a_i^eff + w_rag·1(search_documents called); parameters count only when the agent searched (paper Appendix A.2).' },
    { kind: 'h3', text: 'Components' },
    { kind: 'table', header: ['agent / model', 'prompt', 'condition', 'n', 'searched', 'volfrac a / a_eff', 'forcedist a / a_eff', 'rmin a / a_eff', 'S_RAG'], rows: compRows },
  ];
  for (const m of models) {
    const cats = prompts.flatMap((p) => conditions.filter((c) => c !== 'off').map((c) => `${p} ${c}`));
    const values = cats.map((cat) => {
      const [p, c] = cat.split(' ');
      return parts.map((part) => mean(of(m, p, c).map((t) => t.score.parts[part.key] ?? 0)) || 0);
    });
    blocks.push({ kind: 'figure', file: `figures/rag-${m.replace(/[^A-Za-z0-9._-]/g, '_')}.svg`, svg: stackedBars(`RAG weighted score: ${m}`, cats, parts, values), caption: `Weighted score contributions per prompt and condition (paper Figure 6), ${m}; RAG-off scores 0 by the gate and is left out.` });
  }
  blocks.push({ kind: 'h2', text: 'Deviations from the paper (RAG)' }, { kind: 'list', items: RAG_DEVIATIONS });
  return blocks;
}

export function ragSummary(trials: readonly ScoredRagTrial[], extra: Record<string, unknown> = {}): Record<string, unknown> {
  const cells = new Map<string, ScoredRagTrial[]>();
  for (const t of trials) cells.set(`${t.model}|${t.sample.prompt}|${t.sample.condition}`, [...(cells.get(`${t.model}|${t.sample.prompt}|${t.sample.condition}`) ?? []), t]);
  return {
    suite: 'rag',
    n: trials.length,
    s_rag: mean(trials.map((t) => t.score.s_rag)),
    cells: [...cells.entries()].map(([k, ts]) => {
      const [model, prompt, condition] = k.split('|');
      return { model, prompt, condition, n: ts.length, s_rag: mean(ts.map((t) => t.score.s_rag)), searched: mean(ts.map((t) => t.score.searched)) };
    }),
    ...extra,
  };
}
