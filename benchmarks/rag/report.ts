/**
 * The RAG report (pure): S_RAG per prompt × condition for every agent/model, protocol and run
 * configuration, under both protocols side by side (engiai mean ± sample std, paper mean ±
 * population std, the measured difference), TC of both, the components (searched, per-parameter
 * accuracy before and after the gate), the weighted-score bars (paper Figure 6), the memorisation
 * flags and the deviations from the paper.
 */
import type { Block } from '../reports/document.ts';
import { PALETTE, stackedBars } from '../reports/svgCharts.ts';
import { mean, meanPm, signedDiff } from '../agents/cellStats.ts';
import { RAG_CONDITIONS, RAG_PROMPTS } from './prompts.ts';
import type { ScoredRagTrial } from './rescore.ts';

export const RAG_DEVIATIONS = [
  "Documents, engiai protocol: generated per seed (two short technical reports with random values, a design guide whose recommended volume fraction is drawn away from Beams2D's default 0.35, optional distractors and filler) instead of the paper's two papers, so no model can know the values.",
  "Documents, paper protocol: the two papers the reference indexes (EngiBench's API walkthrough and Section 3.1 example; SOPTX, arXiv:2505.02438, 2D cantilever benchmark) as our own short texts stating the same values (volfrac 0.35 / forcedist 0.0; 0.7 / 0.3; volfrac 0.4, rmin 6.0): neither paper's licence lets us ship its text. These values are memorisable, and P0's target is Beams2D's default.",
  "Prompts: the paper's prompt texts were lost from our copy. Paper protocol: the reference generator's four asks (rag_beams2d/generate_prompts.py) in our words, ending \"use default values for all other parameters and do not ask for clarification\"; engiai: ours, naming the generated documents by title. P3 under engiai takes volfrac from report B (with rmin), the reference from EngiBench (with forcedist).",
  "Values scored, paper protocol: the ARGUMENTS of the FIRST optimize_design call stating each parameter (flat, or nested in problem_config / conditions / config, the reference's aliases), as the reference reads them; engiai: the resolved conditions of the LAST optimize_design call (defaults included), else its arguments.",
  'TC, paper protocol: search_documents and optimize_design both called (the reference\'s); engiai: searched and every parameter within τ. The paper reports neither for RAG.',
  'The Beams2D optimization runs on a 60×30 grid with 40 iterations (stated in the prompt, both protocols); the design itself is not scored. The reference fixes the optimization seed at 1 and runs 3 times per prompt × condition; our seeds are those runs.',
];

export type RagReportTrial = ScoredRagTrial & { configHash?: string };

interface Cell {
  model: string;
  prompt: string;
  condition: string;
  protocol: string;
  configHash?: string;
  trials: RagReportTrial[];
}

function cellsOf(trials: readonly RagReportTrial[]): Cell[] {
  const cells = new Map<string, Cell>();
  const sorted = [...trials].sort(
    (a, b) =>
      a.model.localeCompare(b.model) ||
      a.sample.protocol.localeCompare(b.sample.protocol) ||
      RAG_PROMPTS.indexOf(a.sample.prompt) - RAG_PROMPTS.indexOf(b.sample.prompt) ||
      RAG_CONDITIONS.indexOf(a.sample.condition) - RAG_CONDITIONS.indexOf(b.sample.condition),
  );
  for (const t of sorted) {
    const c = { model: t.model, prompt: t.sample.prompt, condition: t.sample.condition, protocol: t.sample.protocol, configHash: t.configHash };
    const key = JSON.stringify(c);
    if (!cells.has(key)) cells.set(key, { ...c, trials: [] });
    cells.get(key)!.trials.push(t);
  }
  return [...cells.values()];
}

/** Why a cell's number may not measure retrieval: the paper corpus is memorisable; its P0 target is the default. */
function memorisation(c: Cell): string {
  if (c.protocol !== 'paper') return '';
  return c.prompt === 'P0' ? 'memorisable; target = Beams2D default (memorisation probe)' : 'memorisable (published values)';
}

