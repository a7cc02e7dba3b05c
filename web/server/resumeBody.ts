/**
 * What a client may send as `resume` for the thread's pending question, checked before a turn
 * starts. An approval takes a typed decision bound to the pending call: {"decision": "approve" |
 * "deny"} or {"approved": true | false} (a JSON boolean: the strings "false" and "no" are 400),
 * with the call's "callId" and "digest". A decision for another call is 409 and runs nothing. A
 * clarification takes text ({"answer": text} or a string), or a bound deny ("Later").
 */
import { checkAnswer, checkDecision, type ApprovalDecision, type InterruptPayload } from '../../agents/index.ts';
import { HttpError } from './httpErrors.ts';

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

function decisionOf(value: unknown): ApprovalDecision {
  if (!isObject(value)) throw new HttpError(400, `an approval takes {"decision": "approve" | "deny", "callId", "digest"} (or "approved": true | false), not ${JSON.stringify(value)?.slice(0, 80)}`);
  const { approved, decision, callId, digest } = value;
  if (approved !== undefined && decision !== undefined) throw new HttpError(400, 'give "decision" or "approved", not both');
  if (approved !== undefined && typeof approved !== 'boolean') throw new HttpError(400, `"approved" must be the JSON boolean true or false, not ${JSON.stringify(approved)?.slice(0, 40)}`);
  if (decision !== undefined && decision !== 'approve' && decision !== 'deny') throw new HttpError(400, `"decision" must be "approve" or "deny", not ${JSON.stringify(decision)?.slice(0, 40)}`);
  if (approved === undefined && decision === undefined) throw new HttpError(400, 'an approval needs "decision" ("approve" | "deny") or "approved" (true | false)');
  if (typeof callId !== 'string' || typeof digest !== 'string') throw new HttpError(400, 'an approval names the pending call: "callId" and "digest" (strings, from the pending interrupt)');
  return { decision: approved === true || decision === 'approve' ? 'approve' : 'deny', callId, digest };
}

/** The resume value to hand to the session, or an HttpError (400 malformed, 409 for another call). */
export function checkResumeBody(value: unknown, pending: InterruptPayload): unknown {
  const asDecision = pending.kind === 'approval' || (isObject(value) && (value.decision !== undefined || value.approved !== undefined));
  if (!asDecision) {
    try {
      return checkAnswer(value);
    } catch (err) {
      throw new HttpError(400, (err as Error).message);
    }
  }
  const decision = decisionOf(value);
  if (pending.kind === 'clarification' && decision.decision === 'approve') throw new HttpError(400, 'a question is answered with text ({"answer": "…"}), or declined with {"decision": "deny"}');
  try {
    return checkDecision(decision, pending);
  } catch (err) {
    throw new HttpError(409, (err as Error).message);
  }
}
