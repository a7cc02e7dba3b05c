/**
 * vitest globalSetup: one temporary root per test run. Every temp folder the tests make, and those
 * the product code they run makes (child processes included: they inherit TMPDIR), lies under
 * `<os temp>/engiai-tests-XXXXXX/`, and the run removes it at its end — a run that left one folder
 * per test case (137 `engiai-*` folders after one CI run) leaves none. Set ENGIAI_KEEP_TEST_TMP=1
 * to keep it for a look (the path is printed).
 */
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export default function setup(): () => void {
  const outer = tmpdir();
  const root = mkdtempSync(join(outer, 'engiai-tests-'));
  // others may pass through (not list), as through /tmp itself: tests run as root hand folders of their own to
  // other users inside it (the throwaway PostgreSQL runs as `postgres` in a folder it owns)
  chmodSync(root, 0o711);
  // the forks that run the test files start after this and inherit it; os.tmpdir() reads TMPDIR
  process.env.TMPDIR = root;
  return () => {
    process.env.TMPDIR = outer;
    if (process.env.ENGIAI_KEEP_TEST_TMP === '1') {
      process.stderr.write(`test temp folders kept in ${root}\n`);
      return;
    }
    rmSync(root, { recursive: true, force: true, maxRetries: 3 });
  };
}
