/**
 * Any specialist's tools over MCP: each neutral tool (tools/tool.ts BoundTool: strict zod schema,
 * run → {result, artifacts}) becomes an MCP tool with the same name, description and schema. Long
 * work reports MCP progress notifications when the caller sent a progress token; artifacts come
 * back as resource links and are readable as resources (file:// URIs inside the artifact folder
 * only, regular files only). A tool's title and output schema (its result as structuredContent)
 * are served with it; a client's cancel aborts the call's signal; each call's start, end and
 * failure is logged to the client (notifications/message). Tools whose purpose is to ask the
 * person are not served (an MCP server has no person to ask); a tool that needs approval is marked
 * destructive and asks the person through the client (elicitation) before it runs.
 */
import { realpath } from 'node:fs/promises';
import { sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { McpServer, ResourceTemplate } from '@modelcontextprotocol/sdk/server/mcp.js';
import { ErrorCode, LoggingLevelSchema, McpError, SetLevelRequestSchema, type LoggingLevel, type ToolAnnotations } from '@modelcontextprotocol/sdk/types.js';
import { CancelledError, InputError, NotFoundError } from '../tools/errors.ts';
import { readRegularFile } from '../tools/fileFaults.ts';
import { encodeError, encodeOutput } from '../tools/mcp/wireFormat.ts';
import { confirmThroughClient } from './confirmThroughClient.ts';
import { mediaTypeOf, type BoundTool, type ToolRuntime } from '../tools/tool.ts';

export interface ToolServerOptions {
  name: string;
  version: string;
  tools: readonly BoundTool[];
  /** Artifacts under this folder are served as resources. */
  artifactsRoot: string;
  /** Annotations per tool name (default: from needsApproval). */
  annotations?: Record<string, ToolAnnotations>;
  /** How long a tool that needs a yes waits for the person's answer (default 10 min). */
  confirmTimeoutMs?: number;
  /** Log lines (stderr in the server processes: stdout belongs to the protocol). */
  log?: (line: string) => void;
}

/** MCP's "resource not found" (spec 2025-06-18, server/resources: error handling). */
export const RESOURCE_NOT_FOUND = -32002;

const TEXT_TYPES = /^(?:text\/|application\/json|image\/svg)/;
/** Largest artifact served as a resource (base64 makes a blob a third larger on the wire). */
export const MAX_RESOURCE_BYTES = 64 * 1024 * 1024;

function noPerson(): Promise<string> {
  return Promise.reject(new InputError('this tool asked the person a question, which an MCP server cannot do', { hint: 'give every required value in the call' }));
}

export function createToolServer(o: ToolServerOptions): McpServer {
  const server = new McpServer({ name: o.name, version: o.version }, { capabilities: { logging: {} } });
  const produced = new Map<string, string>();
  // A tool's log messages go on its call's own stream (related to the request), not the session's standalone one:
  // over Streamable HTTP a client opens that GET stream only after it initializes, and a message sent before it
  // is open is lost (the first call's "tool started" was). So the level logging/setLevel asked for is kept here,
  // per session, in place of the SDK's (its filter only serves its unrelated sendLoggingMessage).
  const levels = new Map<string | undefined, LoggingLevel>();
  server.server.setRequestHandler(SetLevelRequestSchema, (request, extra) => {
    levels.set(extra.sessionId, request.params.level);
    return {};
  });
  const severity = (level: LoggingLevel) => LoggingLevelSchema.options.indexOf(level);
  const logged = (level: LoggingLevel, sessionId: string | undefined) => {
    const floor = levels.get(sessionId);
    return floor === undefined || severity(level) >= severity(floor);
  };

  for (const tool of o.tools) {
    if (tool.asksPerson) continue;
    const needsApproval = typeof tool.needsApproval === 'function' ? 'per call' : Boolean(tool.needsApproval);
    server.registerTool(
      tool.name,
      {
        ...(tool.title ? { title: tool.title } : {}),
        description: tool.description,
        inputSchema: tool.schema,
        // the result the call returns as structuredContent; the SDK refuses a result that does not match it
        ...(tool.outputSchema ? { outputSchema: tool.outputSchema } : {}),
        annotations: o.annotations?.[tool.name] ?? (needsApproval === true ? { destructiveHint: true } : {}),
        _meta: { 'engiai/keyFields': tool.keyFields ?? null, 'engiai/needsApproval': needsApproval },
      },
      async (args: unknown, extra) => {
        const token = extra._meta?.progressToken;
        // progress notifications still being written: the result waits for them, since a client drops progress
        // that arrives after the result (the SDK's send is asynchronous, so order alone does not hold it)
        // Then one turn of the event loop more: the SDK's client runs a notification's handler a microtask late but
        // a response's at once, so progress read in the same chunk as the result is dropped as "unknown token".
        const sending = new Set<Promise<unknown>>();
        let sent = 0;
        const send = (notification: Parameters<typeof extra.sendNotification>[0]) => {
          const p = extra.sendNotification(notification).catch(() => undefined);
          sending.add(p);
          sent++;
          void p.finally(() => sending.delete(p));
        };
        const flush = async () => {
          await Promise.allSettled([...sending]);
          if (sent > 0) await new Promise((resolve) => setImmediate(resolve));
        };
        /**
         * A notifications/message to this call's client (dropped below the level it set with logging/setLevel), on
         * the call's stream; once the client cancelled the call that stream is gone, so on the session's own.
         */
        const notify = (level: LoggingLevel, data: Record<string, unknown>) => {
          if (!logged(level, extra.sessionId)) return;
          const message = { method: 'notifications/message' as const, params: { level, logger: o.name, data } };
          if (extra.signal.aborted) void server.server.notification(message).catch(() => undefined);
          else send(message);
        };
        const runtime: ToolRuntime = {
          askHuman: noPerson,
          // notifications/cancelled from the client aborts this: long work stops (CancelledError)
          signal: extra.signal,
          progress:
            token === undefined
              ? undefined
              : (e) => {
                  const message = e.value !== undefined ? `${e.label ?? 'value'} ${e.value}` : e.label;
                  send({ method: 'notifications/progress', params: { progressToken: token, progress: e.step + 1, total: e.total, ...(message ? { message } : {}) } });
                },
        };
        const t0 = performance.now();
        try {
          await confirmThroughClient(server.server, tool, args, extra, o.confirmTimeoutMs);
          // the arguments are not logged: they may carry paths and names the client did not mean to publish
          notify('info', { event: 'tool started', tool: tool.name });
          const out = await tool.run(args, runtime);
          const before = produced.size;
          for (const a of out.artifacts ?? []) produced.set(a.path, a.label ?? a.kind);
          const ms = Math.round(performance.now() - t0);
          o.log?.(`${tool.name} ok in ${ms} ms`);
          notify('info', { event: 'tool finished', tool: tool.name, ms, artifacts: out.artifacts?.length ?? 0 });
          if (produced.size > before) send({ method: 'notifications/resources/list_changed' });
          await flush();
          return encodeOutput(out);
        } catch (err) {
          const message = err instanceof Error ? err.message : String(err);
          o.log?.(`${tool.name} failed: ${message}`);
          notify(err instanceof CancelledError ? 'notice' : 'error', { event: 'tool failed', tool: tool.name, type: err instanceof Error ? err.name : 'ToolError', message });
          await flush();
          return encodeError(err);
        }
      },
    );
  }

  server.registerResource(
    'artifacts',
    new ResourceTemplate('file://{+path}', {
      list: async () => ({ resources: [...produced].map(([path, label]) => ({ uri: `file://${path}`, name: label, mimeType: mediaTypeOf(path) })) }),
    }),
    { description: 'Files the tools produced (designs, images, STL, G-code), inside the artifact folder only' },
    async (uri) => {
      const notFound = () => new McpError(RESOURCE_NOT_FOUND, `no artifact at ${uri.href}`, { uri: uri.href });
      let path: string;
      try {
        path = fileURLToPath(uri.href);
      } catch {
        throw notFound(); // file://host/... and the like name nothing on this machine
      }
      const real = await realpath(path).catch(() => null);
      const root = await realpath(o.artifactsRoot).catch(() => o.artifactsRoot);
      if (!real || !real.startsWith(root + sep)) throw notFound();
      const mimeType = mediaTypeOf(real);
      // a FIFO or device here must not hold a thread of the pool: opened without blocking, checked on the handle
      const data = await readRegularFile(real, { maxBytes: MAX_RESOURCE_BYTES, what: 'artifacts served as resources', hint: 'read only files the tools produced' }).catch((err: unknown) => {
        if (err instanceof NotFoundError) throw notFound();
        // too large, not a regular file: the request asked for something this server will not serve
        if (err instanceof InputError) throw new McpError(ErrorCode.InvalidParams, err.hint ? `${err.message} (${err.hint})` : err.message, { uri: uri.href });
        throw err;
      });
      return { contents: [TEXT_TYPES.test(mimeType) ? { uri: uri.href, mimeType, text: data.toString('utf8') } : { uri: uri.href, mimeType, blob: data.toString('base64') }] };
    },
  );
  return server;
}
