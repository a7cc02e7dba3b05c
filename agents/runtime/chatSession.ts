/**
 * Runs conversation turns on the supervisor graph: streams the graph's events to a Tracer, stops
 * at interrupts (clarification, approval) and resumes them, continues a run that a killed process
 * left unfinished, and turns a recursion error or a cancelled turn into a partial answer.
 */
import { AIMessage, HumanMessage, type BaseMessage } from '@langchain/core/messages';
import { validateHistory } from '../supervisor/validateHistory.ts';
import type { BaseChatModel } from '@langchain/core/language_models/chat_models';
import { Command, GraphRecursionError, type BaseCheckpointSaver, type StateSnapshot } from '@langchain/langgraph';
import type { AgentEvent, InterruptPayload, RunStatus } from '../trace/agentEvent.ts';
import { Tracer, type TraceProcessor } from '../trace/agentEvent.ts';
import type { Specialist } from '../specialists/specialist.ts';
import { compileSupervisorGraph, type SupervisorGraph } from '../supervisor/graph.ts';
import { LIVE_TOKENS } from '../supervisor/liveTokens.ts';
import { DIRECT_EVENTS } from '../supervisor/nodeKit.ts';
import type { Limits, SupervisorStateType } from '../supervisor/state.ts';
import type { TurnLeases } from './turnLeases.ts';
import { textOf } from '../supervisor/summarizeVisit.ts';
import { currentTurn, partialAnswer } from '../supervisor/turnView.ts';
import { EngiError, InputError, reasonOf } from '../../tools/errors.ts';
import { checkAnswer, checkDecision, decisionFor, isDecision, type ApprovalDecision } from '../supervisor/approvalDecision.ts';
import { interruptedRunQuestion } from './interruptedRun.ts';
import { sketchMessage, type Sketch } from '../sketch/sketchMessage.ts';
import { describeMarks } from '../sketch/sketchMarks.ts';
import { acceptsImages } from '../models/vision.ts';
import { installUntracedRunContext } from './untracedRunContext.ts';

export interface ChatSessionOptions {
  model: BaseChatModel;
  /** The model one agent speaks through (default `model`; the runtime gives the offline model a role per agent). */
  modelFor?: (agent: string) => BaseChatModel;
  modelName: string;
  checkpointer: BaseCheckpointSaver;
  specialists: Specialist[];
  limits?: Partial<Limits>;
  /** Tool names that need the person's approval before they run (default: each specialist's defaults). */
  approvals?: string[];
  /** Turn leases of the thread store, when several processes may share it. */
  leases?: TurnLeases;
  /** Processors that see every turn's events besides the caller's (exporters: OTLP), made afresh per turn. */
  turnProcessors?: () => TraceProcessor[];
}

export interface TurnInput {
  threadId: string;
  /**
   * A new message from the person: always a new request. A question or approval still pending is
   * declined first, visibly (never read as its answer). A run a killed process left unfinished is
   * not continued under it: the turn asks first (an approval of the interrupted call).
   */
  message?: string;
  /**
   * The answer to the pending interrupt: text for a clarification; for an approval a typed
   * decision bound to the pending call ({decision, callId, digest}: approvalDecision.ts, or
   * decisionFor(interrupt, 'approve')). Anything else is an InputError and nothing resumes.
   * With `message` only for the question about an interrupted run: decided first, then the message runs.
   */
  resume?: unknown;
  /**
   * A sketch sent with `message`: its marks go into the message as text; its PNG as an image part
   * when the session's model reads images (agents/models/vision.ts; the web UI says beforehand when it does not).
   */
  sketch?: Sketch;
  tracer?: Tracer;
  /** Stream model tokens as `token` events (default true; off saves per-step callback work). */
  streamTokens?: boolean;
  /** Wait for each checkpoint before the next step (default true: a killed process loses nothing). */
  durableSteps?: boolean;
  /**
   * Cancels the turn: the graph stops at once (the running model call and optimizer are aborted
   * with it), the partial answer closes the turn and the status is 'stopped'.
   */
  signal?: AbortSignal;
}

export interface TurnResult {
  threadId: string;
  status: RunStatus;
  /** The assistant's last answer in this turn, if it got that far. */
  answer: string | null;
  /** The question waiting for the person, when status is 'interrupted'. */
  interrupt: InterruptPayload | null;
  durationMs: number;
}

