/**
 * A part of the offline planner. Each specialist brings its own (agents/specialists/<name>/), and
 * the runtime gives the offline model the role of the agent it speaks for (supervisor or a
 * specialist); the model never guesses its role from tool names.
 */
import type { BaseMessage } from '@langchain/core/messages';
import type { Plan } from './transcript.ts';

export interface OfflineRole {
  /** The next step from the conversation so far: tool calls, or a final answer. */
  plan(messages: BaseMessage[], toolNames: string[]): Plan | Promise<Plan>;
}

/** What the offline supervisor knows of a specialist: where a request asks for it. */
export interface OfflineRoute {
  name: string;
  /** The name of its hand-off tool. */
  handoff: string;
  available: boolean;
  /** Why it cannot run (when unavailable). */
  reason?: string;
  /** One line on what it does, for the capabilities answer. */
  description: string;
  /** The position in the request where this specialist is asked to act, or -1. */
  mentionedAt(request: string): number;
  /** The position where the request only names its subject, or -1 (used when nobody is asked to act). */
  topicAt?(request: string): number;
  /** Whether it answers this question without acting (absent: only `queryAfter` agents take questions). */
  answers?(question: string): boolean;
  /** What follows its mention in a clause is its query, not work for other agents. */
  queryAfter?: boolean;
}

/** A role for an agent with no offline planner: says so, calls nothing. */
export const noPlannerRole = (agent: string): OfflineRole => ({
  plan: () => ({
    text:
      `The offline planner has no plan for the ${agent} agent. ` +
      'Configure an LLM (--model openai:…, google:… or ollama:…) for this agent.',
    calls: [],
  }),
});
