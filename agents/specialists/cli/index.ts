/**
 * The local-command specialist (paper §3.2, "CLI agent"): runs whitelisted local programs —
 * including window applications such as STL, PNG and G-code viewers — through run_command, with
 * the guard of tools/cli and the person's approval for every program not marked safe.
 */
import { existsSync } from 'node:fs';
import { commandContext, runCommandTool } from '../../../tools/cli/runCommandTool.ts';
import { bindTools } from '../../../tools/tool.ts';
import { loadPrompt } from '../../prompts/loadPrompt.ts';
import type { Specialist, SpecialistFactory } from '../specialist.ts';
import { cliMentionedAt, planCli } from './offlinePlanner.ts';

export const cliSpecialist: SpecialistFactory = ({ config }): Specialist => {
  const context = commandContext(config.commands, config.home);
  const programs = config.commands.programs;
  const installed = programs.filter((p) => existsSync(p.path));
  const viewers: Record<string, string[]> = {};
  for (const p of installed) for (const ext of p.opens) (viewers[ext] ??= []).push(p.name);
  const list = programs.map((p) => `- ${p.name} ${p.args.join(' ')}${p.safe ? ' (safe: runs without asking)' : ''}${p.gui ? ' (window)' : ''}${existsSync(p.path) ? '' : ' (not installed)'}: ${p.description}`);
  return {
    name: 'cli',
    description: 'Runs whitelisted local programs after the person confirms: opens an STL, PNG or G-code in a viewer window, inspects files in the artifact folder.',
    tools: bindTools([runCommandTool], context),
    prompt: loadPrompt(new URL('./prompt.md', import.meta.url), { PROGRAMS: list.join('\n') || '(none)' }),
    availability: installed.length ? { available: true } : { available: false, reason: 'no whitelisted program is installed (commands.programs)' },
    offline: { mentionedAt: cliMentionedAt, plan: (task) => planCli(task, viewers) },
  };
};
