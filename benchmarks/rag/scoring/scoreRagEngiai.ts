/**
 * S_RAG under the engiai protocol: the values are the ones the agent's design used — the resolved
 * conditions of its LAST optimize_design call (defaults included) when it ran, else its arguments;
 * create_problem when it never optimized. TC: searched and every parameter within τ. Pure.
 */
import type { TraceCall } from '../../agents/traceCalls.ts';
import type { RagSample } from '../schema.ts';
import { gatedScore, type RagProtocolScore } from './scoreRag.ts';

function usedValues(calls: readonly TraceCall[]): Record<string, number> | null {
  const opt = [...calls].reverse().find((c) => c.name === 'optimize_design') ?? [...calls].reverse().find((c) => c.name === 'create_problem');
  if (!opt) return null;
  const fromResult = opt.ok ? (opt.result?.conditions as Record<string, number> | undefined) : undefined;
  return fromResult ?? ((opt.args.conditions ?? {}) as Record<string, number>);
}

export function scoreRagEngiai(sample: RagSample, calls: readonly TraceCall[]): RagProtocolScore {
  const searched = calls.some((c) => c.name === 'search_documents') ? 1 : 0;
  const g = gatedScore(sample.prompt, sample.expected, usedValues(calls), searched);
  const tc = searched && Object.values(g.params).every((p) => p!.a === 1) ? 1 : 0;
  return { ...g, tc };
}
