// Preloaded into the CLI processes the fuzz test starts (NODE_OPTIONS=--import): on exit, appends
// "<pid> <max RSS in KB>" to $ENGIAI_FUZZ_RSS_FILE, so the test can bound each process's memory.
import { appendFileSync } from 'node:fs';

process.on('exit', () => {
  try {
    if (process.env.ENGIAI_FUZZ_RSS_FILE) appendFileSync(process.env.ENGIAI_FUZZ_RSS_FILE, `${process.pid} ${process.resourceUsage().maxRSS}\n`);
  } catch {
    // the test reports a missing record
  }
});
