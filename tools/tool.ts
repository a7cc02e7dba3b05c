/**
 * The neutral tool contract every specialist's tools are written against (style.md §7.6, after
 * openai-agents-js's `tool()`): one strict zod object gives the JSON schema the model sees and the
 * typed arguments `run` receives. A tool returns what the model should read (`result`) and,
 * separately, the files it produced or refers to (`artifacts`), so traces, timelines, summaries,
 * web links and approvals read metadata — never a tool name or a guess from a field name.
 *
 * A tool is written against its own context type C (the specialist's services: a store, a client);
 * the specialist binds it to its context (`bindTool`), and the runtime supplies per call what only
 * it can: asking the person and reporting progress (`ToolRuntime`).
 */
import { z } from 'zod';
import { ConfigError } from './errors.ts';

/** A file a tool call produced or refers to. `kind` is what it is to a person, not its format. */
export interface Artifact {
  kind: 'design' | 'image' | 'mesh' | 'document' | 'data' | 'log' | 'file';
  /** Absolute path on this machine. */
  path: string;
  /** IANA media type, e.g. image/png, model/stl, application/x-npy. */
  mediaType: string;
  /** A short label ("render", "convergence", "stl"). */
  label?: string;
}

/** What a tool returns: the JSON the model reads and the artifacts the call produced. */
export interface ToolOutput {
  result: Record<string, unknown>;
  artifacts?: Artifact[];
}

/** What the runtime lends a tool for one call. */
export interface ToolRuntime {
  /** Ask the person and wait for the answer (a graph interrupt under the agent runtime). */
  askHuman(request: { question: string; missing?: string[] }): Promise<string>;
  /** Progress of a long computation: step of total, with an optional value worth watching. */
  progress?(event: ProgressEvent): void;
  /** The conversation the call belongs to, when there is one. */
  threadId?: string;
  /** Aborted when the call's turn is cancelled: long work stops (CancelledError). */
  signal?: AbortSignal;
  /**
   * What the person approved for this call, exactly as `approvalFor` resolved it before asking
   * (absent when the call runs without asking): a tool whose approval depends on a resolution
   * runs this, never a second resolution of its arguments.
   */
  approved?: ApprovalSubject;
}

/** What exactly a call will do, resolved once (a program and its argv, a job script, a file and a printer): JSON, shown to the person and bound to their decision. */
export type ApprovalSubject = Record<string, unknown>;

export interface ProgressEvent {
  /** The step just finished, counted from 0 (shown as step + 1 of total). */
  step: number;
  /** Steps at most (a run may finish early); 0 when there is no known end (the label says where it stands). */
  total: number;
  /** A number worth watching (an objective), with its name. */
  value?: number;
  label?: string;
}

interface ToolMeta {
  /** snake_case; part of benchmarks and traces. */
  readonly name: string;
  readonly description: string;
  /** The tool's purpose is to ask the person: it always runs where it may interrupt. */
  readonly asksPerson?: boolean;
  /** Result fields worth handing back to the supervisor and showing in timelines (default: all). */
  readonly keyFields?: readonly string[];
  /** A short human-readable name ("Optimize a design"), shown by clients instead of `name`. */
  readonly title?: string;
  /** The shape of `result` (MCP outputSchema; a server checks each result against it). */
  readonly outputSchema?: z.ZodObject;
}

/** A tool written against context C. */
export interface Tool<S extends z.ZodObject = z.ZodObject, C = unknown> extends ToolMeta {
  readonly schema: S;
  /** Ask the person before running (the runtime raises an approval interrupt). */
  readonly needsApproval?: boolean;
  /**
   * For a tool whose risk depends on its arguments (instead of needsApproval): resolves the call
   * once and returns what exactly would run, which the person approves and `run` then receives as
   * `ctx.approved`; null runs it without asking.
   */
  approvalFor?(args: z.infer<S>, ctx: C): ApprovalSubject | null;
  /**
   * For a tool that asks because it always does or the settings say so: what exactly the call
   * would do beyond its arguments (the content of a job script it submits), resolved once, shown,
   * bound to the decision and handed to `run` as `ctx.approved` (default: the arguments).
   */
  subjectOf?(args: z.infer<S>, ctx: C & ToolRuntime): ApprovalSubject;
  run(args: z.infer<S>, ctx: C & ToolRuntime): Promise<ToolOutput>;
}

/** A tool bound to its specialist's context: what the agent runtime runs. */
export interface BoundTool extends ToolMeta {
  readonly schema: z.ZodObject;
  /** Always (true), never, or per call (a function of the parsed arguments): see approvalNeeded. */
  readonly needsApproval?: boolean | ((args: unknown) => boolean);
  /** The tool's own resolution of a call for approval (Tool.approvalFor, bound). */
  readonly approvalSubject?: (args: unknown) => ApprovalSubject | null;
  /** What exactly the call would do when it asks (Tool.subjectOf, bound). */
  readonly callSubject?: (args: unknown, runtime: ToolRuntime) => ApprovalSubject;
  run(args: unknown, runtime: ToolRuntime): Promise<ToolOutput>;
}

