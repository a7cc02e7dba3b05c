/**
 * Runs one tool call of a specialist and always returns a ToolMessage with the call's id: malformed
 * JSON, unknown tools, schema violations and Input/Numeric/ModelBehavior errors go back to the model
 * as tool errors (openai-agents-js's rule: a failing tool does not end the run). Graph interrupts
 * (clarification, approval), retryable infrastructure errors and cancellations propagate.
 */
import { randomUUID } from 'node:crypto';
import { ToolMessage } from '@langchain/core/messages';
import { isGraphBubbleUp } from '@langchain/langgraph';
import { z } from 'zod';
import { CancelledError, EngiError, InfraError } from '../../tools/errors.ts';
import { approvalSubjectOf, keyFieldsOf, type ApprovalSubject, type Artifact, type BoundTool, type ToolRuntime } from '../../tools/tool.ts';

export interface PendingCall {
  id: string;
  name: string;
  /** Parsed arguments, or the raw text when the model sent invalid JSON. */
  args: unknown;
  malformed?: string;
}

export interface ToolOutcome {
  message: ToolMessage;
  ok: boolean;
  result: unknown;
  /** Files the call produced or refers to (the tool says so; nothing is guessed from field names). */
  artifacts: Artifact[];
  /** The result fields the tool declares worth showing. */
  highlights: Record<string, unknown>;
  durationMs: number;
}

/** What a stored ToolMessage carries besides its content (LangChain's `artifact`: never sent to a model). */
export interface ToolMessageExtras {
  artifacts: Artifact[];
  highlights: Record<string, unknown>;
}

/**
 * Thrown by the tool context when a call that runs inside the specialist's model step wants to ask
 * the person: the call stops and runs again in the tools node, where it may interrupt.
 */
export class DeferCall extends Error {
  constructor() {
    super('tool call deferred to the tools step');
    this.name = 'DeferCall';
  }
}

/**
 * Before running a tool that needs approval, with what exactly would run (the tool's resolution of
 * the call): true goes ahead, false or a reason (why it was refused) declines.
 */
export type ApproveFn = (tool: BoundTool, args: unknown, subject: ApprovalSubject) => Promise<boolean | string>;

function errorPayload(type: string, message: string, extra: Record<string, unknown> = {}) {
  return { error: { type, message, ...extra } };
}

function describeError(err: unknown): Record<string, unknown> {
  if (err instanceof EngiError) {
    const field = (err as { field?: string }).field;
    return errorPayload(err.name, err.message, { ...(err.hint ? { hint: err.hint } : {}), ...(field ? { field } : {}) });
  }
  return errorPayload('ToolError', err instanceof Error ? err.message : String(err));
}

interface Executed {
  ok: boolean;
  result: unknown;
  artifacts: Artifact[];
  tool?: BoundTool;
}

async function execute(call: PendingCall, tools: readonly BoundTool[], runtime: ToolRuntime, approve: ApproveFn): Promise<Executed> {
  const failed = (result: unknown, tool?: BoundTool): Executed => ({ ok: false, result, artifacts: [], tool });
  if (call.malformed !== undefined) {
    return failed(errorPayload('ModelBehaviorError', `the arguments of ${call.name} are not valid JSON: ${call.malformed}`, { hint: 'call the tool again with a JSON object that matches its schema' }));
  }
  const tool = tools.find((t) => t.name === call.name);
  if (!tool) {
    return failed(errorPayload('ModelBehaviorError', `unknown tool "${call.name}"`, { hint: `available tools: ${tools.map((t) => t.name).join(', ')}` }));
  }
  const parsed = tool.schema.safeParse(call.args ?? {});
  if (!parsed.success) {
    return failed(errorPayload('ModelBehaviorError', `invalid arguments for ${call.name}: ${z.prettifyError(parsed.error)}`, { hint: 'fix the listed fields and call the tool again' }), tool);
  }
  // resolved once: the person approves this, and the tool runs this
  let subject: ReturnType<typeof approvalSubjectOf>;
  try {
    subject = approvalSubjectOf(tool, parsed.data, runtime);
  } catch (err) {
    if (isGraphBubbleUp(err) || (err instanceof InfraError && err.retryable) || err instanceof CancelledError) throw err;
    return failed(describeError(err), tool);
  }
  if (subject) {
    const verdict = await approve(tool, parsed.data, subject);
    if (verdict !== true) return failed(errorPayload('Declined', typeof verdict === 'string' ? verdict : `the person did not approve ${call.name}`), tool);
  }
  try {
    const out = await tool.run(parsed.data, subject ? { ...runtime, approved: subject } : runtime);
    return { ok: true, result: out.result, artifacts: out.artifacts ?? [], tool };
  } catch (err) {
    if (isGraphBubbleUp(err) || err instanceof DeferCall) throw err;
    if (err instanceof InfraError && err.retryable) throw err;
    if (err instanceof CancelledError) throw err; // the turn is over: nothing goes back to the model
    return failed(describeError(err), tool);
  }
}

export async function runToolCall(call: PendingCall, tools: readonly BoundTool[], runtime: ToolRuntime, approve: ApproveFn): Promise<ToolOutcome> {
  const t0 = performance.now();
  const { ok, result, artifacts, tool } = await execute(call, tools, runtime, approve);
  const highlights = keyFieldsOf(tool, result);
  const extras: ToolMessageExtras = { artifacts, highlights };
  const message = new ToolMessage({
    // an id like every stored message (the checkpoint serializer caches messages by id)
    id: randomUUID(),
    tool_call_id: call.id,
    name: call.name,
    status: ok ? 'success' : 'error',
    content: JSON.stringify(result),
    artifact: extras,
  });
  return { message, ok, result, artifacts, highlights, durationMs: performance.now() - t0 };
}
