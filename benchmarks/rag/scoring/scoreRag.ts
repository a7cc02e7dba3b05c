/**
 * S_RAG (paper Appendix A.2, benchmarks.md §3), pure: Σ w_i·a_i^eff + w_rag·1(search_documents
 * called), a_i = 1(|v − v*| ≤ τ) for the values the agent's design used (the last optimize_design
 * call: the tool's resolved conditions when it ran, else its arguments), a_i^eff = a_i only if the
 * agent searched. Every component is reported.
 */
import type { TraceCall } from '../../agents/traceCalls.ts';
import { RAG_TOLERANCE, RAG_WEIGHTS, type RagParam } from '../prompts.ts';
import type { RagSample } from '../schema.ts';

export interface RagScore {
  s_rag: number;
  searched: number;
  /** Per parameter: raw accuracy a_i (1/0) and the value used (null: no design call). */
  params: Partial<Record<RagParam, { used: number | null; expected: number; a: number; a_eff: number; weight: number }>>;
  /** Weighted contributions, for the stacked bars. */
  parts: Record<string, number>;
  searches: number;
  calls: number;
}

function usedValues(calls: readonly TraceCall[]): Record<string, number> | null {
  const opt = [...calls].reverse().find((c) => c.name === 'optimize_design') ?? [...calls].reverse().find((c) => c.name === 'create_problem');
  if (!opt) return null;
  const fromResult = opt.ok ? (opt.result?.conditions as Record<string, number> | undefined) : undefined;
  return fromResult ?? ((opt.args.conditions ?? {}) as Record<string, number>);
}

export function scoreRag(sample: RagSample, calls: readonly TraceCall[]): RagScore {
  const w = RAG_WEIGHTS[sample.prompt];
  const searches = calls.filter((c) => c.name === 'search_documents').length;
  const searched = searches > 0 ? 1 : 0;
  const used = usedValues(calls);
  const params: RagScore['params'] = {};
  const parts: Record<string, number> = { rag: w.rag * searched };
  let s = w.rag * searched;
  for (const [name, weight] of Object.entries(w.params) as [RagParam, number][]) {
    const expected = sample.expected[name]!;
    const v = used && typeof used[name] === 'number' ? used[name] : null;
    const a = v !== null && Math.abs(v - expected) <= RAG_TOLERANCE[name] + 1e-9 ? 1 : 0;
    const a_eff = searched ? a : 0;
    params[name] = { used: v, expected, a, a_eff, weight };
    parts[name] = weight * a_eff;
    s += weight * a_eff;
  }
  return { s_rag: s, searched, params, parts, searches, calls: calls.length };
}