function interruptOf(snapshot: StateSnapshot): InterruptPayload | null {
  for (const task of snapshot.tasks ?? []) {
    for (const i of task.interrupts ?? []) return i.value as InterruptPayload;
  }
  return null;
}

/** How many times one new message declines a specialist that keeps asking. */
const MAX_DECLINES = 3;

/** The resume value for a pending interrupt, checked: a bound decision for an approval, text for a question. */
function checkResume(value: unknown, pending: InterruptPayload): unknown {
  if (pending.kind === 'approval' || isDecision(value)) return checkDecision(value, pending);
  return checkAnswer(value);
}

function lastAnswer(messages: BaseMessage[]): string | null {
  const m = messages[messages.length - 1];
  return m && m.getType() === 'ai' && !(m as { tool_calls?: unknown[] }).tool_calls?.length ? textOf(m) : null;
}

/** The calls of one run as its events tell them: what finished ok (its results are stored) and what was still running. */
class CallLog {
  private readonly calls = new Map<string, { agent: string; name: string; ok?: boolean }>();
  onEvent(e: AgentEvent): void {
    if (e.type === 'tool_call' && !this.calls.has(e.id)) this.calls.set(e.id, { agent: e.agent, name: e.name });
    if (e.type === 'tool_result') this.calls.set(e.id, { agent: e.agent, name: e.name, ok: e.ok });
  }

  /** What a stopped run kept, in words, or null when no call ran. */
  kept(): string | null {
    const all = [...this.calls.values()];
    if (!all.length) return null;
    const finished = all.filter((c) => c.ok === true).map((c) => `${c.agent}.${c.name}`);
    const open = all.filter((c) => c.ok === undefined).map((c) => `${c.agent}.${c.name}`);
    return `Kept: ${finished.length ? finished.join(', ') : 'no finished call'}${open.length ? `; stopped in ${open.join(', ')} (its partial work is not kept)` : ''}.`;
  }
}

export class ChatSession {
  readonly graph: SupervisorGraph;
  readonly limits: Limits;
  readonly modelName: string;
  private readonly leases?: TurnLeases;
  private readonly turnProcessors?: () => TraceProcessor[];

  constructor(opts: ChatSessionOptions) {
    // no LangSmith run tree per node call when nothing traces (untracedRunContext.ts)
    installUntracedRunContext();
    const compiled = compileSupervisorGraph(
      { model: opts.model, modelFor: opts.modelFor, modelName: opts.modelName, specialists: opts.specialists, limits: opts.limits, approvals: opts.approvals },
      opts.checkpointer,
    );
    this.graph = compiled.graph;
    this.limits = compiled.limits;
    this.modelName = opts.modelName;
    this.leases = opts.leases;
    this.turnProcessors = opts.turnProcessors;
  }

  private config(threadId: string) {
    return { configurable: { thread_id: threadId } };
  }

  async state(threadId: string): Promise<StateSnapshot> {
    return this.graph.getState(this.config(threadId));
  }

  async messages(threadId: string): Promise<BaseMessage[]> {
    return ((await this.state(threadId)).values as SupervisorStateType).messages ?? [];
  }

  /** The question waiting for the person: a graph interrupt, or whether to run again what a killed process left running. */
  async pendingInterrupt(threadId: string): Promise<InterruptPayload | null> {
    return this.pendingOf(await this.state(threadId));
  }

  private pendingOf(snapshot: StateSnapshot): InterruptPayload | null {
    return interruptOf(snapshot) ?? ((snapshot.next?.length ?? 0) > 0 ? interruptedRunQuestion(snapshot) : null);
  }

  /** Ends a stopped turn: the partial answer becomes the supervisor's reply, nothing stays pending. */
  private async closeTurn(threadId: string, answer: string): Promise<void> {
    const messages = await this.messages(threadId);
    const { messages: valid } = validateHistory(messages);
    const added = valid.filter((m) => !messages.some((x) => x.id !== undefined && x.id === m.id));
    await this.graph.updateState(
      this.config(threadId),
      { messages: [...added, new AIMessage({ content: answer, name: 'supervisor' })], agentMessages: null, activeAgent: null, activeCallId: null, task: '' },
      'supervisor',
    );
  }

