/**
 * The supervisor graph's state. `messages` is the conversation the person and the supervisor see:
 * human turns, the supervisor's hand-off calls, each hand-off's result (a specialist's compact summary,
 * answering the transfer call's id) and final answers. `agentMessages` is the active specialist's own
 * scratch transcript; it is reset at every hand-off and never reaches the supervisor. `made` is
 * what the specialists made in the thread (their `remember`), kept across turns as typed state.
 */
import { Annotation, messagesStateReducer } from '@langchain/langgraph';
import type { BaseMessage } from '@langchain/core/messages';
import type { ThreadItem } from '../specialists/specialistTask.ts';

/** New items are appended once (by agent and id), oldest first. */
function madeReducer(left: ThreadItem[], right: ThreadItem[]): ThreadItem[] {
  const fresh = right.filter((x) => !left.some((y) => y.agent === x.agent && y.id === x.id));
  return fresh.length ? [...left, ...fresh] : left;
}

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
  /** What the specialists made in this thread (designs), structured, oldest first: each specialist's later tasks carry its own. */
  made: Annotation<ThreadItem[], ThreadItem[]>({ reducer: madeReducer, default: () => [] }),
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
