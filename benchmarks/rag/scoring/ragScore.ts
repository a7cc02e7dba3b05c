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
  /** The protocol whose numbers are at the top level: the trial's own, or the one `bench score --protocol` asks for. */
  protocol: Protocol;
  paper: RagProtocolScore;
  engiai: RagProtocolScore;
  searches: number;
  calls: number;
};

export function scoreRag(sample: RagSample, calls: readonly TraceCall[], top: Protocol = sample.protocol): RagScore {
  const paper = scoreRagPaper(sample, calls);
  const engiai = scoreRagEngiai(sample, calls);
  const own = top === 'paper' ? paper : engiai;
  return { ...own, protocol: top, paper, engiai, searches: calls.filter((c) => c.name === 'search_documents').length, calls: calls.length };
}
