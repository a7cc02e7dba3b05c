/**
 * Runs `engiai chat` in its own process for the restart test: the same action the CLI calls
 * (cli/commands/chat.ts register → runChat), with arguments from the command line.
 */
import { Command } from 'commander';
import { register } from '../../../cli/commands/chat.ts';

const program = new Command('engiai').exitOverride();
register(program);
await program.parseAsync(process.argv.slice(2), { from: 'user' });
