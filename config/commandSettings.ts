/**
 * Settings of the local-command agent (tools/cli): which programs it may run, with which argument
 * patterns, in which folder, for how long and with how much output. A program is named by its
 * absolute path, never looked up on PATH. Argument patterns: a literal (`--info`, `-l`), or
 * `{file}` / `{file:stl,png}` (an existing file inside the working folder, with one of these
 * extensions), `{dir}`, `{path}` (file or folder inside it), `{int}`, `{number}`.
 */
import { z } from 'zod';
import { DEFAULTS } from './defaults.ts';

export const ARG_PATTERN = /^(?:\{(?:file(?::[a-z0-9]+(?:,[a-z0-9]+)*)?|dir|path|int|number)\}|-{1,2}[A-Za-z0-9][A-Za-z0-9-]*|[A-Za-z0-9][A-Za-z0-9._-]*)$/;

export const programSchema = z
  .object({
    name: z.string().regex(/^[a-z0-9][a-z0-9._+-]{0,39}$/, 'a bare program name such as meshlab').describe('the name a command line starts with'),
    path: z.string().regex(/^\/[^\0]*$/, 'an absolute path such as /usr/bin/meshlab').describe('the executable that runs'),
    args: z.array(z.string().regex(ARG_PATTERN, 'a literal option/word or {file[:ext,...]} {dir} {path} {int} {number}')).default([]).describe('allowed argument patterns; each argument must match one'),
    required: z.array(z.string()).default([]).describe('literal arguments that must be present (e.g. --info)'),
    maxArgs: z.number().int().min(0).max(32).default(8).describe('most arguments, 0..32'),
    safe: z.boolean().default(false).describe('runs without asking the person (read-only programs only)'),
    gui: z.boolean().default(false).describe('a window application: started detached, not waited for'),
    opens: z.array(z.string().regex(/^[a-z0-9]+$/)).default([]).describe('file extensions it shows (viewers: stl, png, gcode)'),
    description: z.string().default('').describe('one line for the agent'),
  })
  .strict();

export const commandSettingsSchema = z
  .object({
    workdir: z.string().min(1).optional().describe('the folder commands run in and cannot leave (default ENGIAI_HOME/artifacts)'),
    timeoutMs: z.number().int().min(100).max(3_600_000).default(DEFAULTS.commands.timeoutMs).describe('longest run in ms'),
    maxOutputBytes: z.number().int().min(256).max(16_777_216).default(DEFAULTS.commands.maxOutputBytes).describe('stdout/stderr kept per stream, bytes'),
    guiStartMs: z.number().int().min(0).max(60_000).default(DEFAULTS.commands.guiStartMs).describe('how long a window application is watched for an early failure, ms'),
    display: z.string().min(1).optional().describe('X display for window applications (DISPLAY)'),
    programs: z
      .array(programSchema)
      .default(() => DEFAULTS.commands.programs.map((p) => programSchema.parse(p)))
      .describe('the whitelist (replaces the default list when given)'),
  })
  .strict();

export type CommandSettings = z.infer<typeof commandSettingsSchema>;
export type ProgramRule = z.infer<typeof programSchema>;
