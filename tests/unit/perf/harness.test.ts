/** The bench:perf harness: process timing, interleaving, summaries, flag parsing, discovery. */
import { describe, expect, it } from 'vitest';
import { benchmarkNames, loadBenchmark } from '../../../benchmarks/perf/lib/discover.ts';
import { numberFlag, parseFlags } from '../../../benchmarks/perf/lib/flags.ts';
import { runInterleaved } from '../../../benchmarks/perf/lib/interleave.ts';
import { timeProcess, type Command } from '../../../benchmarks/perf/lib/processTimer.ts';
import { allAgree, median, min, relDiff } from '../../../benchmarks/perf/lib/stats.ts';
import { timingFields } from '../../../benchmarks/perf/lib/summary.ts';
import { beams2dCommands, caseFromFlags } from '../../../benchmarks/perf/beams2d.ts';

/** A fake benchmark command: sleeps `ms`, prints noise then a JSON line with its start time. */
function fake(label: string, ms: number, seconds: number): Command {
  const js = `const t=Date.now();setTimeout(()=>{console.log('noise');console.log(JSON.stringify({start:t,seconds:${seconds},cpu_seconds:${seconds * 2},final_c:1}))},${ms})`;
  return { label, command: process.execPath, args: ['-e', js] };
}

describe('timeProcess', () => {
  it('times the whole process and parses its last JSON line', async () => {
    const run = await timeProcess(fake('a', 150, 0.1));
    expect(run.wallS).toBeGreaterThan(0.15);
    expect(run.result.seconds).toBe(0.1);
  });
  it('rejects a failing command and one without JSON', async () => {
    await expect(timeProcess({ label: 'x', command: process.execPath, args: ['-e', 'process.exit(3)'] })).rejects.toThrow(/exited with 3/);
    await expect(timeProcess({ label: 'y', command: process.execPath, args: ['-e', 'console.log("hi")'] })).rejects.toThrow(/no JSON/);
    await expect(timeProcess({ label: 'z', command: '/nonexistent/bin', args: [] })).rejects.toThrow(/cannot start/);
  });
});

describe('runInterleaved + timingFields', () => {
  it('runs A B C A B C and reports medians, minima and ratios against ours', async () => {
    const cmds = [fake('ours', 10, 0.5), fake('scipy', 200, 1.5), fake('cholmod', 100, 1.0)];
    const lines: string[] = [];
    const by = await runInterleaved(cmds, 2, (l) => lines.push(l));
    const starts = [0, 1].flatMap((r) => cmds.map((c) => [c.label, by.get(c.label)![r].result.start as number] as const));
    const order = [...starts].sort((p, q) => p[1] - q[1]).map((p) => p[0]);
    expect(order).toEqual(['ours', 'scipy', 'cholmod', 'ours', 'scipy', 'cholmod']);
    // one untimed warm-up run of ours first, then the 6 counted runs
    expect(lines).toHaveLength(7);
    expect(lines[0]).toMatch(/^\[warm-up\] ours: .* \(not counted\)$/);
    expect(by.get('ours')).toHaveLength(2);
    const f = timingFields(by);
    expect(f.scipy_s).toBeGreaterThan(f.ours_s);
    expect(f.ratio_scipy).toBeCloseTo(f.scipy_s / f.ours_s, 2);
    expect(f.ratio_scipy_loop).toBeCloseTo(3, 6);
    expect(f.ratio_cholmod_loop).toBeCloseTo(2, 6);
    expect(f.ours_loop_cpu_s).toBe(1);
    expect(f.ratio_scipy_loop_cpu).toBeCloseTo(3, 6);
    expect(f.ours_min_s).toBeLessThanOrEqual(f.ours_median_s);
  });
  it('refuses zero runs and duplicate labels', async () => {
    await expect(runInterleaved([fake('a', 1, 1)], 0)).rejects.toThrow(/positive/);
    await expect(runInterleaved([fake('a', 1, 1), fake('a', 1, 1)], 1)).rejects.toThrow(/unique/);
  });
});

describe('stats and flags', () => {
  it('median, min, agreement', () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 2, 3])).toBe(2.5);
    expect(min([3, 1, 2])).toBe(1);
    expect(relDiff(100, 100.05)).toBeCloseTo(0.05 / 100.05, 12);
    expect(allAgree([100, 100.05, 99.99], 1e-3)).toBe(true);
    expect(allAgree([100, 100.2], 1e-3)).toBe(false);
    expect(allAgree([100, NaN], 1e-3)).toBe(false);
  });
  it('parses flags and rejects bad numbers', () => {
    const { flags, positional } = parseFlags(['beams2d', '--runs', '5', '--nelx=60', '--overhang']);
    expect(positional).toEqual(['beams2d']);
    expect(flags).toEqual({ runs: '5', nelx: '60', overhang: true });
    expect(numberFlag(flags, 'runs', 3, { integer: true, min: 1 })).toBe(5);
    expect(numberFlag(flags, 'nely', 50)).toBe(50);
    expect(() => numberFlag({ runs: '0' }, 'runs', 3, { integer: true, min: 1 })).toThrow(/--runs/);
    expect(() => numberFlag({ nelx: 'abc' }, 'nelx', 3)).toThrow(/--nelx/);
  });
});

describe('discovery and the beams2d module', () => {
  it('finds benchmarks/perf/<name>.ts modules and loads beams2d', async () => {
    expect(benchmarkNames()).toContain('beams2d');
    expect(benchmarkNames()).not.toContain('run');
    const b = await loadBenchmark('beams2d');
    expect(typeof b.run).toBe('function');
    await expect(loadBenchmark('nope')).rejects.toThrow(/unknown perf benchmark/);
  });
  it('builds matching commands for ours and both peers', () => {
    const { c, runs } = caseFromFlags(['--nelx', '40', '--nely', '20', '--overhang', '--runs', '4']);
    expect(runs).toBe(4);
    const [ours, scipy, cholmod] = beams2dCommands(c);
    expect(ours.args).toEqual(expect.arrayContaining(['beams2d', '--nelx', '40', '--max_iter', '100', '--overhang_constraint', 'true']));
    expect(scipy.args[0]).toMatch(/beams2d_scipy\.py$/);
    expect(cholmod.args).toEqual(expect.arrayContaining(['--nely', '20', '--overhang', '--max-iter', '100']));
    expect(cholmod.env).toBeUndefined();
    const capped = beams2dCommands(c, '/usr/bin/python3', caseFromFlags(['--peer-threads', '1']).peerThreads);
    expect(capped[2].env?.OPENBLAS_NUM_THREADS).toBe('1');
    expect(capped[0].env).toBeUndefined();
  });
  it('runs only the peers --peers names, and refuses unknown ones', () => {
    expect(caseFromFlags([]).peers).toEqual(['scipy', 'cholmod']);
    const { c, peers } = caseFromFlags(['--peers', 'cholmod']);
    expect(peers).toEqual(['cholmod']);
    const cmds = beams2dCommands(c, '/usr/bin/python3', undefined, peers);
    expect(cmds.map((x) => x.label)).toEqual(['ours', 'cholmod']);
    expect(cmds[1].args[0]).toMatch(/beams2d_cholmod\.py$/);
    expect(caseFromFlags(['--peers', 'cholmod,scipy']).peers).toEqual(['scipy', 'cholmod']);
    expect(() => caseFromFlags(['--peers', 'superlu'])).toThrow(/--peers takes .*scipy, cholmod.*superlu/);
    expect(() => caseFromFlags(['--peers'])).toThrow(/--peers/);
  });
});
