/**
 * A specialist's hand-back and the supervisor's next decision in one superstep. When a specialist's
 * step ends its visit (its summary answers the supervisor's transfer call), the supervisor step runs
 * right after it in the same LangGraph step, on the state the hand-back makes, and the step returns
 * both updates together with the supervisor's routing. That saves one superstep (one checkpoint
 * write and one round of LangGraph's bookkeeping) per hand-off; the event stream is the same as
 * with two steps: the specialist's node_start … node_end, then the supervisor's.
 *
 * Nothing is lost on a crash: the supervisor step neither interrupts nor runs tools, and a process
 * that dies inside it resumes from the checkpoint before the specialist's last step, which re-asks
 * that model and then the supervisor (interruptedRun.ts asks first, as for any model step).
 */
import { Command, type LangGraphRunnableConfig } from '@langchain/langgraph';
import { applyUpdate, type StepUpdate, type SupervisorStateType } from './state.ts';

type Step = (state: SupervisorStateType, config: LangGraphRunnableConfig) => Promise<Command>;

/** `specialist`, followed in the same superstep by `supervisor` when it hands back. */
export function thenSupervisorOnHandback(specialist: Step, supervisor: Step): Step {
  return async (state, config) => {
    const back = await specialist(state, config);
    const handback = back.update as StepUpdate | undefined;
    // only a hand-back (goto supervisor, the scratch transcript cleared) continues in this step
    const to = Array.isArray(back.goto) ? back.goto : [back.goto];
    if (to.length !== 1 || to[0] !== 'supervisor' || !handback || handback.agentMessages !== null || Array.isArray(back.update)) return back;
    const next = await supervisor(applyUpdate(state, handback), config);
    const decided = (next.update ?? {}) as StepUpdate;
    if (Array.isArray(next.update) || (decided.agentMessages !== undefined && decided.agentMessages !== null)) {
      throw new Error('supervisor step returned an update that cannot follow a hand-back in one step');
    }
    const messages = [...(handback.messages ?? []), ...(decided.messages ?? [])];
    return new Command({ goto: next.goto, update: { ...handback, ...decided, messages, agentMessages: null } });
  };
}
