/**
 * S_RAG under the paper protocol, as the reference's RAG scorer reads a trial
 * (gioelemo/EngiAI-Public benchmarks/shared/scorers/rag_scorer.py, newest: paper Table 4 weights,
 * binary accuracy): each parameter's value is taken from the ARGUMENTS of the FIRST optimize_design
 * call that states it — flat, or nested in `problem_config` (ours: `conditions` or `config`), under
 * the reference's aliases — never from the tool's resolved defaults, so a design that relied on a
 * default states nothing. RAG called = any search_documents call. TC = search_documents and
 * optimize_design both called. Pure.
 */
import type { TraceCall } from '../../agents/traceCalls.ts';
import type { RagParam } from '../prompts.ts';
import type { RagSample } from '../schema.ts';
import { gatedScore, type RagProtocolScore } from './scoreRag.ts';

export const PAPER_ALIASES: Record<RagParam, string[]> = {
  volfrac: ['volfrac', 'volume_fraction', 'vol_frac', 'volume'],
  forcedist: ['forcedist', 'force_distribution', 'force_dist', 'forcedistribution'],
  rmin: ['rmin', 'filter_radius', 'r_min'],
};

const NESTED = ['problem_config', 'conditions', 'config'];

function fromArgs(args: Record<string, unknown>, aliases: readonly string[]): number | undefined {
  const places = [args, ...NESTED.map((k) => args[k]).filter((v): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v))];
  for (const o of places) {
    for (const a of aliases) {
      const v = o[a];
      if (v === null || v === undefined || v === '') continue;
      const n = Number(v);
      if (Number.isFinite(n)) return n;
    }
  }
  return undefined;
}

export function paperValues(calls: readonly TraceCall[]): Partial<Record<RagParam, number>> | null {
  const opts = calls.filter((c) => c.name === 'optimize_design');
  if (!opts.length) return null;
  const out: Partial<Record<RagParam, number>> = {};
  for (const p of Object.keys(PAPER_ALIASES) as RagParam[]) {
    for (const c of opts) {
      const v = fromArgs(c.args, PAPER_ALIASES[p]);
      if (v !== undefined) {
        out[p] = v;
        break;
      }
    }
  }
  return out;
}

export function scoreRagPaper(sample: RagSample, calls: readonly TraceCall[]): RagProtocolScore {
  const searched = calls.some((c) => c.name === 'search_documents') ? 1 : 0;
  const g = gatedScore(sample.prompt, sample.expected, paperValues(calls), searched);
  return { ...g, tc: searched && calls.some((c) => c.name === 'optimize_design') ? 1 : 0 };
}
