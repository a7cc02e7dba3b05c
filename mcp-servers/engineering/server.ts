/**
 * EngiAI's engineering tools over MCP (beyond the paper): create, optimize, simulate, render and
 * export designs for any MCP client, with progress notifications during optimization and the
 * files they produce as resources. The same tools and context the engineering agent uses.
 */
import type { EngiConfig } from '../../config/schema.ts';
import { engineeringContext } from '../../tools/engineering/context.ts';
import { engineeringToolsFor, problemCatalog } from '../../tools/engineering/tools/index.ts';
import { bindTools } from '../../tools/tool.ts';
import { createToolServer } from '../toolServer.ts';

export async function engineeringServerFactory(config: EngiConfig, log: (line: string) => void = () => {}) {
  const catalog = await problemCatalog();
  const context = engineeringContext(config.home);
  const tools = bindTools(engineeringToolsFor(catalog), context);
  return () =>
    createToolServer({
      name: 'engiai-engineering',
      version: '0.1.0',
      tools,
      artifactsRoot: `${config.home}/artifacts`,
      annotations: Object.fromEntries(tools.map((t) => [t.name, t.name.startsWith('list_') || t.name.startsWith('describe_') || t.name.startsWith('compare_') ? { readOnlyHint: true } : { destructiveHint: false }])),
      log,
    });
}
