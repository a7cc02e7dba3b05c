/**
 * The printer tests' simulators and agent tools, through the path the agent uses (MCP client → the
 * Prusa MCP server as a child process → PrusaLink over HTTP to the simulator). Every simulator
 * started and every MCP connection opened here is closed by closeAll(), the newest first.
 */
import { prusaEndpoint } from '../../agents/specialists/prusa/index.ts';
import type { EngiConfig } from '../../config/schema.ts';
import { McpConnection } from '../../tools/mcp/mcpConnection.ts';
import { remoteTools } from '../../tools/mcp/remoteTools.ts';
import { startPrinterSim, type RunningSim, type SimServerOptions } from '../../tools/prusa/printerSim/simServer.ts';
import { PRINTER_TOOL_SPECS } from '../../tools/prusa/toolSpecs.ts';
import type { ToolOutput } from '../../tools/tool.ts';

export interface PrinterBench {
  /** The printer tools over a new MCP connection for `config`; a call answers no question put to a person (''). */
  agentTools(config: EngiConfig): (name: string, args?: Record<string, unknown>) => Promise<ToolOutput>;
  /** A simulator with the bench's API key and `o`. */
  simWith(o?: Partial<SimServerOptions>): Promise<RunningSim>;
  /** The settings' environment pointing at `sim` with the bench's key. */
  env(sim: RunningSim): { ENGIAI_PRINTER_URL: string; ENGIAI_PRINTER_KEY: string };
  closeAll(): Promise<void>;
}

export function printerBench(key: string): PrinterBench {
  const open: { close(): Promise<void> }[] = [];
  return {
    agentTools(config) {
      const connection = new McpConnection('prusa', prusaEndpoint(config), { callTimeoutMs: 90_000 });
      open.push(connection);
      const tools = remoteTools(PRINTER_TOOL_SPECS, connection);
      return (name, args = {}) => tools.find((t) => t.name === name)!.run(args, { askHuman: async () => '' });
    },
    async simWith(o = {}) {
      const sim = await startPrinterSim({ apiKey: key, ...o });
      open.push(sim);
      return sim;
    },
    env: (sim) => ({ ENGIAI_PRINTER_URL: sim.url, ENGIAI_PRINTER_KEY: key }),
    async closeAll() {
      for (const o of open.splice(0).reverse()) await o.close().catch(() => undefined);
    },
  };
}
