/**
 * `engiai mcp <server> [--transport stdio|http] [--host H] [--port P] [--token T] [--allow-host H]
 * [--allow-origin O]`: EngiAI's MCP servers — `prusa` (slicing and printers over PrusaLink) and
 * `engineering` (create/optimize/simulate/render/export over MCP, with progress notifications and
 * artifacts as resources). On stdio, stdout carries only JSON-RPC; every log line goes to stderr.
 * Over HTTP a host other than loopback needs a token (ENGIAI_MCP_TOKEN or --token). Runs until the
 * client disconnects or Ctrl-C.
 */
import type { Command } from 'commander';

export interface McpOptions {
  transport?: string;
  host?: string;
  port?: string;
  token?: string;
  allowHost?: string[];
  allowOrigin?: string[];
}

const collect = (value: string, previous: string[] = []) => [...previous, value];

export async function runMcp(name: string, o: McpOptions): Promise<void> {
  const { InputError } = await import('../../tools/errors.ts');
  const { loadConfig } = await import('../../config/load.ts');
  const transport = o.transport ?? 'stdio';
  if (transport !== 'stdio' && transport !== 'http') throw new InputError(`--transport must be stdio or http, got "${transport}"`, { field: 'transport' });
  const port = o.port === undefined ? 0 : Number(o.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new InputError(`--port must be an integer in [0, 65535], got "${o.port}"`, { field: 'port' });
  const config = loadConfig(o.allowHost || o.allowOrigin ? { flags: { mcp: { ...(o.allowHost ? { allowedHosts: o.allowHost } : {}), ...(o.allowOrigin ? { allowedOrigins: o.allowOrigin } : {}) } } } : {});
  const log = (line: string) => void process.stderr.write(`[engiai-${name}] ${line}\n`);
  let factory: () => import('@modelcontextprotocol/sdk/server/mcp.js').McpServer;
  if (name === 'prusa') {
    const { createPrusaServer } = await import('../../mcp-servers/prusa/server.ts');
    if (!config.prusa.printers.length) log('no printer configured (ENGIAI_PRINTER_URL / prusa.printers): slicing works, printer tools will say so');
    factory = () => createPrusaServer(config, log);
  } else if (name === 'engineering') {
    const { engineeringServerFactory } = await import('../../mcp-servers/engineering/server.ts');
    factory = await engineeringServerFactory(config, log);
  } else throw new InputError(`unknown MCP server "${name}"`, { field: 'server', hint: 'engiai mcp prusa | engiai mcp engineering' });
  const { serveMcp } = await import('../../mcp-servers/serveMcp.ts');
  const m = config.mcp;
  const serving = await serveMcp(factory, { transport, host: o.host, port, token: o.token ?? m.token, allowedHosts: m.allowedHosts, allowedOrigins: m.allowedOrigins, maxSessions: m.maxSessions, sessionIdleMs: m.sessionIdleMs, log });
  if (serving.url) process.stdout.write(`${serving.url}\n`);
  const stop = () => void serving.close();
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  await serving.closed;
}

export function register(program: Command): void {
  program
    .command('mcp <server>')
    .description('serve EngiAI tools over MCP: prusa (slice STL, printers over PrusaLink) or engineering (design tools with progress and artifacts as resources)')
    .option('--transport <kind>', '[string] stdio (a child process of its client) or http (Streamable HTTP on /mcp) (default stdio)')
    .option('--host <host>', '[string] listen address for http (default 127.0.0.1)')
    .option('--port <port>', '[integer] listen port for http, 0 = any free port (default 0)')
    .option('--token <token>', '[string] require this bearer token on every http request (or set ENGIAI_MCP_TOKEN); required off loopback')
    .option('--allow-host <name>', '[string] also accept this Host header name (repeatable; default: loopback names and the bind address)', collect)
    .option('--allow-origin <origin>', '[string] accept requests from this browser origin, e.g. http://localhost:6274 (repeatable; default: none)', collect)
    .action(async (server: string, o: McpOptions) => {
      await runMcp(server, o);
    });
}
