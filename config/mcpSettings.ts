/**
 * Settings of `engiai mcp <server> --transport http`: the bearer token (secret: ENGIAI_MCP_TOKEN
 * only; required off loopback, and sent by the prusa agent to prusa.server.url), the extra Host
 * names and Origins the server accepts besides its own, and how many sessions it keeps and for how
 * long an idle one lives.
 */
import { z } from 'zod';
import { DEFAULTS } from './defaults.ts';

const hostName = z
  .string()
  .regex(/^(?:\[[0-9A-Fa-f:.]+\]|[0-9A-Fa-f:.]*:[0-9A-Fa-f:.]*|[A-Za-z0-9][A-Za-z0-9.-]{0,252})$/, 'must be a host name or IP address without a port, e.g. printer-pc.lan')
  .describe('host name');

const origin = z
  .string()
  .regex(/^https?:\/\/[^\s/]+$/, 'must be an origin such as http://localhost:6274 (scheme, host, optional port; no path)')
  .describe('browser origin');

export const mcpSettingsSchema = z
  .object({
    token: z.string().min(1).optional().describe('bearer token the MCP HTTP server requires, and the prusa agent sends (secret: ENGIAI_MCP_TOKEN)'),
    allowedHosts: z.array(hostName).max(100).default([]).describe('Host header names accepted besides the bind address and loopback names'),
    allowedOrigins: z.array(origin).max(100).default([]).describe('browser Origins accepted (requests without Origin are always fine)'),
    maxSessions: z.number().int().min(1).max(10_000).default(DEFAULTS.mcp.maxSessions).describe('sessions kept at once; at the cap the least recently used idle one is closed'),
    sessionIdleMs: z.number().int().min(1_000).max(7 * 86_400_000).default(DEFAULTS.mcp.sessionIdleMs).describe('an idle session is closed after this many ms'),
  })
  .strict();

export type McpSettings = z.infer<typeof mcpSettingsSchema>;