/** Whether this call of the tool asks the person first (`args` already match the schema). */
export function approvalNeeded(tool: Pick<BoundTool, 'needsApproval'>, args: unknown): boolean {
  return typeof tool.needsApproval === 'function' ? tool.needsApproval(args) : Boolean(tool.needsApproval);
}

/**
 * What the person is asked to approve for this call, resolved once, or null when it runs without
 * asking: the tool's own resolution when it has one, else its arguments when it always asks (or
 * the settings make it ask).
 */
export function approvalSubjectOf(tool: Pick<BoundTool, 'needsApproval' | 'approvalSubject' | 'callSubject'>, args: unknown, runtime: ToolRuntime): ApprovalSubject | null {
  const own = tool.approvalSubject?.(args) ?? null;
  if (own) return own;
  if (tool.needsApproval !== true) return null;
  return tool.callSubject ? tool.callSubject(args, runtime) : { args };
}

const NAME = /^[a-z][a-z0-9_]{0,63}$/;

/** Checks a tool definition once, when it is defined: a snake_case name and a strict object schema. */
export function defineTool<S extends z.ZodObject, C = unknown>(tool: Tool<S, C>): Tool<S, C> {
  if (!NAME.test(tool.name)) throw new ConfigError(`tool name "${tool.name}" must be snake_case ASCII`);
  if (!tool.description.trim()) throw new ConfigError(`tool ${tool.name} needs a description`);
  if (!(tool.schema instanceof z.ZodObject)) throw new ConfigError(`tool ${tool.name}: schema must be a zod object`);
  return Object.freeze({ ...tool });
}

/** defineTool with the context type fixed and the schema's type inferred: `const define = toolsWith<MyContext>()`. */
export function toolsWith<C>() {
  return <S extends z.ZodObject>(tool: Tool<S, C>): Tool<S, C> => defineTool(tool);
}

/** The tool with its context filled in. `args` must already match the schema (the runtime parses them). */
export function bindTool<S extends z.ZodObject, C>(tool: Tool<S, C>, context: C): BoundTool {
  return Object.freeze({
    name: tool.name,
    description: tool.description,
    schema: tool.schema,
    needsApproval: tool.approvalFor ? bindApproval(tool.approvalFor.bind(tool), context) : tool.needsApproval,
    approvalSubject: tool.approvalFor ? bindSubject(tool.approvalFor.bind(tool), context) : undefined,
    callSubject: tool.subjectOf ? (args: unknown, runtime: ToolRuntime) => tool.subjectOf!(args as z.infer<S>, { ...context, ...runtime }) : undefined,
    asksPerson: tool.asksPerson,
    keyFields: tool.keyFields,
    title: tool.title,
    outputSchema: tool.outputSchema,
    run: (args: unknown, runtime: ToolRuntime) => tool.run(args as z.infer<S>, { ...context, ...runtime }),
  });
}

function bindApproval<A, C>(resolve: (args: A, ctx: C) => ApprovalSubject | null, context: C): (args: unknown) => boolean {
  return (args) => resolve(args as A, context) !== null;
}

function bindSubject<A, C>(resolve: (args: A, ctx: C) => ApprovalSubject | null, context: C): (args: unknown) => ApprovalSubject | null {
  return (args) => resolve(args as A, context);
}

/** Every tool of a list bound to one context (the tools' schemas differ; their context is the same). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a list of tools with different schemas
export function bindTools<C>(tools: readonly Tool<any, C>[], context: C): BoundTool[] {
  return tools.map((t) => bindTool(t, context));
}

/** The result fields a tool declares worth showing (all of them when it declares none); errors always. */
export function keyFieldsOf(tool: Pick<ToolMeta, 'keyFields'> | undefined, result: unknown): Record<string, unknown> {
  if (!result || typeof result !== 'object' || Array.isArray(result)) return { value: result };
  const r = result as Record<string, unknown>;
  if (r.error !== undefined) return { error: r.error };
  const keys = tool?.keyFields ?? Object.keys(r);
  const out: Record<string, unknown> = {};
  for (const k of keys) {
    const v = r[k];
    if (v === undefined || (Array.isArray(v) && v.length === 0)) continue;
    out[k] = v;
  }
  return out;
}

const MEDIA_TYPES: Record<string, string> = {
  png: 'image/png',
  svg: 'image/svg+xml',
  jpg: 'image/jpeg',
  stl: 'model/stl',
  npy: 'application/x-npy',
  json: 'application/json',
  pdf: 'application/pdf',
  md: 'text/markdown',
  txt: 'text/plain',
  log: 'text/plain',
  gcode: 'text/x.gcode',
};

/** The media type of a file name by its extension (application/octet-stream when unknown). */
export function mediaTypeOf(path: string): string {
  const ext = /\.([A-Za-z0-9]+)$/.exec(path)?.[1]?.toLowerCase() ?? '';
  return Object.hasOwn(MEDIA_TYPES, ext) ? MEDIA_TYPES[ext] : 'application/octet-stream';
}

/** An artifact record for a file: kind and label given, media type from its extension. */
export function artifact(kind: Artifact['kind'], path: string, label?: string): Artifact {
  return { kind, path, mediaType: mediaTypeOf(path), ...(label ? { label } : {}) };
}
