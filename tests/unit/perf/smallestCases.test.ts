/**
 * Every perf benchmark starts and finishes: its smallest case runs through `npm run bench:perf`'s
 * own entry (benchmarks/perf/run.ts, a real child process) and prints one JSON object on stdout.
 * Speed is not asserted (perf is measured, not timed in tests); this catches a benchmark that can no
 * longer start, e.g. one spawning a file that moved (reasoning once spawned cli/launch.js after the
 * launcher had moved to tools/launch.js).
 */
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { benchmarkNames, repoRoot } from '../../../benchmarks/perf/lib/discover.ts';

/** The smallest flags each benchmark accepts; a new benchmark must add its own line here. */
const SMALLEST: Record<string, string[]> = {
  abandonedTurns: ['--turns', '2', '--settle', '1'],
  agents: ['--turns', '2', '--conversations', '2'],
  beams2d: ['--runs', '1', '--nelx', '20', '--nely', '10', '--max-iter', '3'],
  beams3d: ['--runs', '1', '--n', '4', '--max-iter', '2'],
  generative: ['--only', 'speed,epoch', '--batches', '1', '--rows', '8'],
  heatconduction: ['--runs', '1', '--resolution', '21', '--repeats', '1'],
  photonics2d: ['--runs', '1', '--steps', '1', '--nx', '60', '--ny', '105', '--full-steps', '0'],
  reasoning: ['--instances', '20', '--runs', '1'],
  retrieval: ['--notes', '50', '--queries', '10', '--large', '100', '--pdfs', '2', '--repeats', '1'],
  thermoelastic2d: ['--runs', '1', '--max-iter', '2'],
  thermoelastic3d: ['--runs', '1', '--n', '4', '--max-iter', '2'],
  webLoad: ['--sessions', '2'],
  workflow: ['--samples', '1', '--seeds', '1'],
};

const tsx = join(repoRoot, 'node_modules', 'tsx', 'dist', 'cli.mjs');

describe('bench:perf smallest cases', () => {
  it('has a smallest case for every benchmark', () => {
    expect(Object.keys(SMALLEST).sort()).toEqual(benchmarkNames());
  });

  // an asynchronous child: spawnSync would hold this worker's event loop for the whole file (over 60 s with 14
  // cases), and vitest's worker then fails the run with 'Timeout calling "onTaskUpdate"'
  it.each(Object.entries(SMALLEST))('%s runs and prints one JSON object', async (name, flags) => {
    const r = await new Promise<{ status: number | null; stdout: string; stderr: string }>((resolve) => {
      execFile(process.execPath, [tsx, join(repoRoot, 'benchmarks', 'perf', 'run.ts'), name, ...flags], { cwd: repoRoot, encoding: 'utf8', timeout: 240_000, maxBuffer: 64 * 1024 * 1024 }, (err, stdout, stderr) =>
        resolve({ status: err ? (typeof err.code === 'number' ? err.code : null) : 0, stdout, stderr }),
      );
    });
    expect(r.status, r.stderr.slice(-2000)).toBe(0);
    const lines = r.stdout.trim().split('\n');
    expect(lines).toHaveLength(1);
    const out = JSON.parse(lines[0]) as Record<string, unknown>;
    expect(typeof out).toBe('object');
    expect(Object.keys(out).length).toBeGreaterThan(2);
  }, 300_000);
});
