/**
 * A client connection to one MCP server that survives the server: it starts (stdio: spawns) the
 * server on first use, and when the server dies — before or during a call — it reports that call
 * as failed (never repeating it: a print must not start twice) and starts a fresh server on the
 * next call. An HTTP server that answers 404 (it restarted, or our idle session expired) never saw
 * the call: a new session is started and the call sent once more. A cancelled call is cancelled on
 * the server too (notifications/cancelled). When the server asks for the person's yes
 * (elicitation/create naming a tool), the answer is yes only while a call of that tool the person
 * already approved here is in flight; any other question is declined. Long calls (slicing, uploads, optimization) get their own timeout, reset by progress.
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport, StreamableHTTPError } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { ElicitRequestSchema, ErrorCode, McpError } from '@modelcontextprotocol/sdk/types.js';
import { CancelledError, InfraError, reasonOf, throwIfCancelled, TimeoutError } from '../errors.ts';
import type { WireResult } from './wireFormat.ts';

export type McpEndpoint =
  | { kind: 'stdio'; command: string; args: string[]; env: Record<string, string>; cwd?: string }
  | { kind: 'http'; url: string; /** Bearer token the server requires (ENGIAI_MCP_TOKEN). */ token?: string };

export interface McpConnectionOptions {
  /** Longest tool call, ms (the SDK's 60 s default is too short for slicing). */
  callTimeoutMs: number;
  /** The server's stderr lines (stdio) and connection events. */
  log?: (line: string) => void;
}

export interface ProgressUpdate {
  progress: number;
  total?: number;
  message?: string;
}

export class McpConnection {
  private client: Client | null = null;
  private connecting: Promise<Client> | null = null;
  private stdio: StdioClientTransport | null = null;
  private lastStderr: string[] = [];
  /** How many servers this connection has started (1 + reconnects). */
  starts = 0;
  /** Calls in flight that the person approved before they were sent, by tool name. */
  private readonly approved = new Map<string, number>();

  constructor(
    readonly label: string,
    private readonly endpoint: McpEndpoint,
    private readonly opts: McpConnectionOptions,
  ) {}

  /** The server process id (stdio), or null when none runs. */
  get pid(): number | null {
    return this.client ? (this.stdio?.pid ?? null) : null;
  }

  private transport() {
    const e = this.endpoint;
    if (e.kind === 'http') return new StreamableHTTPClientTransport(new URL(e.url), e.token ? { requestInit: { headers: { Authorization: `Bearer ${e.token}` } } } : undefined);
    const t = new StdioClientTransport({ command: e.command, args: e.args, env: e.env, cwd: e.cwd, stderr: 'pipe' });
    this.stdio = t;
    this.lastStderr = [];
    t.stderr?.on('data', (chunk: Buffer) => {
      for (const line of chunk.toString('utf8').split('\n').filter(Boolean)) {
        this.lastStderr = [...this.lastStderr.slice(-4), line];
        this.opts.log?.(line);
      }
    });
    return t;
  }

  private stderrTail(): string {
    return this.lastStderr.length ? ` (server said: ${this.lastStderr.slice(-2).join(' | ')})` : '';
  }