  async runTurn(input: TurnInput): Promise<TurnResult> {
    const lease = await this.leases?.acquire(input.threadId);
    try {
      const extra = this.turnProcessors?.() ?? [];
      if (!extra.length) return await this.turn(input);
      // the caller's tracer first, then the exporters: each turn's events, in order
      const caller = input.tracer;
      return await this.turn({ ...input, tracer: new Tracer([{ onEvent: (e) => caller?.emit(e) }, ...extra]) });
    } finally {
      await lease?.release();
    }
  }

  private async turn(input: TurnInput): Promise<TurnResult> {
    const tracer = input.tracer ?? new Tracer();
    const snapshot = await this.state(input.threadId);
    const pending = interruptOf(snapshot);
    const unfinished = !pending && (snapshot.next?.length ?? 0) > 0;
    if (unfinished) return this.unfinishedTurn(snapshot, input, tracer);
    if (input.resume !== undefined && pending) {
      if (input.message !== undefined) throw new InputError('give either the answer to the pending question ("resume") or a new message, not both', { field: 'message' });
      return this.stream(input.threadId, new Command({ resume: checkResume(input.resume, pending) }), tracer, null, input);
    }
    if (input.resume !== undefined) return this.stream(input.threadId, new Command({ resume: input.resume }), tracer, null, input);
    if (input.message !== undefined && pending) {
      // a new message is a new request: what was pending is declined, visibly, then the message runs
      const declined = await this.declinePending(input, pending, tracer);
      if (declined.status !== 'done' && declined.status !== 'stopped') return declined;
    }
    // a new message enters as an update routed to the supervisor: the same state as the START edge
    // gives, without LangGraph's extra __start__ superstep (one checkpoint less per turn)
    if (input.message !== undefined) return this.stream(input.threadId, new Command({ update: { messages: [this.humanMessage(input)] }, goto: 'supervisor' }), tracer, input.message, input);
    return { threadId: input.threadId, status: pending ? 'interrupted' : 'done', answer: lastAnswer(await this.messages(input.threadId)), interrupt: pending, durationMs: 0 };
  }

  /** What the turn's sketch held, in words, and whether its image went to the model. */
  private sketchNote(sketch: Sketch): string {
    const image = !sketch.png ? '' : acceptsImages(this.modelName) ? ', its image sent to the model' : `; its image was not sent (${this.modelName} reads no images)`;
    return `a sketch on ${sketch.marks.problem}'s domain: ${describeMarks(sketch.marks)}${image}`;
  }

  /** The person's message, with the sketch's marks and (for a model that reads images) its PNG. */
  private humanMessage(input: TurnInput): HumanMessage {
    if (!input.sketch) return new HumanMessage(input.message!);
    return sketchMessage(input.message!, input.sketch, acceptsImages(this.modelName));
  }

  /**
   * Declines what is pending because the person sent a new message instead of answering: the
   * waiting tool gets a deny naming the reason (an approval does not run, a question is not
   * answered). A specialist that asks again is declined again, a bounded number of times.
   */
  private async declinePending(input: TurnInput, pending: InterruptPayload, tracer: Tracer): Promise<TurnResult> {
    const reason = `a new message came instead of an answer ("${input.message!.length > 60 ? `${input.message!.slice(0, 57)}…` : input.message}")`;
    let result: TurnResult | null = null;
    let asked: InterruptPayload | null = pending;
    for (let i = 0; asked && i < MAX_DECLINES; i++) {
      const deny: ApprovalDecision | string = asked.callId && asked.digest ? decisionFor(asked, 'deny', reason) : `(no answer: ${reason})`;
      result = await this.stream(input.threadId, new Command({ resume: deny }), tracer, null, input);
      asked = result.status === 'interrupted' ? result.interrupt : null;
    }
    return result!;
  }

