/**
 * An approval is a typed decision, approve or deny, bound to the exact call it shows: the call id
 * and a digest of the tool and what exactly would run. Free text, a boolean, a string "true" or a
 * decision for another call approve nothing. The same binding lets the runtime decline a pending
 * question or approval when the person sends a new message instead of answering it.
 */
import { createHash } from 'node:crypto';
import { InputError } from '../../tools/errors.ts';
import type { InterruptPayload } from '../trace/agentEvent.ts';

export type Decision = 'approve' | 'deny';

export interface ApprovalDecision {
  decision: Decision;
  /** The pending call's id (InterruptPayload.callId). */
  callId: string;
  /** The pending call's digest (InterruptPayload.digest). */
  digest: string;
  /** Why it was denied, when the runtime denied it (a new message came instead of an answer). */
  reason?: string;
}

/** JSON with object keys sorted: the same value always gives the same text. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).filter(([, v]) => v !== undefined);
    return `{${entries.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/** The digest a decision names: sha256 of the tool and what exactly would run. */
export function approvalDigest(tool: string, subject: unknown): string {
  return createHash('sha256').update(canonical({ tool, subject })).digest('hex');
}

/** A decision on this pending call. */
export function decisionFor(pending: InterruptPayload, decision: Decision, reason?: string): ApprovalDecision {
  if (!pending.callId || !pending.digest) throw new InputError(`the pending ${pending.kind} names no call to decide on`);
  return { decision, callId: pending.callId, digest: pending.digest, ...(reason ? { reason } : {}) };
}

/** Exactly the decision shape: decision 'approve' or 'deny', and string callId and digest. */
export function isDecision(value: unknown): value is ApprovalDecision {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return false;
  const v = value as Record<string, unknown>;
  return (v.decision === 'approve' || v.decision === 'deny') && typeof v.callId === 'string' && typeof v.digest === 'string' && (v.reason === undefined || typeof v.reason === 'string');
}

/** Whether a resume value approves exactly this call: a typed approve naming its id and digest. */
export function approvesCall(value: unknown, callId: string, digest: string): boolean {
  return isDecision(value) && value.decision === 'approve' && value.callId === callId && value.digest === digest;
}

/**
 * Checks the answer to a pending approval before anything resumes: a typed decision bound to this
 * call, or an InputError that says what is wrong (and nothing is approved or run).
 */
export function checkDecision(value: unknown, pending: InterruptPayload): ApprovalDecision {
  const shown = `${pending.tool ?? 'the call'} (call ${pending.callId ?? '?'}, digest ${pending.digest ?? '?'})`;
  if (!isDecision(value)) {
    throw new InputError(`an approval takes a typed decision {"decision": "approve" | "deny", "callId", "digest"} for ${shown}, not ${describe(value)}; nothing ran`, {
      field: 'resume',
      hint: 'answer yes or no at the prompt (engiai chat --answer yes|no), or use the Approve / Deny buttons',
    });
  }
  if (value.callId !== pending.callId || value.digest !== pending.digest) {
    throw new InputError(`this decision is for call ${value.callId} (digest ${value.digest}), but the pending approval is ${shown}; nothing was approved or run`, {
      field: 'resume',
      hint: 'reload the pending approval and decide on the call it shows',
    });
  }
  return value;
}

/** A clarification's answer: text, or {answer: text}. */
export function checkAnswer(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value && typeof value === 'object' && !Array.isArray(value) && typeof (value as { answer?: unknown }).answer === 'string') return (value as { answer: string }).answer;
  throw new InputError(`the answer to a question is text, not ${describe(value)}`, { field: 'resume' });
}

/** The CLI's answer to an approval: yes or no exactly (any case, spaces around), anything else is an error. */
export function yesOrNo(text: string): Decision {
  const t = text.trim().toLowerCase();
  if (t === 'yes') return 'approve';
  if (t === 'no') return 'deny';
  throw new InputError(`an approval is answered yes or no, not ${JSON.stringify(text.length > 80 ? `${text.slice(0, 80)}…` : text)}; nothing ran`, {
    field: 'answer',
    hint: 'answer exactly yes (run it) or no (do not run it)',
  });
}

function describe(value: unknown): string {
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 80 ? `${text.slice(0, 80)}…` : text;
}
