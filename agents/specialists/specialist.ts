/**
 * A specialist is a plug-in (agents/README.md, "Adding a specialist"): a folder under
 * agents/specialists/ whose factory takes the settings and returns a name, a description the
 * supervisor routes by, its tools (bound to its own context), its prompt, whether it can run under
 * the current configuration (and why not), which of its tools ask before running by default, and
 * its part of the offline planner. The supervisor sees only specialists (as `transfer_to_<name>`
 * tools); each specialist sees only its own tools.
 */
import type { EngiConfig } from '../../config/schema.ts';
import { ConfigError } from '../../tools/errors.ts';
import type { Artifact, BoundTool } from '../../tools/tool.ts';
import type { DoneCall, Plan, SpecialistTask, ThreadItem } from './specialistTask.ts';

export type Availability = { available: true } | { available: false; reason: string };

export interface Specialist {
  /** snake_case ASCII; the hand-off tool is `transfer_to_<name>`. */
  readonly name: string;
  readonly description: string;
  readonly tools: readonly BoundTool[];
  readonly prompt: string;
  readonly availability: Availability;
  /** Tools that ask the person before running unless the settings say otherwise. */
  readonly defaultApprovals?: readonly string[];
  /** The offline planner's part for this specialist: when a request asks for it, and what it does. */
  readonly offline?: {
    /** The position in a request where it is asked to act, or -1. */
    mentionedAt(request: string): number;
    /**
     * The position where a request only touches its subject ("the beam", "the STL"), or -1. Used
     * when no specialist is asked to act, so a request for another agent's work that names this
     * subject ("open the STL in MeshLab") is not handed here.
     */
    topicAt?(request: string): number;
    /**
     * Whether it can answer this question without acting (a job's status, what a field means). A
     * question is never handed to a specialist that would act on it; absent: only the search
     * agents (`queryAfter`) take questions, as queries.
     */
    answers?(question: string): boolean;
    /** What follows its mention in a clause is its object (a query: "search the web for the Prusa MK4 …"), not work for other agents. */
    queryAfter?: boolean;
    /**
     * Its planner (absent: it cannot work offline): the next step from the typed task
     * (specialistTask.ts: the request, the supervisor's task, what was found, the context and the
     * calls done so far) and the names of its bound tools — tool calls, or a final answer.
     */
    plan?(task: SpecialistTask, toolNames: readonly string[]): Plan | Promise<Plan>;
  };
  /**
   * What a successful call of one of its tools made that later turns refer to (a design), kept in
   * the thread's state and written into its later tasks (`made`); null for anything else.
   */
  remember?(call: DoneCall): Omit<ThreadItem, 'agent' | 'request'> | null;
  /** What it shows about a conversation outside the chat (the web UI's thread views), or null. */
  threadView?(threadId: string): Promise<ThreadView | null>;
  /** Releases what its context holds open (connections); called by Runtime.close(). */
  close?(): void | Promise<void>;
}

/** A specialist's view of a thread: `kind` tells the UI how to draw `data` (e.g. "jobs"). */
export interface ThreadView {
  agent: string;
  kind: string;
  title: string;
  data: unknown;
  /** Files the view refers to (the web server links those inside the artifact folder). */
  artifacts?: Artifact[];
}

/** What a specialist's factory may read: the settings (ENGIAI_HOME, services, keys). */
export interface SpecialistDeps {
  config: EngiConfig;
  /**
   * Where the person sees the results: a terminal on this machine (default: a window a program
   * opens is on their desktop), or a browser (the web UI: files show in the page, and a window would
   * open on the server's desktop, not theirs).
   */
  surface?: 'terminal' | 'browser';
}

export type SpecialistFactory = (deps: SpecialistDeps) => Specialist | Promise<Specialist>;

const NAME = /^[a-z][a-z0-9_]{0,39}$/;
const TOOL_NAME = /^[a-z][a-z0-9_]{0,63}$/;

const HANDOFF_PREFIX = 'transfer_to_';

export const handoffToolName = (agent: string) => `${HANDOFF_PREFIX}${agent}`;

/** The specialist a hand-off tool name names, or null when it is not a hand-off. */
export const handoffTarget = (toolName: string): string | null => (toolName.startsWith(HANDOFF_PREFIX) ? toolName.slice(HANDOFF_PREFIX.length) : null);

/** Fails before any graph is built: bad or duplicate names, tools named twice or with the hand-off prefix. */
export function validateSpecialists(specialists: readonly Specialist[]): void {
  const seen = new Set<string>();
  for (const s of specialists) {
    if (!NAME.test(s.name)) throw new ConfigError(`specialist name "${s.name}" must be snake_case ASCII`, { hint: 'use e.g. "engineering" or "web_search"' });
    if (seen.has(s.name)) throw new ConfigError(`specialist "${s.name}" is registered twice`, { hint: 'give every specialist a unique name' });
    if (s.name === 'supervisor' || s.name.endsWith('_tools')) throw new ConfigError(`specialist name "${s.name}" is reserved`);
    seen.add(s.name);
    const toolNames = new Set<string>();
    for (const t of s.tools) {
      if (!TOOL_NAME.test(t.name)) throw new ConfigError(`tool "${t.name}" of ${s.name} must be snake_case ASCII`);
      if (toolNames.has(t.name)) throw new ConfigError(`tool "${t.name}" is listed twice for ${s.name}`);
      if (handoffTarget(t.name) !== null) throw new ConfigError(`tool "${t.name}" of ${s.name} uses the reserved hand-off prefix`);
      toolNames.add(t.name);
    }
    for (const a of s.defaultApprovals ?? []) {
      if (!toolNames.has(a)) throw new ConfigError(`${s.name} asks for approval of "${a}", which is not one of its tools`);
    }
  }
}
