/** Where the HPC benchmark's jobs go (benchCluster.ts): the cluster --executor picks, the HPC agent's only one, and the shared dataset folder per spec. */
import { existsSync, mkdirSync, mkdtempSync, readlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { afterRun, benchCluster, benchHpcConfig, datasetSpecHash, shareLocalDatasets } from '../../../benchmarks/hpc/benchCluster.ts';
import { configSchema } from '../../../config/schema.ts';

const slurm = (host: string) => ({ executor: 'slurm', host, user: 'bench', keyFile: '/k', port: 2222 });
const config = (hpc: Record<string, unknown>) => configSchema.parse({ home: mkdtempSync(join(tmpdir(), 'hpc-bc-')), hpc });

describe('benchCluster', () => {
  it('slurm: the configured default when it is a slurm cluster, else the first slurm one; refuses none', () => {
    const c = config({ clusters: { local: { executor: 'local' }, a: slurm('10.0.0.1'), b: slurm('10.0.0.2') }, defaultCluster: 'b' });
    expect(benchCluster(c, 'slurm').cluster).toEqual({ name: 'b', executor: 'slurm', host: 'bench@10.0.0.2:2222' });
    const d = config({ clusters: { local: { executor: 'local' }, a: slurm('10.0.0.1') }, defaultCluster: 'local' });
    expect(benchCluster(d, 'slurm').cluster.name).toBe('a');
    expect(benchCluster(d, 'local').cluster).toEqual({ name: 'local', executor: 'local' });
    expect(() => benchCluster(config({}), 'slurm')).toThrow(/no cluster configured/);
    // only slurm clusters configured: --executor local gets the embedded default's settings, not a half-filled one
    const onlySlurm = benchCluster(config({ clusters: { a: slurm('10.0.0.1') } }), 'local');
    expect(onlySlurm.cluster).toEqual({ name: 'local', executor: 'local' });
    expect(onlySlurm.settings).toMatchObject({ executor: 'local', cpus: 2, setup: [] });
    expect(onlySlurm.settings.host).toBeUndefined();
  });

  it("the HPC agent's settings hold exactly that cluster, as the default, and its own home", () => {
    const c = config({ clusters: { local: { executor: 'local', cpus: 3 }, a: slurm('10.0.0.1') }, defaultCluster: 'a' });
    const { cluster, settings } = benchCluster(c, 'local');
    const h = benchHpcConfig(c, '/run/hpc-home', cluster, settings);
    expect(h.home).toBe('/run/hpc-home');
    expect(h.hpc.defaultCluster).toBe('local');
    expect(Object.keys(h.hpc.clusters)).toEqual(['local']);
    expect(h.hpc.clusters.local.cpus).toBe(3);
  });

  it('links the run\'s local datasets folder to the one of its spec, says whether it is complete, and refuses a folder in the way', () => {
    const c = config({ datasets: { small: { rows: 12, seed: 0, nelx: 20, nely: 10, maxIter: 15 } } });
    const a = shareLocalDatasets(c, join(c.home, 'run-a'), 'beams2d');
    expect(a).toMatchObject({ name: 'beams2d-n12-seed0-20x10-it15', specHash: datasetSpecHash(c, 'beams2d'), state: 'generated' });
    expect(readlinkSync(join(c.home, 'run-a', 'hpc', 'local', 'datasets'))).toBe(join(c.home, 'bench', 'hpc', 'datasets', a.specHash));
    expect(afterRun(a).state).toBe('incomplete'); // no job made it
    mkdirSync(a.dir, { recursive: true });
    writeFileSync(join(a.dir, 'manifest.json'), JSON.stringify({ complete: true }));
    expect(afterRun(a).state).toBe('generated');
    expect(shareLocalDatasets(c, join(c.home, 'run-b'), 'beams2d').state).toBe('reused');
    expect(shareLocalDatasets(c, join(c.home, 'run-a'), 'beams2d').state).toBe('reused'); // a resumed run keeps its link
    // another dataset spec never shares the folder
    const other = config({ datasets: { small: { rows: 16, seed: 0, nelx: 20, nely: 10, maxIter: 15 } } });
    expect(datasetSpecHash(other, 'beams2d')).not.toBe(a.specHash);
    mkdirSync(join(c.home, 'run-c', 'hpc', 'local', 'datasets'), { recursive: true });
    expect(() => shareLocalDatasets(c, join(c.home, 'run-c'), 'beams2d')).toThrow(/is not the link to the shared benchmark datasets/);
    expect(existsSync(join(c.home, 'run-c', 'hpc', 'local', 'datasets'))).toBe(true);
  });
});
