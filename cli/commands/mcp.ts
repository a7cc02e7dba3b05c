/**
 * `engiai mcp <server> [--transport stdio|http] [--host H] [--port P]`: EngiAI's MCP servers —
 * `prusa` (slicing and printers over PrusaLink) and `engineering` (create/optimize/simulate/render/
 * export over MCP, with progress notifications and artifacts as resources). On stdio, stdout carries
 * only JSON-RPC; every log line goes to stderr. Runs until the client disconnects or Ctrl-C.
 */
import type { Command } from 'commander';

export interface McpOptions {
  transport?: string;
  host?: string;
  port?: string;
}

export async function runMcp(name: string, o: McpOptions): Promise<void> {
  const { InputError } = await import('../../tools/errors.ts');
  const { loadConfig } = await import('../../config/load.ts');
  const transport = o.transport ?? 'stdio';
  if (transport !== 'stdio' && transport !== 'http') throw new InputError(`--transport must be stdio or http, got "${transport}"`, { field: 'transport' });
  const port = o.port === undefined ? 0 : Number(o.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new InputError(`--port must be an integer in [0, 65535], got "${o.port}"`, { field: 'port' });
  const config = loadConfig();
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
  const serving = await serveMcp(factory, { transport, host: o.host, port, log });
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
    .action(async (server: string, o: McpOptions) => {
      await runMcp(server, o);
    });
}
