/**
 * S_RAG (paper Appendix A.2, benchmarks.md §3) and its parts, pure: Σ w_i·a_i^eff + w_rag·1(search_documents
 * called), a_i = 1(|v − v*| ≤ τ), a_i^eff = a_i only if the agent searched. The two protocols differ
 * only in which values v are read (scoreRagEngiai, scoreRagPaper) and in TC.
 */
import { RAG_TOLERANCE, RAG_WEIGHTS, type RagParam, type RagPrompt } from '../prompts.ts';

export interface RagProtocolScore {
  s_rag: number;
  /** engiai: searched and every parameter right; paper: search_documents and optimize_design both called. */
  tc: number;
  searched: number;
  /** Per parameter: raw accuracy a_i (1/0) and the value used (null: none found). */
  params: Partial<Record<RagParam, { used: number | null; expected: number; a: number; a_eff: number; weight: number }>>;
  /** Weighted contributions, for the stacked bars. */
  parts: Record<string, number>;
}

export function gatedScore(prompt: RagPrompt, expected: Partial<Record<RagParam, number>>, used: Partial<Record<RagParam, number>> | null, searched: number): Omit<RagProtocolScore, 'tc'> {
  const w = RAG_WEIGHTS[prompt];
  const params: RagProtocolScore['params'] = {};
  const parts: Record<string, number> = { rag: w.rag * searched };
  let s = w.rag * searched;
  for (const [name, weight] of Object.entries(w.params) as [RagParam, number][]) {
    const target = expected[name]!;
    const v = used && typeof used[name] === 'number' && Number.isFinite(used[name]) ? used[name] : null;
    const a = v !== null && Math.abs(v - target) <= RAG_TOLERANCE[name] + 1e-9 ? 1 : 0;
    const a_eff = searched ? a : 0;
    params[name] = { used: v, expected: target, a, a_eff, weight };
    parts[name] = weight * a_eff;
    s += weight * a_eff;
  }
  return { s_rag: s, searched, params, parts };
}
