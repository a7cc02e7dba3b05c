/**
 * The supervisor graph's state. `messages` is the conversation the person and the supervisor see:
 * human turns, the supervisor's hand-off calls, each hand-off's result (a specialist's compact summary,
 * answering the transfer call's id) and final answers. `agentMessages` is the active specialist's own
 * scratch transcript; it is reset at every hand-off and never reaches the supervisor.
 */
import { Annotation, messagesStateReducer } from '@langchain/langgraph';
import type { BaseMessage } from '@langchain/core/messages';

/** `null` clears the scratch transcript; a list appends to it. */
function scratchReducer(left: BaseMessage[], right: BaseMessage[] | null): BaseMessage[] {
  return right === null ? [] : [...left, ...right];
}

const lastValue = <T>(initial: () => T) => Annotation<T>({ reducer: (_old: T, next: T) => next, default: initial });

export const SupervisorState = Annotation.Root({
  messages: Annotation<BaseMessage[]>({ reducer: messagesStateReducer, default: () => [] }),
  agentMessages: Annotation<BaseMessage[], BaseMessage[] | null>({ reducer: scratchReducer, default: () => [] }),
  /** The specialist that is working, or null while the supervisor decides. */
  activeAgent: lastValue<string | null>(() => null),
  /** The id of the supervisor's transfer call that the specialist's summary will answer. */
  activeCallId: lastValue<string | null>(() => null),
  /** The task text handed to the active specialist. */
  task: lastValue<string>(() => ''),
});

export type SupervisorStateType = typeof SupervisorState.State;
export type SupervisorUpdate = typeof SupervisorState.Update;

/** Per-turn budgets: a turn ends with a partial answer instead of a recursion error. */
export interface Limits {
  /** Hand-offs from the supervisor to specialists in one turn. */
  maxHandoffs: number;
  /** Supervisor model calls in one turn. */
  maxSupervisorCalls: number;
  /** Model calls of one specialist in one visit. */
  maxSpecialistCalls: number;
  /** LangGraph's recursion limit for one run (a safety net above the budgets). */
  recursionLimit: number;
}

export const DEFAULT_LIMITS: Limits = { maxHandoffs: 6, maxSupervisorCalls: 10, maxSpecialistCalls: 16, recursionLimit: 400 };
