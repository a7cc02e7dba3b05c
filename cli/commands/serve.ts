/**
 * `engiai serve`: the web UI (chat with live agent events, designs, 3D viewer, threads, settings)
 * on 127.0.0.1 by default. Another host needs a token (--token or ENGIAI_WEB_TOKEN or ENGIAI_TOKEN). Runs until
 * interrupted (Ctrl-C closes the server and the thread stores cleanly).
 */
import type { Command } from 'commander';

export interface ServeOptions {
  host?: string;
  port?: string;
  model?: string;
  token?: string;
  approve?: string[];
  withoutApproval?: string[];
  maxTurns?: string;
  benchDir?: string[];
}

const collect = (value: string, previous: string[] = []) => [...previous, ...value.split(',').map((s) => s.trim()).filter(Boolean)];

export async function runServe(o: ServeOptions): Promise<void> {
  const { loadConfig } = await import('../../config/load.ts');
  const { InputError } = await import('../../tools/errors.ts');
  const port = o.port === undefined ? undefined : Number(o.port);
  if (port !== undefined && (!/^\d+$/.test(o.port!.trim()) || port < 0 || port > 65535)) {
    throw new InputError(`--port must be an integer in [0, 65535], got "${o.port}"`, { field: 'port' });
  }
  const maxTurns = o.maxTurns === undefined ? undefined : Number(o.maxTurns);
  if (maxTurns !== undefined && (!/^\d+$/.test(o.maxTurns!.trim()) || maxTurns < 1)) {
    throw new InputError(`--max-turns must be a positive integer, got "${o.maxTurns}"`, { field: 'max-turns' });
  }
  const config = loadConfig({ flags: { server: { host: o.host, port, token: o.token, maxTurns }, model: { spec: o.model } } });
  const { startWebServer } = await import('../../web/server/webServer.ts');
  const server = await startWebServer({ config, approve: o.approve, withoutApproval: o.withoutApproval, benchFolders: o.benchDir, log: (line) => process.stderr.write(`${line}\n`) });
  process.stdout.write(`${server.url}\n`);
  await new Promise<void>((resolve) => {
    const stop = () => {
      process.off('SIGINT', stop);
      process.off('SIGTERM', stop);
      void server.close().then(resolve);
    };
    process.on('SIGINT', stop);
    process.on('SIGTERM', stop);
  });
}

export function register(program: Command): void {
  program
    .command('serve')
    .description('start the web UI: chat with the agents (live tool calls), view designs and STL files in 3D, manage threads')
    .option('--host <host>', '[string] listen address; anything but loopback needs a token (default from config: 127.0.0.1)')
    .option('--port <port>', '[integer] listen port, 0 = any free port (default from config)')
    .option('--model <spec>', '[string] model: offline | openai:MODEL | google:MODEL | ollama:MODEL | openai-compatible:MODEL@URL (default from config: offline)')
    .option('--token <token>', '[string] require this bearer token on every request (or set ENGIAI_WEB_TOKEN or ENGIAI_TOKEN)')
    .option('--max-turns <n>', '[integer] chat turns running at once on the server; beyond it 503 with Retry-After (default from config: 64)')
    .option('--approve <tools>', '[string] tools that ask before running besides the defaults (submit_job, cancel_job), comma-separated, e.g. convert_design_to_stl (repeatable)', collect)
    .option('--without-approval <tools>', '[string] default approvals to remove, comma-separated, e.g. cancel_job (repeatable; shown at start and in the settings)', collect)
    .option('--bench-dir <dirs>', '[string] folders the Benchmarks page lists runs from, comma-separated (repeatable; default: $ENGIAI_HOME/bench)', collect)
    .action(async (o: ServeOptions) => {
      await runServe(o);
    });
}
