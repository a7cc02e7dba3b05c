/**
 * Settings of the manufacturing hand-off: the printers reached over PrusaLink, the slicer, and how
 * the Prusa agent reaches the MCP server that drives them. Keys and passwords are secrets: they come
 * from the environment only (ENGIAI_PRINTER_KEY, or the variable a printer's `apiKeyEnv` names).
 */
import { z } from 'zod';
import { DEFAULTS } from './defaults.ts';

const httpUrl = z
  .string()
  .regex(/^https?:\/\/[^\s/]+/, 'must be an http(s) URL such as http://192.168.1.20')
  .describe('http(s) URL');

const envName = z.string().regex(/^[A-Z_][A-Z0-9_]*$/, 'must be an environment variable name such as PRUSA_MK4_KEY');

export const printerSchema = z
  .object({
    name: z.string().regex(/^[A-Za-z0-9][A-Za-z0-9_-]{0,39}$/, 'must be a short name: letters, digits, _ and -').describe('printer name the agents use'),
    url: httpUrl.describe('PrusaLink address, e.g. http://192.168.1.20'),
    apiKey: z.string().min(1).optional().describe('X-Api-Key (secret: environment only)'),
    apiKeyEnv: envName.optional().describe('environment variable holding the X-Api-Key'),
    username: z.string().min(1).default(DEFAULTS.prusa.username).describe('HTTP digest user (PrusaLink: maker)'),
    password: z.string().min(1).optional().describe('HTTP digest password (secret: environment only)'),
    passwordEnv: envName.optional().describe('environment variable holding the digest password'),
    storage: z.string().regex(/^[a-z0-9]+$/, 'a storage name such as local or usb').default(DEFAULTS.prusa.storage).describe('storage uploads go to (local, usb)'),
    timeoutMs: z.number().int().min(100).max(600_000).default(DEFAULTS.prusa.requestTimeoutMs).describe('per-request timeout in ms'),
  })
  .strict();

export const prusaSettingsSchema = z
  .object({
    printers: z.array(printerSchema).default([]).describe('printers reached over PrusaLink; ENGIAI_PRINTER_URL + ENGIAI_PRINTER_KEY give one'),
    slicer: z
      .object({
        command: z.string().min(1).default(DEFAULTS.prusa.slicer.command).describe('PrusaSlicer executable (absolute path)'),
        profile: z.string().min(1).optional().describe('printer profile .ini always loaded first (PrusaSlicer --load)'),
        profilesDir: z.string().min(1).optional().describe('folder of named .ini profiles slice_stl may pick (default ENGIAI_HOME/slicer-profiles)'),
        timeoutMs: z.number().int().min(1000).max(3_600_000).default(DEFAULTS.prusa.slicer.timeoutMs).describe('longest slicing run in ms'),
      })
      .strict()
      .default({ ...DEFAULTS.prusa.slicer }),
    server: z
      .object({
        url: httpUrl.optional().describe('a running `engiai mcp prusa --transport http` (default: the agent starts its own over stdio)'),
        callTimeoutMs: z.number().int().min(1000).max(3_600_000).default(DEFAULTS.prusa.callTimeoutMs).describe('longest MCP tool call in ms'),
      })
      .strict()
      .default({ callTimeoutMs: DEFAULTS.prusa.callTimeoutMs }),
  })
  .strict();

export type PrusaSettings = z.infer<typeof prusaSettingsSchema>;
export type PrinterSettings = z.infer<typeof printerSchema>;
