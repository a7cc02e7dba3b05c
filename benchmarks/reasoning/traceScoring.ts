/**
 * Scores one reasoning trace (pure): the sample, the agent's response, the stored semantic scores
 * and the stored judge reply all come from the trace, so re-scoring needs no model.
 */
import { eventsOf, type Trace } from '../trace/index.ts';
import { judgeEventSchema, responseEventSchema, sampleEventSchema, semanticEventSchema, type Sample } from './schema.ts';
import { scoreTrial, type TrialScore } from './scoring/scoreTrial.ts';

export interface ScoredReasoningTrial {
  trialId: string;
  model: string;
  seed: number;
  sample: Sample;
  score: TrialScore;
}

export interface RescoreOptions {
  tau?: number;
  /** Ignore stored embedding scores and use the lexical score. */
  lexical?: boolean;
}

function last<T>(list: T[]): T | undefined {
  return list[list.length - 1];
}

/** The scored trial, or undefined for a trace that ended in an error (reported as a failure). */
export function scoreReasoningTrace(trace: Trace, options: RescoreOptions = {}): ScoredReasoningTrial | undefined {
  if (trace.end.status !== 'ok') return undefined;
  const where = `trace ${trace.header.trialId}`;
  const sampleEvent = last(eventsOf(trace, 'sample'));
  const responseEvent = last(eventsOf(trace, 'response'));
  if (!sampleEvent || !responseEvent) throw new Error(`${where}: missing sample or response event`);
  const { sample } = sampleEventSchema.parse(sampleEvent);
  const response = responseEventSchema.parse(responseEvent);
  const semanticEvent = last(eventsOf(trace, 'semantic'));
  const semantic = semanticEvent && !options.lexical ? semanticEventSchema.parse(semanticEvent) : undefined;
  const judgeEvent = last(eventsOf(trace, 'judge'));
  const judge = judgeEvent ? judgeEventSchema.parse(judgeEvent) : undefined;
  const score = scoreTrial(sample, response.text, { semantic, tau: options.tau, judgeReply: judge?.reply });
  return { trialId: trace.header.trialId, model: trace.header.model, seed: trace.header.seed, sample, score };
}
