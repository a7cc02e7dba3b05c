/**
 * Where an HPC benchmark run's jobs go, and the dataset they train on.
 *  - The cluster: for `--executor local` the embedded local executor (the configured `local`
 *    cluster's settings when there is one); for `slurm` the configured default cluster if it is a
 *    slurm one, else the first slurm cluster. The HPC agent is built with exactly that cluster as its
 *    default, so what the report names is where the jobs ran.
 *  - The dataset (local executor): a job generates its dataset in the executor's datasets folder
 *    (tools/hpc/jobScript.ts: `../datasets/<problem>-<source>-<grid>-it<iter>`, resumable, under a
 *    lock). Each run has its own ENGIAI_HOME, so without sharing every run generated it again
 *    (minutes); the run's datasets folder is a link to ENGIAI_HOME/bench/hpc/datasets/<spec hash>,
 *    the hash of the problem and the dataset settings, so every run of the same spec reuses one
 *    dataset and a run of another spec never touches it. On a slurm cluster the datasets live in the
 *    cluster's remoteDir/datasets, already shared by every job there.
 */
import { existsSync, lstatSync, mkdirSync, readlinkSync, symlinkSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { clusterSchema, type ClusterSettings, type EngiConfig } from '../../config/schema.ts';
import { readManifest } from '../../tools/engineering/dataset/manifest.ts';
import { ConfigError } from '../../tools/errors.ts';
import { datasetName } from '../../tools/hpc/jobScript.ts';
import { configHash } from '../runner/runConfig.ts';
import type { HpcExecutor } from './prompts.ts';

export interface BenchCluster {
  name: string;
  executor: HpcExecutor;
  /** user@host:port of a slurm cluster (no key, no secret). */
  host?: string;
}

export interface BenchDataset {
  /** The dataset the default (small) scale trains on. */
  name: string;
  specHash: string;
  /** Local folder (local executor) or where on the cluster (slurm). */
  dir: string;
  /** reused: a complete dataset of this spec was there before the run; generated: the run's jobs made it; incomplete: no job of the run finished it; cluster: on the cluster, shared by its jobs. */
  state: 'reused' | 'generated' | 'incomplete' | 'cluster';
}

export function benchCluster(config: EngiConfig, executor: HpcExecutor): { cluster: BenchCluster; settings: ClusterSettings } {
  const clusters = config.hpc.clusters;
  if (executor === 'local') {
    // the configured local cluster's settings (cpus, setup), else the embedded default's
    const settings = clusters.local?.executor === 'local' ? clusters.local : clusterSchema.parse({ executor: 'local' });
    return { cluster: { name: 'local', executor }, settings };
  }
  const slurm = Object.keys(clusters).filter((n) => clusters[n].executor === 'slurm');
  const name = config.hpc.defaultCluster && slurm.includes(config.hpc.defaultCluster) ? config.hpc.defaultCluster : slurm[0];
  if (!name) throw new ConfigError('the slurm executor needs a slurm cluster: no cluster configured', { hint: 'add one under hpc.clusters in engiai.yaml (executor: slurm, host, user, keyFile), or run with --executor local' });
  const c = clusters[name];
  return { cluster: { name, executor, host: `${c.user}@${c.host}:${c.port}` }, settings: c };
}

/** The settings the run's HPC agent is built with: its own home, and the one cluster as its only and default one. */
export function benchHpcConfig(config: EngiConfig, home: string, cluster: BenchCluster, settings: ClusterSettings): EngiConfig {
  return { ...config, home, hpc: { ...config.hpc, clusters: { [cluster.name]: settings }, defaultCluster: cluster.name } };
}

/** The hash of what makes the datasets the jobs generate (problem and the per-scale dataset settings). */
export function datasetSpecHash(config: EngiConfig, problem: string): string {
  return configHash({ problem, datasets: config.hpc.datasets });
}

/**
 * Links the run's local datasets folder (<home>/hpc/local/datasets) to the shared one of its spec
 * and says whether the default-scale dataset is already complete there.
 */
export function shareLocalDatasets(config: EngiConfig, home: string, problem: string): BenchDataset {
  const specHash = datasetSpecHash(config, problem);
  const shared = resolve(config.home, 'bench', 'hpc', 'datasets', specHash);
  mkdirSync(shared, { recursive: true });
  const local = join(home, 'hpc', 'local');
  mkdirSync(local, { recursive: true });
  const link = join(local, 'datasets');
  if (existsSync(link) || isLink(link)) {
    if (!isLink(link) || resolve(local, readlinkSync(link)) !== shared) throw new ConfigError(`${link} is not the link to the shared benchmark datasets (${shared})`, { hint: 'remove it, or run into a fresh --out directory' });
  } else symlinkSync(shared, link, 'dir');
  const name = datasetName(problem, config.hpc.datasets.small);
  const dir = join(shared, name);
  const manifest = readManifest(join(dir, 'manifest.json'));
  return { name, specHash, dir, state: manifest?.complete ? 'reused' : 'generated' };
}

/** After the run: whether a dataset the run was to generate is complete now. */
export function afterRun(d: BenchDataset): BenchDataset {
  if (d.state !== 'generated') return d;
  return readManifest(join(d.dir, 'manifest.json'))?.complete ? d : { ...d, state: 'incomplete' };
}

function isLink(p: string): boolean {
  try {
    return lstatSync(p).isSymbolicLink();
  } catch {
    return false;
  }
}