  /** The live client, starting the server when none runs. */
  connect(): Promise<Client> {
    if (this.client) return Promise.resolve(this.client);
    this.connecting ??= (async () => {
      const client = new Client({ name: 'engiai', version: '0.1.0' }, { capabilities: { elicitation: { form: {} } } });
      // the server's own confirmation of a tool that needs a yes: relayed only when the person gave it for this call
      client.setRequestHandler(ElicitRequestSchema, (req) => {
        const tool = req.params._meta?.['engiai/tool'];
        const yes = typeof tool === 'string' && (this.approved.get(tool) ?? 0) > 0;
        this.opts.log?.(`${this.label} MCP server asked to confirm ${typeof tool === 'string' ? tool : 'something'}: ${yes ? 'yes (approved in this call)' : 'declined (no approval here)'}`);
        return yes ? { action: 'accept', content: { confirm: true } } : { action: 'decline' };
      });
      client.onclose = () => {
        if (this.client === client) this.client = null;
        this.opts.log?.(`${this.label} MCP server connection closed`);
      };
      this.starts++;
      try {
        await client.connect(this.transport(), { timeout: 30_000 });
      } catch (err) {
        await client.close().catch(() => undefined);
        throw new InfraError(`cannot start the ${this.label} MCP server: ${err instanceof Error ? err.message : String(err)}${this.stderrTail()}`, {
          retryable: false,
          cause: err,
          hint:
            this.endpoint.kind !== 'http'
              ? 'run `engiai mcp prusa` by hand to see why it stops'
              : err instanceof StreamableHTTPError && err.code === 401
                ? `the server at ${this.endpoint.url} wants its token: set ENGIAI_MCP_TOKEN to the value it was started with`
                : `is \`engiai mcp ${this.label} --transport http\` running at ${this.endpoint.url}?`,
        });
      }
      this.client = client;
      return client;
    })().finally(() => (this.connecting = null));
    return this.connecting;
  }

  /**
   * Aborting `signal` sends the server notifications/cancelled (its tool stops) and rejects with a
   * CancelledError. `approved`: the person said yes to this very call (the server's confirmation
   * question about it is answered yes while it runs).
   */
  async callTool(name: string, args: Record<string, unknown>, onProgress?: (p: ProgressUpdate) => void, signal?: AbortSignal, approved = false): Promise<WireResult> {
    if (!approved) return this.call(name, args, onProgress, signal, false);
    this.approved.set(name, (this.approved.get(name) ?? 0) + 1);
    try {
      return await this.call(name, args, onProgress, signal, false);
    } finally {
      const left = (this.approved.get(name) ?? 1) - 1;
      if (left > 0) this.approved.set(name, left);
      else this.approved.delete(name);
    }
  }

  private async call(name: string, args: Record<string, unknown>, onProgress: ((p: ProgressUpdate) => void) | undefined, signal: AbortSignal | undefined, again: boolean): Promise<WireResult> {
    throwIfCancelled(signal);
    const client = await this.connect();
    try {
      const result = await client.callTool({ name, arguments: args }, undefined, {
        timeout: this.opts.callTimeoutMs,
        resetTimeoutOnProgress: true,
        ...(onProgress ? { onprogress: (p: ProgressUpdate) => onProgress(p) } : {}),
        ...(signal ? { signal } : {}),
      });
      return result as unknown as WireResult;
    } catch (err) {
      if (signal?.aborted) throw new CancelledError(`${name} on the ${this.label} MCP server was cancelled: ${reasonOf(signal)}`, { cause: err });
      if (!again && err instanceof StreamableHTTPError && err.code === 404) {
        // the server has no such session (restarted, or the session expired): it did not run the call
        this.opts.log?.(`${this.label} MCP server does not know our session (restarted or expired): starting a new one`);
        if (this.client === client) this.client = null;
        await client.close().catch(() => undefined);
        return this.call(name, args, onProgress, signal, true);
      }
      if (err instanceof McpError && err.code === ErrorCode.RequestTimeout) {
        throw new TimeoutError(`${name} on the ${this.label} MCP server took longer than ${this.opts.callTimeoutMs} ms`, this.opts.callTimeoutMs, { hint: 'raise prusa.server.callTimeoutMs' });
      }
      const died = (err instanceof McpError && err.code === ErrorCode.ConnectionClosed) || this.client !== client;
      if (died) {
        this.client = null;
        await client.close().catch(() => undefined);
        throw new InfraError(`the ${this.label} MCP server stopped during ${name}; the call did not finish and was not repeated${this.stderrTail()}`, {
          retryable: false,
          cause: err,
          hint: 'check the printer with printer_status before trying again; the next call starts the server again',
        });
      }
      throw new InfraError(`${name} on the ${this.label} MCP server failed: ${err instanceof Error ? err.message : String(err)}`, { retryable: false, cause: err });
    }
  }

  async close(): Promise<void> {
    const c = this.client ?? (await this.connecting?.catch(() => null));
    this.client = null;
    await c?.close().catch(() => undefined);
  }
}
