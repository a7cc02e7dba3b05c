/** The command table: each entry loads one command module exporting `register(program)`. */
import type { Command } from 'commander';

export interface CommandModule {
  register(program: Command): void;
}

export const commandModules: Array<() => Promise<CommandModule>> = [
  () => import('./problems.ts'),
  () => import('./designs.ts'),
  () => import('./optimize.ts'),
  () => import('./simulate.ts'),
  () => import('./render.ts'),
  () => import('./exportStl.ts'),
  () => import('./dataset.ts'),
  () => import('./chat.ts'),
  () => import('./report.ts'),
  () => import('./serve.ts'),
  () => import('./bench.ts'),
  () => import('./mcp.ts'),
  () => import('./printerSim.ts'),
  () => import('./runCommand.ts'),
  () => import('./indexDocs.ts'),
  () => import('./search.ts'),
  () => import('./collections.ts'),
  () => import('./forget.ts'),
  () => import('./train.ts'),
  () => import('./evaluate.ts'),
];
