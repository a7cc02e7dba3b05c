/**
 * Beams3D at its default 16³ grid through the real `engiai` command in a child process (max_iter 3):
 * `engiai optimize beams3d` draws its progress bar on a terminal's stderr (util-linux `script` gives
 * the child a pseudo-terminal), each drawn k/3 carrying iteration k's compliance, before it prints the
 * result; `engiai chat` (the real supervisor, the offline model) records one progress event per
 * iteration, steps 0…2 of 3, between optimize_design's call and its result, and prints the first in
 * its timeline. Both store a 16 × 16 × 16 design.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readNpyHeader } from '../../../tools/engineering/store/npy.ts';
import { BIN, engiai, tempHome } from './helpers.ts';

const npyShape = (path: string) => readNpyHeader(new Uint8Array(readFileSync(path))).shape;
const quote = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`;

describe('engiai CLI: Beams3D at the default 16³ grid', () => {
  const home = tempHome();

  it('optimize beams3d --max-iter 3 on a terminal: the bar shows k/3 with iteration k\'s c, then the 16³ design is stored', () => {
    const out = join(home, 'optimize.json');
    // stdout to a file, stderr on the pseudo-terminal (where the bar is drawn)
    const command = `${quote(process.execPath)} ${quote(BIN)} optimize beams3d --max-iter 3 --json > ${quote(out)}`;
    const r = spawnSync('script', ['-qefc', command, '/dev/null'], { env: { ...process.env, ENGIAI_HOME: home, NO_COLOR: '1' }, encoding: 'utf8', timeout: 120_000 });
    expect(r.status, r.stderr).toBe(0);
    const result = JSON.parse(readFileSync(out, 'utf8')) as { iterations: number; history: number[]; config: Record<string, number>; design: { path: string } };
    expect(result.iterations).toBe(3);
    expect(result.config).toMatchObject({ nelx: 16, nely: 16, nelz: 16, max_iter: 3 });
    expect(npyShape(result.design.path)).toEqual([16, 16, 16]);
    // the bar's redraws (cli-progress throttles them, so a quick iteration may be drawn only with the next)
    const drawn = [...r.stdout.matchAll(/optimize beams3d \[[^\]]*\] (\d+)\/(\d+) ?(?:c=([\d.e+-]+))?/g)].map((m) => ({ k: Number(m[1]), total: Number(m[2]), c: m[3] === undefined ? undefined : Number(m[3]) }));
    expect(drawn[0]).toEqual({ k: 0, total: 3, c: undefined });
    const steps = drawn.filter((d) => d.k > 0);
    expect(steps.length).toBeGreaterThan(0);
    for (const d of steps) {
      expect(d.total).toBe(3);
      expect(d.c).toBeCloseTo(result.history[d.k - 1], 4);
    }
    expect(steps.map((d) => d.k)).toEqual([...steps.map((d) => d.k)].sort((a, b) => a - b));
    expect(steps.at(-1)).toMatchObject({ k: 3 });
  }, 150_000);

  it('chat: the supervisor and the engineering specialist optimize it with progress per iteration before the result', () => {
    const message = 'Optimize a beams3d design with volfrac 0.3, rmin 1.5, forcedist_x 0.5, forcedist_y 0.5 and max_iter 3';
    const r = engiai(home, ['chat', message, '--model', 'offline', '--json']);
    expect(r.code, r.stderr).toBe(0);
    const trace = JSON.parse(r.stdout) as { status: string; events: { type: string; name?: string; ok?: boolean; step?: number; total?: number; value?: number; result?: { design_id: string; path: string; iterations: number } }[] };
    expect(trace.status).toBe('done');
    const ev = trace.events;
    const call = ev.findIndex((e) => e.type === 'tool_call' && e.name === 'optimize_design');
    const done = ev.findIndex((e) => e.type === 'tool_result' && e.name === 'optimize_design');
    expect(call).toBeGreaterThan(0);
    expect(ev[done]).toMatchObject({ ok: true, result: { iterations: 3 } });
    const progress = ev.map((e, i) => ({ e, i })).filter(({ e }) => e.type === 'progress');
    expect(progress.map(({ e }) => [e.step, e.total])).toEqual([[0, 3], [1, 3], [2, 3]]);
    for (const { i } of progress) expect(i > call && i < done).toBe(true);
    const dir = ev[done].result!.path;
    const meta = JSON.parse(readFileSync(join(dir, 'meta.json'), 'utf8')) as { history: { objectives: number[] }[] };
    expect(progress.map(({ e }) => e.value)).toEqual(meta.history.map((h) => h.objectives[0]));
    expect(npyShape(join(dir, 'design.npy'))).toEqual([16, 16, 16]);

    // the timeline a person reads: the first iteration's progress line (every tenth is printed), before the result
    const text = engiai(home, ['chat', message.replace('volfrac 0.3', 'volfrac 0.25'), '--model', 'offline']);
    expect(text.code, text.stderr).toBe(0);
    const line = text.stdout.search(/ {4}optimize_design step 1\/3 c \d/);
    expect(line).toBeGreaterThan(0);
    expect(line).toBeLessThan(text.stdout.search(/✓ optimize_design .* iterations=3/));
  }, 150_000);
});