export function ragBlocks(trials: readonly RagReportTrial[]): Block[] {
  const cs = cellsOf(trials);
  const rows = cs.map((c) => {
    const e = c.trials.map((t) => t.score.engiai);
    const p = c.trials.map((t) => t.score.paper);
    return [
      c.model,
      c.protocol,
      c.prompt,
      `RAG-${c.condition}`,
      String(c.trials.length),
      meanPm(e.map((x) => x.s_rag), 'sample'),
      meanPm(p.map((x) => x.s_rag), 'population'),
      signedDiff(mean(p.map((x) => x.s_rag)), mean(e.map((x) => x.s_rag))),
      mean(e.map((x) => x.tc)).toFixed(2),
      mean(p.map((x) => x.tc)).toFixed(2),
      memorisation(c) || '–',
    ];
  });
  const compRows = cs.map((c) => {
    const ts = c.trials;
    const acc = (k: 'volfrac' | 'forcedist' | 'rmin', f: 'a' | 'a_eff', proto: 'paper' | 'engiai') => (ts.some((t) => t.score[proto].params[k]) ? mean(ts.map((t) => t.score[proto].params[k]?.[f] ?? 0)).toFixed(2) : '–');
    return [
      c.model,
      c.protocol,
      c.prompt,
      c.condition,
      String(ts.length),
      mean(ts.map((t) => t.score.searched)).toFixed(2),
      ...(['volfrac', 'forcedist', 'rmin'] as const).map((k) => `${acc(k, 'a', 'engiai')} / ${acc(k, 'a_eff', 'engiai')} · ${acc(k, 'a', 'paper')} / ${acc(k, 'a_eff', 'paper')}`),
    ];
  });
  const parts = [
    { key: 'volfrac', label: 'w_vol·a_vol', color: PALETTE[0] },
    { key: 'forcedist', label: 'w_force·a_force', color: PALETTE[1] },
    { key: 'rmin', label: 'w_rmin·a_rmin', color: PALETTE[2] },
    { key: 'rag', label: 'w_rag·searched', color: PALETTE[3] },
  ];
  const blocks: Block[] = [
    { kind: 'h2', text: 'RAG: weighted score per prompt × condition, both protocols' },
    {
      kind: 'table',
      header: ['agent / model', 'corpus & prompts', 'prompt', 'condition', 'n', 'S_RAG engiai (mean ± sample std)', 'S_RAG paper (mean ± population std)', 'paper − engiai', 'TC engiai', 'TC paper', 'memorisation'],
      rows,
      caption:
        'S_RAG = Σ w_i·a_i^eff + w_rag·1(search_documents called); parameters count only when the agent searched (paper Appendix A.2). Every trial is scored from its trace under both protocols; "corpus & prompts" is the protocol the trial ran under.',
    },
    { kind: 'h3', text: 'Components' },
    { kind: 'table', header: ['agent / model', 'corpus & prompts', 'prompt', 'condition', 'n', 'searched', 'volfrac a / a_eff (engiai · paper)', 'forcedist a / a_eff (engiai · paper)', 'rmin a / a_eff (engiai · paper)'], rows: compRows },
  ];
  for (const key of [...new Set(cs.map((c) => `${c.model}|${c.protocol}`))]) {
    const [m, protocol] = key.split('|');
    const mine = cs.filter((c) => c.model === m && c.protocol === protocol && c.condition !== 'off');
    const cats = mine.map((c) => `${c.prompt} ${c.condition}`);
    const values = mine.map((c) => parts.map((part) => mean(c.trials.map((t) => t.score.parts[part.key] ?? 0)) || 0));
    blocks.push({
      kind: 'figure',
      file: `figures/rag-${m.replace(/[^A-Za-z0-9._-]/g, '_')}-${protocol}.svg`,
      svg: stackedBars(`RAG weighted score: ${m} (${protocol} corpus, ${protocol} scoring)`, cats, parts, values),
      caption: `Weighted score contributions per prompt and condition (paper Figure 6), ${m}, ${protocol} protocol; RAG-off scores 0 by the gate and is left out.`,
    });
  }
  blocks.push({ kind: 'h2', text: 'Deviations from the paper (RAG)' }, { kind: 'list', items: RAG_DEVIATIONS });
  return blocks;
}

function protocolCell(scores: readonly { s_rag: number; tc: number; searched: number }[]): Record<string, number> {
  return { s_rag: mean(scores.map((s) => s.s_rag)), tc: mean(scores.map((s) => s.tc)), searched: mean(scores.map((s) => s.searched)) };
}

export function ragSummary(trials: readonly RagReportTrial[], extra: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    suite: 'rag',
    n: trials.length,
    s_rag: mean(trials.map((t) => t.score.s_rag)),
    cells: cellsOf(trials).map((c) => ({
      problem: 'beams2d',
      model: c.model,
      prompt: c.prompt,
      condition: c.condition,
      protocol: c.protocol,
      configHash: c.configHash ?? extra.configHash,
      n: c.trials.length,
      s_rag: mean(c.trials.map((t) => t.score.s_rag)),
      searched: mean(c.trials.map((t) => t.score.searched)),
      ...(c.protocol === 'paper' ? { memorisable: true } : {}),
      paper: protocolCell(c.trials.map((t) => t.score.paper)),
      engiai: protocolCell(c.trials.map((t) => t.score.engiai)),
    })),
    ...extra,
  };
}
