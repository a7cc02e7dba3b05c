/**
 * One HPC trial scored under both protocols (pure): `paper` (scoreHpcPaper.ts) and `engiai`
 * (scoreHpc.ts), with the run's own protocol's numbers also at the top level (what the web UI and
 * `bench compare` read).
 */
import type { TraceCall } from '../../agents/traceCalls.ts';
import type { Protocol } from '../../runner/protocol.ts';
import type { TraceEvent } from '../../trace/index.ts';
import type { HpcSample } from '../schema.ts';
import { scoreHpcEngiai, type HpcEngiaiScore } from './scoreHpc.ts';
import { scoreHpcPaper, type HpcPaperScore } from './scoreHpcPaper.ts';

export type HpcScore = HpcEngiaiScore & {
  /** The protocol the trial ran under (its numbers are the ones at the top level). */
  protocol: Protocol;
  paper: HpcPaperScore;
  engiai: HpcEngiaiScore;
  calls: number;
};

export function scoreHpc(sample: HpcSample, calls: readonly TraceCall[], events: readonly TraceEvent[] = []): HpcScore {
  const paper = scoreHpcPaper(sample, calls, events);
  const engiai = scoreHpcEngiai(sample, calls);
  const own = sample.protocol === 'paper' ? paper : engiai;
  const { s_hpc, tc, steps, n_completed, c_config, n_metrics, weights } = own;
  return { s_hpc, tc, steps, n_completed, c_config, n_metrics, weights, protocol: sample.protocol, paper, engiai, calls: calls.length };
}
