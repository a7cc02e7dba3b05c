/**
 * What a workflow trace holds, read for scoring (pure): the sample, the specialists' tool calls
 * paired with their results, the designs the trial stored, how the turn ended, and the model calls.
 * A call still open when the turn stopped on a question is the question itself: it reached the
 * person, so it counts as made.
 */
import type { Design } from '../../../tools/engineering/problem.ts';
import type { ConfigValues } from '../../../tools/engineering/constraint.ts';
import { eventsOf, type Trace, type TraceEvent } from '../../trace/index.ts';
import { designEventSchema, sampleEventSchema, toolCallEventSchema, toolResultEventSchema, turnEventSchema, type WorkflowSample } from '../schema.ts';

export interface CallRecord {
  agent: string;
  name: string;
  args: Record<string, unknown>;
  ok: boolean;
  /** The tool's result (null while pending). */
  result: Record<string, unknown> | null;
  /** The call that was waiting for the person when the turn stopped. */
  pending: boolean;
}

export interface TraceView {
  sample: WorkflowSample;
  /** Calls of specialists (not the supervisor's hand-offs), in order. */
  calls: CallRecord[];
  designs: Map<string, { design: Design; config: ConfigValues }>;
  turn: { status: string; answer: string | null };
  modelCalls: number;
  inputTokens: number;
  outputTokens: number;
  /** List-price cost of the trial's model calls (0 for scripted, offline and local models). */
  costUsd: number;
  durationMs: number;
}

export function decodeDesign(shape: Design['shape'], base64: string): Design {
  const bytes = Buffer.from(base64, 'base64');
  const cells = shape.reduce((a, b) => a * b, 1);
  if (bytes.length !== 8 * cells) throw new Error(`design event: shape [${shape.join(', ')}] needs ${8 * cells} bytes, got ${bytes.length}`);
  const data = new Float64Array(bytes.length / 8);
  for (let i = 0; i < data.length; i++) data[i] = bytes.readDoubleLE(8 * i);
  return { shape, data };
}

export function encodeDesign(d: Design): string {
  const buf = Buffer.alloc(8 * d.data.length);
  for (let i = 0; i < d.data.length; i++) buf.writeDoubleLE(d.data[i], 8 * i);
  return buf.toString('base64');
}

export function readWorkflowTrace(trace: Trace): TraceView {
  return readWorkflowEvents(trace.events, trace.header.trialId, trace.end.durationMs);
}

/** The same view from a trial's events (the runner reads it live, for the progress bar's running TC). */
export function readWorkflowEvents(events: readonly TraceEvent[], trialId: string, durationMs: number): TraceView {
  const trace = { events } as unknown as Trace;
  const sampleEvent = eventsOf(trace, 'sample').at(-1);
  if (!sampleEvent) throw new Error(`trace ${trialId}: no sample event`);
  const sample = sampleEventSchema.parse(sampleEvent).sample;
  const results = new Map(eventsOf(trace, 'tool_result').map((e) => toolResultEventSchema.parse(e)).map((r) => [r.id, r]));
  const turnEvent = eventsOf(trace, 'turn').at(-1);
  const turn = turnEvent ? turnEventSchema.parse(turnEvent) : { status: 'error', answer: null };
  const calls: CallRecord[] = [];
  for (const c of eventsOf(trace, 'tool_call').map((e) => toolCallEventSchema.parse(e))) {
    if (c.agent === 'supervisor' || c.name.startsWith('transfer_to_')) continue;
    const r = results.get(c.id);
    const pending = !r && turn.status === 'interrupted';
    calls.push({ agent: c.agent, name: c.name, args: (c.args ?? {}) as Record<string, unknown>, ok: r ? r.ok : pending, result: r ? ((r.result ?? {}) as Record<string, unknown>) : null, pending });
  }
  const designs = new Map<string, { design: Design; config: ConfigValues }>();
  for (const e of eventsOf(trace, 'design')) {
    const d = designEventSchema.parse(e);
    designs.set(d.designId, { design: decodeDesign(d.shape, d.data), config: d.config });
  }
  const models = eventsOf(trace, 'model_call') as unknown as { inputTokens?: number; outputTokens?: number }[];
  return {
    sample,
    calls,
    designs,
    turn: { status: turn.status, answer: turn.answer },
    modelCalls: models.length,
    inputTokens: models.reduce((s, m) => s + (m.inputTokens ?? 0), 0),
    outputTokens: models.reduce((s, m) => s + (m.outputTokens ?? 0), 0),
    costUsd: Number((eventsOf(trace, 'usage').at(-1) as { costUsd?: number } | undefined)?.costUsd ?? 0),
    durationMs,
  };
}