  /**
   * A run a killed process left unfinished. Continued without asking only when the caller asks
   * for just that (no message, no answer); a new message gets the question first: run the
   * interrupted call again, or drop it. The answer is a decision bound to that question; the
   * message (given again with it) runs after.
   */
  private async unfinishedTurn(snapshot: StateSnapshot, input: TurnInput, tracer: Tracer): Promise<TurnResult> {
    if (input.message === undefined && input.resume === undefined) return this.stream(input.threadId, null, tracer, null, input);
    const question = interruptedRunQuestion(snapshot);
    if (input.resume === undefined) {
      tracer.emit({ type: 'interrupt', t: Date.now(), kind: question.kind, payload: question });
      return { threadId: input.threadId, status: 'interrupted', answer: null, interrupt: question, durationMs: 0 };
    }
    const decision = checkDecision(input.resume, question);
    tracer.emit({ type: 'reply', t: Date.now(), agent: question.agent, kind: 'approval', text: decision.decision === 'approve' ? 'run it again' : 'dropped' });
    let result: TurnResult;
    if (decision.decision === 'approve') result = await this.stream(input.threadId, null, tracer, null, input);
    else {
      const answer = `Dropped the interrupted ${question.tool ? `call ${question.tool} with ${JSON.stringify(question.args)}` : `step of ${question.agent}`}: it was not run again.`;
      await this.closeTurn(input.threadId, answer);
      tracer.emit({ type: 'answer', t: Date.now(), agent: 'supervisor', content: answer });
      result = { threadId: input.threadId, status: 'done', answer, interrupt: null, durationMs: 0 };
    }
    if (input.message === undefined || (result.status !== 'done' && result.status !== 'stopped')) return result;
    return this.turn({ ...input, resume: undefined });
  }

  private async stream(threadId: string, graphInput: Command | null, tracer: Tracer, text: string | null, opts: TurnInput): Promise<TurnResult> {
    const t0 = performance.now();
    const calls = new CallLog();
    const emit = (e: AgentEvent) => {
      calls.onEvent(e);
      tracer.emit(e);
    };
    const sketch = text !== null && opts.sketch ? this.sketchNote(opts.sketch) : undefined;
    emit({ type: 'run_start', t: Date.now(), threadId, input: text, resume: graphInput !== null && graphInput.resume !== undefined, ...(sketch ? { sketch } : {}) });
    let status: RunStatus = 'done';
    let answer: string | null = null;
    try {
      // nodes hand events (and tokens) straight to the tracer, in emission order: the graph's own
      // stream carries nothing, and no graph-wide "messages" callbacks run on every step
      const stream = await this.graph.stream(graphInput, {
        configurable: { thread_id: threadId, [DIRECT_EVENTS]: emit, [LIVE_TOKENS]: opts.streamTokens !== false },
        recursionLimit: this.limits.recursionLimit,
        streamMode: ['custom'],
        durability: opts.durableSteps === false ? 'async' : 'sync',
        ...(opts.signal ? { signal: opts.signal } : {}),
      });
      for await (const chunk of stream as AsyncIterable<unknown>) void chunk;
    } catch (err) {
      const cancelled = opts.signal?.aborted === true;
      if (!(err instanceof GraphRecursionError) && !cancelled) {
        // why it failed and what to do travel with the event: a reopened thread shows them too
        const hint = err instanceof EngiError ? err.hint : undefined;
        emit({ type: 'run_end', t: Date.now(), status: 'error', durationMs: performance.now() - t0, error: err instanceof Error ? err.message : String(err), ...(hint ? { hint } : {}) });
        throw err;
      }
      status = 'stopped';
      const why = cancelled ? `the turn was cancelled (${reasonOf(opts.signal!)})` : `the run reached LangGraph's recursion limit of ${this.limits.recursionLimit} steps`;
      answer = [partialAnswer(currentTurn(await this.messages(threadId)), why), calls.kept()].filter(Boolean).join('\n');
      await this.closeTurn(threadId, answer);
      emit({ type: 'stopped', t: Date.now(), reason: cancelled ? 'cancelled' : 'recursion limit' });
      emit({ type: 'answer', t: Date.now(), agent: 'supervisor', content: answer });
    }
    const snapshot = await this.state(threadId);
    const interrupt = interruptOf(snapshot);
    if (interrupt) {
      status = 'interrupted';
      emit({ type: 'interrupt', t: Date.now(), kind: interrupt.kind, payload: interrupt });
    } else if (status === 'done') answer = lastAnswer((snapshot.values as SupervisorStateType).messages ?? []);
    const durationMs = performance.now() - t0;
    emit({ type: 'run_end', t: Date.now(), status, durationMs });
    return { threadId, status, answer, interrupt, durationMs };
  }
}
