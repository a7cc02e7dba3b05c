/**
 * The question a run left unfinished by a killed process raises before anything continues it:
 * run the interrupted step again (and with it the tool call it was running), or drop it. It is an
 * approval like any other, bound to the checkpoint and the call, so an answer given for another
 * run, or after the thread moved on, approves nothing.
 */
import type { StateSnapshot } from '@langchain/langgraph';
import type { InterruptPayload } from '../trace/agentEvent.ts';
import { approvalDigest } from '../supervisor/approvalDecision.ts';
import type { SupervisorStateType } from '../supervisor/state.ts';
import { pendingCalls } from '../supervisor/toolsNode.ts';

export const RESUME_INTERRUPTED = 'resume_interrupted_run';

export function interruptedRunQuestion(snapshot: StateSnapshot): InterruptPayload {
  const state = snapshot.values as SupervisorStateType;
  const checkpoint = String(snapshot.config?.configurable?.checkpoint_id ?? '');
  const node = snapshot.next?.[0] ?? 'supervisor';
  const agent = node === 'supervisor' ? 'supervisor' : (state.activeAgent ?? 'supervisor');
  // the call it was running, when the step that died was a tools step; a model step re-asks its model
  const call = state.activeAgent && node !== 'supervisor' ? pendingCalls(state)[0] : undefined;
  const subject = call ? { checkpoint, node, call: call.name, args: call.args } : { checkpoint, node, task: node === 'supervisor' ? '' : (state.task ?? '') };
  const lastHuman = [...(state.messages ?? [])].reverse().find((m) => m.getType() === 'human');
  const about = node === 'supervisor' ? (lastHuman ? String(lastHuman.content) : '') : (state.task ?? '');
  const what = call
    ? `the call ${call.name} with ${JSON.stringify(call.args)}`
    : `the ${node === 'supervisor' ? 'supervisor' : agent} step${about ? ` on "${about.length > 120 ? `${about.slice(0, 117)}…` : about}"` : ''} (its model call and the tool calls it makes)`;
  return {
    kind: 'approval',
    interrupted: true,
    agent,
    question: `The last turn did not finish (its process stopped or it failed) while running ${what}. Run it again? (no drops it)`,
    tool: call?.name,
    args: call?.args,
    subject,
    callId: call?.id ?? `checkpoint:${checkpoint}`,
    digest: approvalDigest(RESUME_INTERRUPTED, subject),
  };
}
