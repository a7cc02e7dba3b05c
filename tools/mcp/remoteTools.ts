/**
 * Tools served by an MCP server, as neutral tools the agent runtime runs: the schema, key fields
 * and approval rule are declared once beside the server's tools (e.g. tools/prusa/toolSpecs.ts);
 * running one is a call over the MCP connection. Progress notifications become tool progress,
 * resource links become artifacts, error results become the same class of error; a cancelled turn
 * cancels the call on the server; a call the person approved is confirmed when the server asks.
 */
import type { z } from 'zod';
import { approvalNeeded, type ApprovalSubject, type BoundTool } from '../tool.ts';
import type { McpConnection } from './mcpConnection.ts';
import { decodeError, decodeOutput } from './wireFormat.ts';

export interface RemoteToolSpec {
  name: string;
  description: string;
  schema: z.ZodObject;
  keyFields?: readonly string[];
  needsApproval?: boolean;
}

/** What a call that asks would do, in the person's words, resolved where the agent runs (default: its arguments). */
export type RemoteSubject = (args: unknown) => ApprovalSubject;

export function remoteTool(spec: RemoteToolSpec, connection: McpConnection, subjectOf?: RemoteSubject): BoundTool {
  return Object.freeze({
    name: spec.name,
    description: spec.description,
    schema: spec.schema,
    keyFields: spec.keyFields,
    needsApproval: spec.needsApproval,
    ...(subjectOf ? { callSubject: (args: unknown) => subjectOf(args) } : {}),
    async run(args: unknown, runtime: Parameters<BoundTool['run']>[1]) {
      const progress = runtime.progress;
      // the runtime runs a tool that needs approval only after the person said yes to this call
      const approved = approvalNeeded(spec, args);
      const wire = await connection.callTool(spec.name, (args ?? {}) as Record<string, unknown>, progress ? (p) => progress({ step: Math.max(0, p.progress - 1), total: p.total ?? p.progress, label: p.message }) : undefined, runtime.signal, approved);
      if (wire.isError) throw decodeError(wire, spec.name);
      return decodeOutput(wire);
    },
  });
}

/** `subjects`: the specialist's own wording of what some of its calls would do, by tool name. */
export const remoteTools = (specs: readonly RemoteToolSpec[], connection: McpConnection, subjects: Record<string, RemoteSubject> = {}): BoundTool[] =>
  specs.map((s) => remoteTool(s, connection, Object.hasOwn(subjects, s.name) ? subjects[s.name] : undefined));
