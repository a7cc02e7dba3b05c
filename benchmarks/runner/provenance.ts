/** Where results came from: the commit and whether the working tree had local changes. */
import { execFileSync } from 'node:child_process';

export interface GitInfo {
  sha: string;
  dirty: boolean;
}

let cached: GitInfo | undefined;

/** git rev-parse HEAD and git status --porcelain, once per process; "unknown" outside a checkout. */
export function gitInfo(cwd = process.cwd()): GitInfo {
  if (cached) return cached;
  try {
    const sha = execFileSync('git', ['rev-parse', 'HEAD'], { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
    const status = execFileSync('git', ['status', '--porcelain', '--untracked-files=no'], { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] });
    cached = { sha, dirty: status.trim().length > 0 };
  } catch {
    cached = { sha: 'unknown', dirty: false };
  }
  return cached;
}
