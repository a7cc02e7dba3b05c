/**
 * Per-class accuracy of the offline planner on a phrasing set:
 *   npx tsx tests/unit/agents/phrasings/report.ts                 # the corpus
 *   npx tsx tests/unit/agents/phrasings/report.ts ./heldOut.ts    # any module exporting `PHRASINGS` (or CORPUS)
 * Prints one line per class, the total, the count of phrasings with a silent wrong value, and why
 * each failing phrasing failed. Exit code 1 when any value was passed on wrong without a word.
 */
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { CORPUS } from './corpus/index.ts';
import { report, type Phrasing } from './harness.ts';
import { phrasingSession, runAll } from './session.ts';

const file = process.argv[2];
type Module = { PHRASINGS?: readonly Phrasing[]; CORPUS?: readonly Phrasing[] };
const mod: Module = file ? ((await import(pathToFileURL(resolve(file)).href)) as Module) : { CORPUS };
const phrasings = mod.PHRASINGS ?? mod.CORPUS ?? [];
const { session, close } = await phrasingSession();
try {
  const outcomes = await runAll(session, phrasings);
  process.stdout.write(`${report(outcomes)}\n`);
  process.exitCode = outcomes.some((o) => o.silent.length) ? 1 : 0;
} finally {
  close();
}
