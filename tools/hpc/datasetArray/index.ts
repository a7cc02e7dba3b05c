/** Datasets as SLURM job arrays: `engiai dataset generate … --executor slurm` (generateOnSlurm.ts). */
import type { ClusterSettings } from '../../../config/schema.ts';
import { ConfigError } from '../../errors.ts';
import type { HpcContext } from '../hpcContext.ts';

export { generateOnSlurm, DEFAULT_SHARDS, type SlurmDatasetEvent, type SlurmDatasetOptions } from './generateOnSlurm.ts';
export { readRecord, RECORD_FILE, type ArrayRecord } from './arrayRecord.ts';
export { arrayScript, arraySpec, overrideFlags } from './arrayScript.ts';

/** The named cluster, else hpc.defaultCluster, else the first slurm cluster; it must be a slurm one. */
export function slurmCluster(ctx: HpcContext, name?: string): { name: string; settings: ClusterSettings } {
  const configured = Object.entries(ctx.settings.clusters);
  const chosen = name ?? ctx.settings.defaultCluster ?? configured.find(([, c]) => c.executor === 'slurm')?.[0];
  if (!chosen) {
    throw new ConfigError('no SLURM cluster is configured, so --executor slurm has nowhere to run', {
      hint: 'add one under hpc.clusters in engiai.yaml (executor: slurm, host, user, keyFile; see config/engiai.example.yaml), or drop --executor slurm to generate here',
    });
  }
  const c = ctx.cluster(chosen);
  if (c.settings.executor !== 'slurm') throw new ConfigError(`cluster "${chosen}" runs jobs with the ${c.settings.executor} executor, not SLURM`, { hint: 'name a slurm cluster with --cluster, or drop --executor slurm to generate here' });
  return c;
}
