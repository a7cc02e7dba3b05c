/**
 * The Prusa specialist (paper §3.2, "Prusa agent"): slices STL files and drives 3-D printers. Its
 * tools run in the Prusa MCP server (mcp-servers/prusa), reached over a real MCP connection — a
 * child process on stdio it starts on first use, or `prusa.server.url` (Streamable HTTP). It
 * imports only the tools' declarations (tools/prusa/toolSpecs.ts) and the wording of a print's
 * approval (tools/prusa/startPrintSubject.ts), never the tools' code. Starting a print always asks
 * the person, saying the printer, the file, the estimated print time and the filament. Always
 * available: slicing is local; with no printer configured the
 * printer tools answer "no printer is configured" and say how to add one.
 */
import { getDefaultEnvironment } from '@modelcontextprotocol/sdk/client/stdio.js';
import { fileURLToPath } from 'node:url';
import { artifactsDir } from '../../../config/paths.ts';
import type { EngiConfig } from '../../../config/schema.ts';
import { askPerson } from '../../../tools/askPerson.ts';
import { McpConnection, type McpEndpoint } from '../../../tools/mcp/mcpConnection.ts';
import { remoteTools } from '../../../tools/mcp/remoteTools.ts';
import { startPrintSubject } from '../../../tools/prusa/startPrintSubject.ts';
import { PRINTER_TOOL_SPECS } from '../../../tools/prusa/toolSpecs.ts';
import { loadPrompt } from '../../prompts/loadPrompt.ts';
import type { Specialist, SpecialistFactory } from '../specialist.ts';
import { planPrusa, prusaMentionedAt } from './offlinePlanner.ts';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));

/** How the agent reaches the server: the configured HTTP endpoint, or its own child process. */
export function prusaEndpoint(config: EngiConfig): McpEndpoint {
  if (config.prusa.server.url) return { kind: 'http', url: config.prusa.server.url, ...(config.mcp.token ? { token: config.mcp.token } : {}) };
  return {
    kind: 'stdio',
    command: process.execPath,
    args: [fileURLToPath(new URL('../../../tools/launch.js', import.meta.url)), fileURLToPath(new URL('../../../mcp-servers/prusa/main.ts', import.meta.url))],
    // the child drives the same printers: the settings travel in its environment (secrets included, never in argv)
    env: { ...getDefaultEnvironment(), ENGIAI_HOME: config.home, ENGIAI_PRUSA_SETTINGS: JSON.stringify(config.prusa) },
    cwd: ROOT,
  };
}

export const prusaSpecialist: SpecialistFactory = ({ config }): Specialist => {
  const printers = config.prusa.printers;
  const connection = new McpConnection('prusa', prusaEndpoint(config), { callTimeoutMs: config.prusa.server.callTimeoutMs });
  return {
    name: 'prusa',
    description: 'Slices STL files with PrusaSlicer (print time, filament use) and controls Prusa 3-D printers over PrusaLink: status, upload (into folders), start (after the person approves), pause, resume, cancel; lists the files on a printer and takes a picture with its camera.',
    // a print's approval says the printer, the file, the estimated time and filament (from the G-code's metadata)
    tools: [
      ...remoteTools(PRINTER_TOOL_SPECS, connection, {
        start_print: (args) => startPrintSubject({ printers, artifactsRoot: artifactsDir(config.home) }, args as Parameters<typeof startPrintSubject>[1]),
      }),
      askPerson(),
    ],
    prompt: loadPrompt(new URL('./prompt.md', import.meta.url), {
      PRINTERS: printers.length
        ? printers.map((p) => `${p.name} (${p.url})`).join(', ')
        : config.prusa.server.url
          ? 'those the MCP server at prusa.server.url lists (list_printers)'
          : 'none. Slicing works; the printer tools answer that no printer is configured (set ENGIAI_PRINTER_URL and ENGIAI_PRINTER_KEY, or try `engiai printer-sim`): say so when asked to print',
    }),
    // slicing needs no printer: the specialist is there for slice_stl even when none is configured
    availability: { available: true },
    offline: {
      mentionedAt: prusaMentionedAt,
      // "is my printer online?", "what is the printer doing?" ask for its status; "why does my first layer not stick?" does not
      answers: (q) => !/^\s*(?:why|how|should|which|would|do you)\b/i.test(q) && /\b(?:status|online|offline|busy|idle|printing|progress|connected|doing)\b/i.test(q),
      plan: (task) => planPrusa(task, printers.map((p) => p.name), !printers.length && !config.prusa.server.url),
    },
    close: () => connection.close(),
  };
};
