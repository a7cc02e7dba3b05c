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
  /** The protocol whose numbers are at the top level: the trial's own, or the one `bench score --protocol` asks for. */
  protocol: Protocol;
  paper: HpcPaperScore;
  engiai: HpcEngiaiScore;
  calls: number;
};

export function scoreHpc(sample: HpcSample, calls: readonly TraceCall[], events: readonly TraceEvent[] = [], top: Protocol = sample.protocol): HpcScore {
  const paper = scoreHpcPaper(sample, calls, events);
  const engiai = scoreHpcEngiai(sample, calls);
  const own = top === 'paper' ? paper : engiai;
  const { s_hpc, tc, steps, n_completed, c_config, n_metrics, weights } = own;
  return { s_hpc, tc, steps, n_completed, c_config, n_metrics, weights, protocol: top, paper, engiai, calls: calls.length };
}
