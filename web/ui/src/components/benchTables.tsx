/** Tables of the Benchmarks page: per-cell summaries (TC, CO or the suite's score) and a run's trials. */
import { href } from '../router.ts';
import type { BenchCell } from '../benchApi.ts';

const f2 = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v.toFixed(2) : '–');

/** The cell's group label: style and problem (workflow, with a held-out paraphrase set named), prompt and condition (RAG), style (HPC). */
export const cellGroup = (c: BenchCell) => [c.problem, c.style, c.prompt, c.condition, c.paraphrases && c.paraphrases !== 'main' ? c.paraphrases : ''].filter(Boolean).join(' · ');

/** The metrics a suite's cells show, in order. */
export const CELL_METRICS: Record<string, string[]> = {
  workflow: ['tc', 'co', 's_design', 's_tool', 'iou', 'wt'],
  rag: ['s_rag', 'searched'],
  hpc: ['s_hpc', 'generate', 'submit', 'monitor', 'evaluate', 'c_config'],
  reasoning: ['accuracy', 'step_f1'],
};

/**
 * Why a metric does not apply to a cell (shown as "n/a" with the reason), or null. Natural prompts
 * leave the conditions open: the right move is to ask, no design is made, and S_design counts the
 * question as 1 — IoU and WT of no design are not failures. Watertightness is of an exported STL,
 * which only the W- styles ask for.
 */
export function notApplicable(suite: string, cell: BenchCell, metric: string): string | null {
  if (suite !== 'workflow') return null;
  const style = String(cell.style ?? '');
  if (style === 'Natural' && (metric === 'iou' || metric === 'wt')) return 'does not apply to Natural prompts: they leave the conditions open, the right move is to ask, so no design is made (S_design counts the question as 1)';
  if (metric === 'wt' && style && !style.startsWith('W-')) return `does not apply to ${style}: it asks for no STL export (watertightness is of the W- styles' exports)`;
  return null;
}

export interface CellRow {
  runId: string;
  suite: string;
  cell: BenchCell;
}

export function CellsTable({ rows }: { rows: CellRow[] }) {
  const metrics = [...new Set(rows.flatMap((r) => CELL_METRICS[r.suite] ?? []))];
  return (
    <table class="bench-table cells">
      <thead>
        <tr>
          <th>suite</th>
          <th>cell</th>
          <th>agent / model</th>
          <th>n</th>
          {metrics.map((m) => (
            <th key={m}>{m.startsWith('s_') ? m : m.toUpperCase()}</th>
          ))}
          <th>run</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((r, i) => (
          <tr key={i} data-suite={r.suite} data-style={r.cell.style ?? ''} data-model={r.cell.model}>
            <td>{r.suite}</td>
            <td>{cellGroup(r.cell)}</td>
            <td>{r.cell.model}</td>
            <td>{r.cell.n}</td>
            {metrics.map((m) => {
              const na = notApplicable(r.suite, r.cell, m);
              return (
                <td key={m} class={[m === 'tc' ? 'metric-tc' : '', na ? 'na' : ''].filter(Boolean).join(' ') || undefined} data-metric={m} title={na ? `${m.toUpperCase()} ${na}` : undefined}>
                  {na ? 'n/a' : f2(r.cell[m])}
                </td>
              );
            })}
            <td>
              <a href={href('benchmarks', r.runId)}>open</a>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

const TRIAL_METRICS = ['s_completion', 'co', 's_design', 's_tool', 's_rag', 's_hpc', 'failure'];

export function TrialsTable({ runId, trials }: { runId: string; trials: Record<string, unknown>[] }) {
  const metrics = TRIAL_METRICS.filter((m) => trials.some((t) => t[m] !== undefined));
  return (
    <table class="bench-table trials">
      <thead>
        <tr>
          <th>trial</th>
          <th>agent / model</th>
          {metrics.map((m) => (
            <th key={m}>{m === 's_completion' ? 'TC' : m}</th>
          ))}
        </tr>
      </thead>
      <tbody>
        {trials.map((t) => (
          <tr key={String(t.trialId)} data-trial={String(t.trialId)}>
            <td>
              <a class="trial-link" href={href('benchmarks', runId, String(t.trialId))}>
                {String(t.trialId)}
              </a>
            </td>
            <td>{String(t.model ?? '')}</td>
            {metrics.map((m) => (
              <td key={m}>{typeof t[m] === 'number' ? f2(t[m]) : String(t[m] ?? '')}</td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
