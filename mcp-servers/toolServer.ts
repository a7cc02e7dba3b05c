/**
 * Any specialist's tools over MCP: each neutral tool (tools/tool.ts BoundTool: strict zod schema,
 * run → {result, artifacts}) becomes an MCP tool with the same name, description and schema. Long
 * work reports MCP progress notifications when the caller sent a progress token; artifacts come
 * back as resource links and are readable as resources (file:// URIs inside the artifact folder
 * only, regular files only). Tools whose purpose is to ask the person are not served (an MCP server has no person to
 * ask); a tool that needs approval is marked destructive, so the client asks before calling it.
 */
import { realpath } from 'node:fs/promises';
import { sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { McpServer, ResourceTemplate } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { ToolAnnotations } from '@modelcontextprotocol/sdk/types.js';
import { InputError, NotFoundError } from '../tools/errors.ts';
import { readRegularFile } from '../tools/fileFaults.ts';
import { encodeError, encodeOutput } from '../tools/mcp/wireFormat.ts';
import { mediaTypeOf, type BoundTool, type ToolRuntime } from '../tools/tool.ts';

export interface ToolServerOptions {
  name: string;
  version: string;
  tools: readonly BoundTool[];
  /** Artifacts under this folder are served as resources. */
  artifactsRoot: string;
  /** Annotations per tool name (default: from needsApproval). */
  annotations?: Record<string, ToolAnnotations>;
  /** Log lines (stderr in the server processes: stdout belongs to the protocol). */
  log?: (line: string) => void;
}

const TEXT_TYPES = /^(?:text\/|application\/json|image\/svg)/;
/** Largest artifact served as a resource (base64 makes a blob a third larger on the wire). */
export const MAX_RESOURCE_BYTES = 64 * 1024 * 1024;

function noPerson(): Promise<string> {
  return Promise.reject(new InputError('this tool asked the person a question, which an MCP server cannot do', { hint: 'give every required value in the call' }));
}

export function createToolServer(o: ToolServerOptions): McpServer {
  const server = new McpServer({ name: o.name, version: o.version }, { capabilities: { logging: {} } });
  const produced = new Map<string, string>();

  for (const tool of o.tools) {
    if (tool.asksPerson) continue;
    const needsApproval = typeof tool.needsApproval === 'function' ? 'per call' : Boolean(tool.needsApproval);
    server.registerTool(
      tool.name,
      {
        description: tool.description,
        inputSchema: tool.schema,
        annotations: o.annotations?.[tool.name] ?? (needsApproval === true ? { destructiveHint: true } : {}),
        _meta: { 'engiai/keyFields': tool.keyFields ?? null, 'engiai/needsApproval': needsApproval },
      },
      async (args: unknown, extra) => {
        const token = extra._meta?.progressToken;
        const runtime: ToolRuntime = {
          askHuman: noPerson,
          progress:
            token === undefined
              ? undefined
              : (e) => {
                  const message = e.value !== undefined ? `${e.label ?? 'value'} ${e.value}` : e.label;
                  void extra.sendNotification({ method: 'notifications/progress', params: { progressToken: token, progress: e.step + 1, total: e.total, ...(message ? { message } : {}) } }).catch(() => undefined);
                },
        };
        const t0 = performance.now();
        try {
          const out = await tool.run(args, runtime);
          for (const a of out.artifacts ?? []) produced.set(a.path, a.label ?? a.kind);
          o.log?.(`${tool.name} ok in ${Math.round(performance.now() - t0)} ms`);
          return encodeOutput(out);
        } catch (err) {
          o.log?.(`${tool.name} failed: ${err instanceof Error ? err.message : String(err)}`);
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
      const real = await realpath(fileURLToPath(uri.href)).catch(() => null);
      const root = await realpath(o.artifactsRoot).catch(() => o.artifactsRoot);
      if (!real || !real.startsWith(root + sep)) throw new NotFoundError(`no artifact at ${uri.href}`);
      const mimeType = mediaTypeOf(real);
      // a FIFO or device here must not hold a thread of the pool: opened without blocking, checked on the handle
      const data = await readRegularFile(real, { maxBytes: MAX_RESOURCE_BYTES, what: 'artifacts served as resources', hint: 'read only files the tools produced' }).catch((err: unknown) => {
        throw err instanceof NotFoundError ? new NotFoundError(`no artifact at ${uri.href}`) : err;
      });
      return { contents: [TEXT_TYPES.test(mimeType) ? { uri: uri.href, mimeType, text: data.toString('utf8') } : { uri: uri.href, mimeType, blob: data.toString('base64') }] };
    },
  );
  return server;
}
