/**
 * `engiai`: one parser, global flags declared once, one file per command (cli/commands/<name>.ts)
 * each exporting `register(program)`. Commands are thin adapters: heavy modules load lazily inside
 * their actions. Only this file decides exit codes.
 */
import { Command, CommanderError } from 'commander';
import { ConflictError, EngiError, InputError, ConfigError, ModelBehaviorError, NotFoundError, StorageError } from '../tools/errors.ts';
import { terminalSafe } from '../tools/terminalText.ts';
import { commandModules } from './commands/index.ts';

const [major, minor] = process.versions.node.split('.').map(Number);
if (major < 20 || (major === 20 && minor < 19)) {
  process.stderr.write(`engiai needs Node.js >= 20.19 (found ${process.versions.node})\n`);
  process.exit(1);
}

/** 2: the person can fix it (bad input, settings, a missing design, a damaged or full store, a turn that lost a race); 1: anything else. */
export function exitCodeFor(err: unknown): number {
  const fixable = [InputError, ConfigError, ModelBehaviorError, NotFoundError, StorageError, ConflictError];
  if (fixable.some((c) => err instanceof c)) return 2;
  return 1;
}

export async function main(argv: string[]): Promise<number> {
  const program = new Command('engiai')
    .description('LLM-driven engineering design: native EngiBench engines, agents and benchmarks')
    .version('0.1.0')
    .showHelpAfterError('(run with --help for usage)')
    .exitOverride();
  for (const load of commandModules) (await load()).register(program);
  try {
    await program.parseAsync(argv, { from: 'user' });
    return process.exitCode === undefined ? 0 : Number(process.exitCode);
  } catch (err) {
    if (err instanceof CommanderError) return err.exitCode === 0 ? 0 : 2;
    if (err instanceof EngiError) {
      // messages quote what others sent (a printer's error page, a remote command's stderr)
      process.stderr.write(`error: ${terminalSafe(err.message)}\n`);
      if (err.hint) process.stderr.write(`hint: ${terminalSafe(err.hint)}\n`);
      return exitCodeFor(err);
    }
    process.stderr.write(`internal error: ${terminalSafe(err instanceof Error ? (err.stack ?? err.message) : String(err))}\n`);
    return 1;
  }
}

const code = await main(process.argv.slice(2));
process.exitCode = code;
