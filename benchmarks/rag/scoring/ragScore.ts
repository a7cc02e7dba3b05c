/**
 * One RAG trial scored under both protocols (pure): `paper` (scoreRagPaper.ts) and `engiai`
 * (scoreRagEngiai.ts), with the run's own protocol's numbers also at the top level (what the web UI
 * and `bench compare` read).
 */
import type { TraceCall } from '../../agents/traceCalls.ts';
import type { Protocol } from '../../runner/protocol.ts';
import type { RagSample } from '../schema.ts';
import type { RagProtocolScore } from './scoreRag.ts';
import { scoreRagEngiai } from './scoreRagEngiai.ts';
import { scoreRagPaper } from './scoreRagPaper.ts';

export type RagScore = RagProtocolScore & {
  protocol: Protocol;
  paper: RagProtocolScore;
  engiai: RagProtocolScore;
  searches: number;
  calls: number;
};

export function scoreRag(sample: RagSample, calls: readonly TraceCall[]): RagScore {
  const paper = scoreRagPaper(sample, calls);
  const engiai = scoreRagEngiai(sample, calls);
  const own = sample.protocol === 'paper' ? paper : engiai;
  return { ...own, protocol: sample.protocol, paper, engiai, searches: calls.filter((c) => c.name === 'search_documents').length, calls: calls.length };
}
