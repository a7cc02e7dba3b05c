/**
 * `engiai run-command [--yes] [--json] -- "COMMAND LINE"`: the local-command agent's guard and
 * runner from a shell. The same whitelist, argument patterns, working folder, timeout and output
 * cap as run_command; `--yes` stands for the person's approval, never for the whitelist. A refusal
 * exits 2 and names the rule; a command that ran exits 0 when it succeeded (or opened its window), 1 otherwise.
 */
import type { Command } from 'commander';

export interface RunCommandOptions {
  yes?: boolean;
  json?: boolean;
}

async function confirm(question: string): Promise<boolean> {
  const { createInterface } = await import('node:readline/promises');
  const rl = createInterface({ input: process.stdin, output: process.stderr });
  try {
    return /^\s*y(?:es)?\s*$/i.test(await rl.question(`${question} [y/N] `));
  } finally {
    rl.close();
  }
}

export async function runRunCommand(words: string[], o: RunCommandOptions): Promise<void> {
  const { loadConfig } = await import('../../config/load.ts');
  const { CommandRefused } = await import('../../tools/cli/commandLine.ts');
  const { commandContext, commandResult, guardCommand, runChecked } = await import('../../tools/cli/runCommandTool.ts');
  const line = words.join(' ');
  const config = loadConfig();
  const ctx = commandContext(config.commands, config.home);
  const checked = guardCommand(line, ctx);
  if (!checked.program.safe && !o.yes) {
    const shown = [checked.program.name, ...checked.argv].join(' ');
    const approved = process.stdin.isTTY && process.stderr.isTTY ? await confirm(`Run ${shown}?`) : false;
    if (!approved) {
      throw new CommandRefused('approval', `${checked.program.name} needs the person's approval and it was not given; nothing ran`, 'answer y at the prompt, pass --yes, or mark the program safe in commands.programs');
    }
  }
  const r = await runChecked(checked, ctx);
  if (o.json) process.stdout.write(`${JSON.stringify({ command: line, ...commandResult(checked, r) }, null, 2)}\n`);
  else {
    process.stdout.write(r.stdout);
    process.stderr.write(r.stderr);
    if (r.truncated) process.stderr.write(`(output cut at ${config.commands.maxOutputBytes} bytes)\n`);
    if (r.window) process.stderr.write(`${checked.program.name} opened its window (pid ${r.window.pid})\n`);
    if (r.timedOut) process.stderr.write(`timed out after ${config.commands.timeoutMs} ms: killed\n`);
  }
  if (!r.window && r.exitCode !== 0) process.exitCode = 1;
}

export function register(program: Command): void {
  program
    .command('run-command [command...]')
    .description('run one whitelisted local program through the command agent\'s guard (no shell; files inside the artifact folder only)')
    .option('--yes', '[boolean] approve the run (never widens the whitelist) (default false)')
    .option('--json', '[boolean] print the result as JSON: program, args, exit_code, stdout, stderr, truncated, timed_out (default false)')
    .usage('[--yes] [--json] -- "COMMAND LINE"')
    .action(async (words: string[], o: RunCommandOptions) => {
      await runRunCommand(words, o);
    });
}
