/**
 * What the HPC tools share, built from the settings: the clusters (an executor per cluster, created
 * on first use and kept, so one SSH connection serves a whole conversation), the pipeline store,
 * and the local folders (job scripts and fetched outputs under ENGIAI_HOME/artifacts/hpc/<key>/,
 * so the web UI serves them; local jobs under ENGIAI_HOME/hpc/local/).
 */
import { homedir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ClusterSettings, EngiConfig, HpcSettings } from '../../config/schema.ts';
import { ConfigError, InputError } from '../errors.ts';
import type { Executor } from './executor.ts';
import { LocalExecutor } from './localExecutor.ts';
import { PipelineStore } from './pipelineStore.ts';
import { quote } from './shellQuote.ts';
import { SlurmExecutor } from './slurmExecutor.ts';
import { SshClient, type SshEvent } from './sshClient.ts';

export interface HpcContext {
  home: string;
  settings: HpcSettings;
  store: PipelineStore;
  /** ENGIAI_HOME/artifacts/hpc: scripts, fetched logs and models, metrics. */
  artifactsDir: string;
  /** The cluster a request without a name uses. */
  defaultCluster: string;
  cluster(name?: string): { name: string; settings: ClusterSettings };
  executor(name: string): Executor;
  /** How a job on that cluster runs engiai (config `command`; local: this installation's node and cli/bin.js). */
  engiaiCommand(name: string): string;
  close(): void;
}

const expandHome = (p: string) => (p === '~' || p.startsWith('~/') ? join(homedir(), p.slice(1)) : p);

/** This installation's engiai, for local jobs: the running node and cli/bin.js of this checkout. */
export const localEngiaiCommand = () => `${quote(process.execPath)} ${quote(fileURLToPath(new URL('../../cli/bin.js', import.meta.url)))}`;

/** The cluster settings of a name given by a person or a model: own entries only ("constructor" is no cluster). */
function clusterNamed(clusters: Record<string, ClusterSettings>, name: string): ClusterSettings | undefined {
  return Object.hasOwn(clusters, name) ? clusters[name] : undefined;
}

function pickDefault(s: HpcSettings): string {
  if (s.defaultCluster) {
    if (!clusterNamed(s.clusters, s.defaultCluster)) throw new ConfigError(`hpc.defaultCluster "${s.defaultCluster}" is not one of hpc.clusters (${Object.keys(s.clusters).join(', ')})`);
    return s.defaultCluster;
  }
  const names = Object.keys(s.clusters);
  return names.find((n) => s.clusters[n].executor === 'slurm') ?? names[0] ?? 'local';
}

export function hpcContext(config: EngiConfig, onSshEvent?: (cluster: string, e: SshEvent) => void): HpcContext {
  const settings = config.hpc;
  const clusters = Object.keys(settings.clusters).length ? settings.clusters : { local: { executor: 'local' } as ClusterSettings };
  const executors = new Map<string, Executor>();
  const ctx: HpcContext = {
    home: config.home,
    settings: { ...settings, clusters },
    store: new PipelineStore(join(config.home, 'hpc', 'threads')),
    artifactsDir: join(config.home, 'artifacts', 'hpc'),
    defaultCluster: pickDefault({ ...settings, clusters }),
    cluster(name) {
      const n = name ?? ctx.defaultCluster;
      const s = clusterNamed(clusters, n);
      if (!s) throw new InputError(`no cluster named "${n}" (configured: ${Object.keys(clusters).join(', ')})`, { field: 'cluster', hint: 'add it under hpc.clusters in engiai.yaml' });
      return { name: n, settings: s };
    },
    executor(name) {
      const known = executors.get(name);
      if (known) return known;
      const { settings: c } = ctx.cluster(name);
      let ex: Executor;
      if (c.executor === 'local') ex = new LocalExecutor(name, join(config.home, 'hpc', 'local'));
      else {
        const ssh = new SshClient(
          {
            host: c.host!,
            port: c.port,
            username: c.user!,
            keyFile: expandHome(c.keyFile!),
            knownHostsFile: expandHome(c.knownHostsFile),
            keepaliveMs: c.keepaliveMs,
            connectTimeoutMs: c.connectTimeoutMs,
            maxReconnects: c.maxReconnects,
            reconnectDelayMs: 500,
          },
          (e) => onSshEvent?.(name, e),
        );
        ex = new SlurmExecutor(name, ssh, c.remoteDir);
      }
      executors.set(name, ex);
      return ex;
    },
    engiaiCommand(name) {
      const c = ctx.cluster(name).settings;
      return c.command ?? (c.executor === 'local' ? localEngiaiCommand() : 'engiai');
    },
    close() {
      for (const ex of executors.values()) ex.close();
      executors.clear();
    },
  };
  return ctx;
}
