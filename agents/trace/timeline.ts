/**
 * The live timeline `engiai chat` prints: one line per node, hand-off, tool call and result, the
 * optimizer's progress every few iterations, and the answer streamed token by token. Pure
 * formatting: it writes through the function it is given (the CLI passes stdout), everything
 * through terminalSafe, so tool, printer and model text cannot drive the terminal.
 */
import { terminalSafe } from '../../tools/terminalText.ts';
import type { AgentEvent, TraceProcessor } from './agentEvent.ts';
import { readableCitations } from './readableCitations.ts';

const ms = (v: number) => (v >= 1000 ? `${(v / 1000).toFixed(1)} s` : `${Math.round(v)} ms`);
const clip = (s: string, n = 160) => (s.length > n ? `${s.slice(0, n)}…` : s);

/** The fields the tool declared worth showing, one line. */
function gist(highlights: Record<string, unknown>): string {
  const error = highlights.error as { message?: string } | undefined;
  if (error) return clip(`error: ${error.message ?? JSON.stringify(error)}`);
  const parts = Object.entries(highlights).map(([k, v]) => `${k}=${typeof v === 'string' ? v : JSON.stringify(v)}`);
  return clip(parts.join(' '), 400);
}

export class TimelinePrinter implements TraceProcessor {
  private streamingAgent: string | null = null;
  private streamed = '';
  private progressEvery: number;
  private readonly write: (text: string) => void;

  constructor(write: (text: string) => void, opts: { progressEvery?: number } = {}) {
    this.write = (text) => write(terminalSafe(text));
    this.progressEvery = opts.progressEvery ?? 10;
  }

  private line(text: string): void {
    if (this.streamingAgent) this.write('\n');
    this.streamingAgent = null;
    this.write(`${text}\n`);
  }

  onEvent(e: AgentEvent): void {
    switch (e.type) {
      case 'run_start':
        this.streamed = '';
        return this.line(e.resume ? `▶ resuming thread ${e.threadId}` : `▶ thread ${e.threadId}`);
      case 'handoff':
        return this.line(`→ supervisor hands off to ${e.to}`);
      case 'handback':
        return this.line(`← ${e.from} reports back`);
      case 'model_call':
        return this.line(`  · ${e.agent} model ${ms(e.latencyMs)}, ${e.inputTokens}+${e.outputTokens} tokens${e.toolCalls.length ? ` → ${e.toolCalls.join(', ')}` : ''}${e.repairs.length ? ` (history repaired: ${e.repairs.length})` : ''}`);
      case 'tool_call':
        return this.line(`  ⚙ ${e.agent}.${e.name} ${clip(JSON.stringify(e.args))}`);
      case 'tool_result':
        return this.line(`  ${e.ok ? '✓' : '✗'} ${e.name} ${ms(e.durationMs)} ${gist(e.highlights)}`);
      case 'progress':
        // a step counts from 0 and is shown from 1, never past the total; total 0: no known end, the label says where it stands
        if (e.step % this.progressEvery === 0) this.line(`    ${e.tool} ${e.total > 0 ? `step ${Math.min(e.step + 1, e.total)}/${e.total}` : (e.label ?? 'working')}${e.total > 0 && e.value !== undefined ? ` ${e.label ?? 'value'} ${e.value.toPrecision(6)}` : ''}`);
        return;
      case 'reply':
        return this.line(`  ↳ ${e.kind === 'approval' ? 'approval' : e.declined ? 'question' : 'answer'}: ${clip(e.text)}`);
      case 'token':
        if (e.agent !== 'supervisor') return;
        if (this.streamingAgent !== e.agent) {
          this.line('');
          this.streamingAgent = e.agent;
        }
        this.streamed += e.text;
        return this.write(e.text);
      case 'answer': {
        const { text, sources } = readableCitations(e.content);
        const list = sources.length ? `\nSources:\n${sources.map((s) => `  ${s}`).join('\n')}` : '';
        if (this.streamed.trim() && e.content.trim().startsWith(this.streamed.trim().slice(0, 40))) return this.line(list);
        return this.line(`\n${text}${list}`);
      }
      case 'interrupt':
        return this.line(`? ${e.kind === 'approval' ? 'approval needed' : 'question'} from ${e.payload.agent}: ${e.payload.question}`);
      case 'stopped':
        return this.line(`■ stopped: ${e.reason}`);
      case 'run_end':
        return this.line(`■ ${e.status} in ${ms(e.durationMs)}`);
      default:
        return;
    }
  }
}
