/**
 * The Prusa MCP server: slicing with PrusaSlicer and the configured printers over PrusaLink
 * (tools/prusa/printerTools.ts), served through the generic adapter with the tools' own MCP
 * annotations (start_print destructive, status tools read-only).
 */
import type { EngiConfig } from '../../config/schema.ts';
import { PRINTER_TOOLS, printerContext } from '../../tools/prusa/printerTools.ts';
import { PRINTER_TOOL_SPECS } from '../../tools/prusa/toolSpecs.ts';
import { bindTools } from '../../tools/tool.ts';
import { createToolServer } from '../toolServer.ts';

export function createPrusaServer(config: EngiConfig, log: (line: string) => void = () => {}) {
  const context = printerContext(config.prusa, config.home);
  return createToolServer({
    name: 'engiai-prusa',
    version: '0.1.0',
    tools: bindTools(PRINTER_TOOLS, context),
    artifactsRoot: context.artifactsRoot,
    annotations: Object.fromEntries(PRINTER_TOOL_SPECS.map((t) => [t.name, t.annotations])),
    log,
  });
}
