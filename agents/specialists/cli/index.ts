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

export const cliSpecialist: SpecialistFactory = ({ config, surface }): Specialist => {
  // in a browser a window program would open on the server's desktop: the page shows the file instead
  const browser = surface === 'browser';
  const programs = browser ? config.commands.programs.filter((p) => !p.gui) : config.commands.programs;
  const context = commandContext({ ...config.commands, programs }, config.home);
  const installed = programs.filter((p) => existsSync(p.path));
  const viewers: Record<string, string[]> = {};
  for (const p of installed) for (const ext of p.opens) (viewers[ext] ??= []).push(p.name);
  const list = programs.map((p) => `- ${p.name} ${p.args.join(' ')}${p.safe ? ' (safe: runs without asking)' : ''}${p.gui ? ' (window)' : ''}${existsSync(p.path) ? '' : ' (not installed)'}: ${p.description}`);
  return {
    name: 'cli',
    description: 'Runs whitelisted local programs after the person confirms: opens an STL, PNG or G-code in a viewer window, inspects files in the artifact folder.',
    tools: bindTools([runCommandTool], context),
    prompt: loadPrompt(new URL('./prompt.md', import.meta.url), {
      PROGRAMS: `${list.join('\n') || '(none)'}${browser ? '\nThe person uses the web UI: files show in the page (an STL in its 3D viewer, images inline). Window programs are not offered: to show a file, give its path, and say to press "View in 3D" on its card.' : ''}`,
    }),
    // in a browser "open it in the viewer" is answered (the page's viewer) even with no program left
    availability: installed.length || browser ? { available: true } : { available: false, reason: 'no whitelisted program is installed (commands.programs)' },
    offline: { mentionedAt: cliMentionedAt, plan: (task) => planCli(task, viewers, { browser }) },
  };
};
