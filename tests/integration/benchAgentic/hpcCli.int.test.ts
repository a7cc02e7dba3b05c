/**
 * `engiai bench hpc --agent reference --executor local --seeds 1 --epochs 1 --json` as a user runs it
 * (a tiny dataset in the config file): S_HPC 1 under both protocols through the registry's HPC agent,
 * the executor and cluster named, and the second run of the same dataset spec reusing the dataset.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { engiai, tempHome } from '../cli/helpers.ts';

const home = tempHome();
const configFile = join(home, 'engiai.yaml');
writeFileSync(configFile, 'hpc:\n  datasets:\n    small: { rows: 12, seed: 0, nelx: 20, nely: 10, maxIter: 15 }\n  evaluation: { nSamples: 4 }\n  pollSeconds: 0.3\n');
const before = process.env.ENGIAI_CONFIG;
process.env.ENGIAI_CONFIG = configFile;
afterAll(() => {
  if (before === undefined) delete process.env.ENGIAI_CONFIG;
  else process.env.ENGIAI_CONFIG = before;
});

describe('engiai bench hpc --executor local', () => {
  it('scores the reference agent S_HPC 1 under both protocols and reuses the dataset on the next run', () => {
    const args = ['bench', 'hpc', '--agent', 'reference', '--executor', 'local', '--seeds', '1', '--epochs', '1'];
    const r = engiai(home, [...args, '--json'], { timeoutMs: 240_000 });
    expect(r.code, r.stderr).toBe(0);
    const s = JSON.parse(r.stdout);
    expect(s.cells).toHaveLength(2);
    for (const c of s.cells) expect(c).toMatchObject({ n: 1, s_hpc: 1, executor: 'local', cluster: 'local', protocol: 'engiai', paper: { s_hpc: 1, tc: 1, co: 1 }, engiai: { s_hpc: 1, tc: 1 } });
    expect(s).toMatchObject({ cluster: { name: 'local', executor: 'local' }, dataset: { state: 'generated' } });
    const again = engiai(home, [...args, '--style', 'natural', '--protocol', 'paper'], { timeoutMs: 240_000 });
    expect(again.code, again.stderr).toBe(0);
    expect(again.stdout).toMatch(/executor local, cluster local/);
    expect(again.stdout).toMatch(new RegExp(`dataset beams2d-n12-seed0-20x10-it15 \\(spec [0-9a-f]{16}\\): reused, ${s.dataset.dir.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`));
    expect(again.stdout).toMatch(/reference {2}natural {2}paper prompts {2}n 1 {2}s_hpc paper 1\.00 {2}s_hpc engiai 1\.00/);
    expect(engiai(home, [...args, '--protocol', 'nope']).stderr).toMatch(/unknown --protocol "nope"/);
  }, 300_000);
});
