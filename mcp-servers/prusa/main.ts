/**
 * The Prusa MCP server as a child process on stdio: what the Prusa agent starts
 * (`node tools/launch.js mcp-servers/prusa/main.ts`). Settings come from the environment the
 * parent hands over (ENGIAI_HOME, ENGIAI_PRUSA_SETTINGS); stdout carries only JSON-RPC.
 */
import { loadConfig } from '../../config/load.ts';
import { serveMcp } from '../serveMcp.ts';
import { createPrusaServer } from './server.ts';

const log = (line: string) => void process.stderr.write(`[engiai-prusa] ${line}\n`);
try {
  const config = loadConfig();
  const serving = await serveMcp(() => createPrusaServer(config, log), { transport: 'stdio', log });
  await serving.closed.catch((err: unknown) => {
    // an oversized message: the client has the JSON-RPC error, stderr the reason
    log(`stopped: ${err instanceof Error ? err.message : String(err)}`);
    process.exit(1);
  });
  process.exit(0);
} catch (err) {
  log(`cannot start: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
}
