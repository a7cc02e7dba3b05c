/**
 * One test per kind of issue 21's failures, through the real runtime (offline model, the registry's
 * specialists, tool calls recorded by blindScore.ts): no value passed on wrong without a word, no
 * question acted on, and each specialist names what it did not apply. Every case failed on main
 * before the fix (b0ce87c).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { allProblems } from '../../../tools/engineering/registry.ts';
import { scoreBlind, type BlindItem } from './blindScore.ts';

const homes: string[] = [];
afterAll(() => {
  for (const h of homes) rmSync(h, { recursive: true, force: true });
});

async function check(item: Omit<BlindItem, 'sealed' | 'kind'>): Promise<string[]> {
  const home = mkdtempSync(join(tmpdir(), 'engiai-i21-'));
  homes.push(home);
  const defaults = Object.fromEntries((await allProblems()).map((p) => [p.id, p.resolveConfig() as Record<string, number | boolean | string>]));
  const [r] = await scoreBlind(home, [{ ...item, kind: 'issue21', sealed: false }], defaults);
  return r.why;
}

describe('issue 21: no silent wrong value', () => {
  it('reads a decimal comma as a point and says so', async () => {
    expect(await check({ id: 'dc', turns: ['beams2d: volfrac 0,35; rmin 2; forcedist 0,25; 40 x 20 elements'], expect: { outcome: 'apply', problem: 'beams2d', conditions: { volfrac: 0.35, rmin: 2, forcedist: 0.25 }, config: { nelx: 40, nely: 20 } } })).toEqual([]);
  }, 60_000);

  it('asks about volfrac 0 (no material) instead of running it', async () => {
    expect(await check({ id: 'v0', turns: ['Optimize beams2d with volfrac 0, rmin 2, forcedist 0.5 on 40x20'], expect: { outcome: 'ask', noTool: ['optimize_design'] } })).toEqual([]);
  }, 60_000);

  it('asks about a value given as a fraction of another field or of a default', async () => {
    expect(await check({ id: 'ref1', turns: ['beams2d with nelx 60, nely as large as nelx, volfrac 0.25, rmin 2, forcedist 0.5'], expect: { outcome: 'ask', noTool: ['optimize_design'] } })).toEqual([]);
    expect(await check({ id: 'ref2', turns: ['Make the beam as tall as nely=nelx/3 with nelx 90; volfrac 0.3, rmin 2, forcedist 0.4'], expect: { outcome: 'ask', noTool: ['optimize_design'] } })).toEqual([]);
    expect(await check({ id: 'ref3', turns: ['Optimize beams2d with half the default volume fraction, rmin 2, forcedist 0.5 on a 40x20 grid'], expect: { outcome: 'ask', noTool: ['optimize_design'] } })).toEqual([]);
  }, 60_000);

  it('applies "half the volfrac" in a follow-up to the earlier value, not as 0.5', async () => {
    expect(await check({ id: 'half', turns: ['Optimize beams2d volfrac 0.4, rmin 2, forcedist 0.5 on 40x20', 'now the same with half the volfrac'], expect: { outcome: 'askOrApply', problem: 'beams2d', conditions: { volfrac: 0.2, rmin: 2, forcedist: 0.5 }, config: { nelx: 40, nely: 20 } } })).toEqual([]);
  }, 60_000);

  it('asks what "a high penalization" is instead of running the default', async () => {
    expect(await check({ id: 'vague', turns: ['Optimize beams2d with a high penalization, volfrac 0.3, rmin 2, forcedist 0.5, 40x20'], expect: { outcome: 'ask', noTool: ['optimize_design'] } })).toEqual([]);
  }, 60_000);

  it('never replaces an unknown SLURM cluster by the local executor', async () => {
    expect(await check({ id: 'cl', turns: ['Generate a SLURM script for a diffusion model, 25 epochs, on the cluster taurus'], expect: { outcome: 'askOrNote', note: 'taurus', noTool: ['generate_slurm_script', 'submit_job'] } })).toEqual([]);
  }, 60_000);

  it('uses the stated epochs and does not ask to submit after "don\'t submit it yet"', async () => {
    expect(await check({ id: 'hold', turns: ["Train a cgan on beams2d for five epochs, but don't submit it yet"], expect: { outcome: 'apply', tools: ['generate_slurm_script'], args: { generate_slurm_script: { algo: 'cgan', epochs: 5 } }, noTool: ['submit_job'], noApprovalFor: 'submit_job' } })).toEqual([]);
  }, 60_000);
});

describe('issue 21: questions get answers, not actions', () => {
  for (const q of ["What's the history of the MBB beam?", 'Is a volume fraction of 0.4 high for a cantilever?', 'Should I print in PLA or PETG?', 'What is the difference between a cGAN and a diffusion model?', "Why would my printer's first layer not stick?"]) {
    it(q, async () => {
      expect(await check({ id: 'q', turns: [q], expect: { outcome: 'answer', question: true } })).toEqual([]);
    }, 60_000);
  }
  it('a job-status question reads the status and does not wait', async () => {
    expect(await check({ id: 'st', turns: ['status of my training job'], expect: { outcome: 'answer', noTool: ['wait_for_job', 'generate_slurm_script', 'submit_job'] } })).toEqual([]);
  }, 60_000);
});

describe('issue 21: the other specialists name what they do not apply', () => {
  it('HPC: CPUs and a time limit are used; a number no setting takes is listed as not applied', async () => {
    expect(await check({ id: 'cpu', turns: ['Train a cGAN for 12 epochs on 4 CPUs with a 1 hour time limit'], expect: { outcome: 'askOrApply', tools: ['generate_slurm_script'], args: { generate_slurm_script: { algo: 'cgan', epochs: 12, cpus: 4, time_limit: '01:00:00' } } } })).toEqual([]);
    expect(await check({ id: 'nodes', turns: ["Write a cgan training script for 3 epochs on 8 nodes, don't submit it"], expect: { outcome: 'askOrNote', note: '8 nodes', noTool: ['submit_job'] } })).toEqual([]);
  }, 60_000);

  it('CLI: "run ls -la" is a command; an app that is not whitelisted is named, not replaced', async () => {
    expect(await check({ id: 'ls', turns: ['run ls -la'], expect: { outcome: 'askOrApply', tools: ['run_command'], args: { run_command: { command: 'ls -la' } } } })).toEqual([]);
    expect(await check({ id: 'pv', turns: ['open the latest STL in ParaView'], expect: { outcome: 'askOrNote', note: 'paraview', forbidTool: ['run_command'], noTool: ['run_command'] } })).toEqual([]);
  }, 60_000);
});

describe('issue 21: everyday design language', () => {
  const base = 'Optimize beams2d volfrac 0.4, rmin 2, forcedist 0.5 on 40x20';
  it('"make it lighter" after a design lowers volfrac by an amount it names as assumed', async () => {
    expect(await check({ id: 'light', turns: [base, 'make it lighter'], expect: { outcome: 'apply', problem: 'beams2d', conditions: { volfrac: 0.32, rmin: 2, forcedist: 0.5 }, config: { nelx: 40, nely: 20 } } })).toEqual([]);
    expect(await check({ id: 'light2', turns: [base, 'a bit lighter please'], expect: { outcome: 'askOrApply', problem: 'beams2d', conditions: { volfrac: 0.36, rmin: 2, forcedist: 0.5 }, config: { nelx: 40, nely: 20 }, note: '10 % less material, an amount I assumed' } })).toEqual([]);
  }, 120_000);

  it('"design me something light and strong" asks which problem instead of printing the capabilities', async () => {
    expect(await check({ id: 'ls', turns: ['design me something light and strong'], expect: { outcome: 'ask', noTool: ['optimize_design', 'create_problem'] } })).toEqual([]);
    expect(await check({ id: 'ls2', turns: ['design me something light and strong', 'beams2d with the defaults on a 40x20 grid'], expect: { outcome: 'apply', problem: 'beams2d', defaultsOnly: true, config: { nelx: 40, nely: 20 } } })).toEqual([]);
  }, 120_000);

  it('two STLs with their conditions in one sentence make two', async () => {
    expect(await check({ id: 'two', turns: [`${base} and export two STLs, one at threshold 0.3 and one at 0.6`], expect: { outcome: 'apply', problem: 'beams2d', conditions: { volfrac: 0.4, rmin: 2, forcedist: 0.5 }, config: { nelx: 40, nely: 20 }, stls: [{ threshold: 0.3 }, { threshold: 0.6 }] } })).toEqual([]);
  }, 60_000);

  it('"since we\'ll 3D print it" makes no STL and offers one', async () => {
    expect(await check({ id: 'why', turns: [`${base}, since we'll 3D print it`], expect: { outcome: 'askOrApply', problem: 'beams2d', conditions: { volfrac: 0.4, rmin: 2, forcedist: 0.5 }, config: { nelx: 40, nely: 20 }, noTool: ['convert_design_to_stl', 'slice_stl', 'upload_gcode'], note: 'no STL was made' } })).toEqual([]);
  }, 60_000);
});
