/**
 * The designs of the conversation so far, for follow-ups ("render it", "now make it 0.4 and
 * compare"): the thread's state (`rememberDesign` makes each optimized design a thread item, and the
 * task carries them as `made`), else — for threads from before that state, or designs another
 * model's answers name — read from the task's context (the "Optimized … with {conditions}
 * (config {…}): design <id>" lines and design ids in earlier answers) or from list_designs.
 */
import type { DoneCall, ThreadItem } from '../specialistTask.ts';
import type { Values } from './read/readRequest.ts';

export interface ThreadDesign {
  id: string;
  problem: string;
  /** Its conditions and the solver knobs it was made with, when known. */
  conditions?: Values;
  config?: Values;
  /** The person's request of the turn that made it. */
  request?: string;
}

export interface Thread {
  /** Oldest first. */
  designs: ThreadDesign[];
  /** The person's earlier requests, oldest first. */
  requests: string[];
  /** For each request, the fields the answer to it says it read a value for ("… read as volfrac 0.25"). */
  readAs: string[][];
}

const ID = /(?<![a-z0-9_])([a-z][a-z0-9_]*)-([0-9a-f]{8,16})(?![a-z0-9_])/g;
const OPTIMIZED = /Optimized ([a-z][a-z0-9_@]*) with (\{[^{}]*\})(?: \(config (\{[^{}]*\})\))?: design ([a-z][a-z0-9_]*-[0-9a-f]{16})/g;

function parseJson(text: string | undefined): Values | undefined {
  if (!text) return undefined;
  try {
    const v = JSON.parse(text);
    return v && typeof v === 'object' ? (v as Values) : undefined;
  } catch {
    return undefined;
  }
}

/** The entries of the context section: "Person: …", "Assistant: …", "Result of x in this turn: …". */
function entries(context: string): { role: 'person' | 'assistant'; text: string }[] {
  const out: { role: 'person' | 'assistant'; text: string }[] = [];
  const re = /^(Person|Assistant|Result of [\w-]+ in this turn): /gm;
  const marks = [...context.matchAll(re)];
  marks.forEach((m, i) => {
    const text = context.slice(m.index + m[0].length, marks[i + 1]?.index ?? context.length).trim();
    out.push({ role: m[1] === 'Person' ? 'person' : 'assistant', text: m[1].startsWith('Result') ? text.replace(/\\"/g, '"').replace(/\\n/g, '\n') : text });
  });
  return out;
}

export function threadFromContext(context: string): Thread {
  const designs: ThreadDesign[] = [];
  const requests: string[] = [];
  const readAs: string[][] = [];
  let request: string | undefined;
  const add = (d: ThreadDesign) => {
    const known = designs.find((x) => x.id === d.id);
    if (!known) designs.push(d);
    else {
      known.conditions ??= d.conditions;
      known.config ??= d.config;
    }
  };
  for (const e of entries(context)) {
    if (e.role === 'person') {
      request = e.text;
      requests.push(e.text);
      readAs.push([]);
    } else if (readAs.length) {
      const names = [...e.text.matchAll(/ read as ([a-z][a-z0-9_]*) [-\d.]/g)].map((m) => m[1]);
      readAs[readAs.length - 1].push(...names);
    }
    for (const m of e.text.matchAll(OPTIMIZED)) add({ id: m[4], problem: m[1].split('@')[0], conditions: parseJson(m[2]), config: parseJson(m[3]) ?? {}, request });
    for (const m of e.text.matchAll(ID)) add({ id: m[0], problem: m[1], request });
  }
  return { designs, requests, readAs };
}

/** An optimized design as a thread item: its id, problem, conditions (with defaults) and config. */
export function rememberDesign(call: DoneCall): Omit<ThreadItem, 'agent' | 'request'> | null {
  const r = call.result;
  if (call.name !== 'optimize_design' || typeof r.design_id !== 'string') return null;
  // the result's conditions are numbers only; a mask given in the call's conditions (a node list) is kept beside them
  const masks = Object.fromEntries(Object.entries((call.args.conditions ?? {}) as Record<string, unknown>).filter(([, v]) => Array.isArray(v)));
  return { kind: 'design', id: r.design_id, data: { problem: String(r.problem ?? call.args.problem), conditions: { ...((r.conditions ?? {}) as object), ...masks }, config: call.args.config ?? {} } };
}

/** The thread's designs from its state (oldest first), then those only its context names (older threads), before them. */
export function threadFromTask(made: readonly ThreadItem[], context: string): Thread {
  const fromContext = threadFromContext(context);
  const designs: ThreadDesign[] = made
    .filter((x) => x.kind === 'design')
    .map((x) => ({ id: x.id, problem: String(x.data.problem).split('@')[0], conditions: x.data.conditions as Values, config: (x.data.config ?? {}) as Values, request: x.request }));
  const known = new Set(designs.map((d) => d.id));
  return { ...fromContext, designs: [...fromContext.designs.filter((d) => !known.has(d.id)), ...designs] };
}

/** Rows of a list_designs result (newest first) as thread designs, oldest first. */
export function threadFromList(result: Record<string, unknown>): ThreadDesign[] {
  const rows = Array.isArray(result.designs) ? (result.designs as Record<string, unknown>[]) : [];
  return rows
    .map((r) => ({ id: String(r.design_id), problem: String(r.problem), conditions: r.conditions as Values | undefined, config: r.config as Values | undefined }))
    .reverse();
}
