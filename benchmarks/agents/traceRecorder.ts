/**
 * Records an agent run's event stream (agents' Tracer) into a benchmark trial's trace: every event
 * but streamed tokens and per-iteration progress, with the model's tool-call ids replaced by their
 * order of appearance (c1, c2, …) so traces of identical runs compare equal up to timings. The
 * runner stamps each event with the milliseconds since the trial started.
 */
import type { AgentEvent, TraceProcessor } from '../../agents/index.ts';

const DROPPED = new Set(['token', 'progress', 'node_start', 'node_end']);

export class TraceRecorder implements TraceProcessor {
  private readonly ids = new Map<string, string>();
  /** Tool results in order (for the designs a trial stored). */
  readonly results: Extract<AgentEvent, { type: 'tool_result' }>[] = [];
  /** Tokens of the model calls seen. */
  readonly tokens = { calls: 0, input: 0, output: 0 };

  constructor(private readonly record: (type: string, data: Record<string, unknown>) => void) {}

  private idOf(raw: string): string {
    let id = this.ids.get(raw);
    if (!id) this.ids.set(raw, (id = `c${this.ids.size + 1}`));
    return id;
  }

  onEvent(event: AgentEvent): void {
    if (DROPPED.has(event.type)) return;
    const { type, t: _t, ...body } = event as AgentEvent & Record<string, unknown>;
    if (event.type === 'tool_call' || event.type === 'tool_result') body.id = this.idOf(event.id);
    if (event.type === 'tool_result') this.results.push(event);
    if (event.type === 'model_call') {
      this.tokens.calls++;
      this.tokens.input += event.inputTokens;
      this.tokens.output += event.outputTokens;
    }
    this.record(type, body);
  }
}
