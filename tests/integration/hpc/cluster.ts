/**
 * The loopback SLURM cluster the HPC integration tests run on: started by `.ci/services.sh` (from
 * .ci/run in CI; by hand, as root, on a dev machine). A missing cluster makes the tests FAIL with
 * this message rather than skip. ENGIAI_CI_SVC_DIR overrides where its keys are.
 */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { connect } from 'node:net';
import { fileURLToPath } from 'node:url';
import { hpcContext, quote, type SlurmExecutor } from '../../../tools/hpc/index.ts';
import { testConfig } from './helpers.ts';

export const SVC_DIR = process.env.ENGIAI_CI_SVC_DIR || '/var/lib/engiai-ci-services';
export const SSH_PORT = 2222;
export const SSH_USER = 'ciuser';
const REPO = fileURLToPath(new URL('../../../', import.meta.url)).replace(/\/$/, '');

const MISSING =
  'The loopback SLURM cluster is not running, so the HPC integration tests cannot run. ' +
  'Start it as root with `bash .ci/services.sh` (installs and starts munge, slurmctld, slurmd and a key-only sshd on 127.0.0.1:2222 for ciuser; ' +
  'CI runs it from .ci/run). Checked: ';

function portOpen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const s = connect({ host: '127.0.0.1', port });
    const done = (ok: boolean) => {
      s.destroy();
      resolve(ok);
    };
    s.setTimeout(2000, () => done(false));
    s.once('connect', () => done(true));
    s.once('error', () => done(false));
  });
}

/** Throws (failing the suite) when the cluster is not there. */
export async function requireCluster(): Promise<void> {
  const key = `${SVC_DIR}/id_ed25519`;
  const known = `${SVC_DIR}/known_hosts`;
  if (!existsSync(key) || !existsSync(known)) throw new Error(`${MISSING}${key} and ${known} (missing)`);
  if (!(await portOpen(SSH_PORT))) throw new Error(`${MISSING}sshd on 127.0.0.1:${SSH_PORT} (not listening)`);
  if (process.getuid?.() === 0) {
    try {
      execFileSync('runuser', ['-u', SSH_USER, '--', 'test', '-r', `${REPO}/cli/bin.js`]);
    } catch {
      throw new Error(`${SSH_USER} cannot read ${REPO}/cli/bin.js, so jobs cannot run engiai from this checkout: give others read access (chmod o+rx on its parent folders)`);
    }
  }
}

/** A cluster entry for the loopback cluster; jobs run this checkout's engiai. */
export function ciCluster(remoteDir: string, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    executor: 'slurm',
    host: '127.0.0.1',
    port: SSH_PORT,
    user: SSH_USER,
    keyFile: `${SVC_DIR}/id_ed25519`,
    knownHostsFile: `${SVC_DIR}/known_hosts`,
    partition: 'debug',
    remoteDir,
    command: `${quote(process.execPath)} ${quote(`${REPO}/cli/bin.js`)}`,
    cpus: 1,
    keepaliveMs: 2000,
    ...extra,
  };
}

export const uniqueRemoteDir = (tag: string) => `engiai-test-${tag}-${process.pid}-${Date.now().toString(36)}`;

/** Removes a test's remote work folder on the loopback cluster (afterAll; failures ignored). */
export async function removeRemoteDir(remoteDir: string): Promise<void> {
  const ctx = hpcContext(testConfig({ clusters: { ci: ciCluster(remoteDir) } }));
  try {
    await (ctx.executor('ci') as SlurmExecutor).ssh.exec(`rm -rf -- ${quote(remoteDir)}`).catch(() => {});
  } finally {
    ctx.close();
  }
}

/** The pids of sshd's session processes serving the client connection from `localPort`. */
export function sshdSessionPids(localPort: number): number[] {
  const out = execFileSync('ss', ['-Htnp', 'state', 'established', `( sport = :${SSH_PORT} and dport = :${localPort} )`], { encoding: 'utf8' });
  return [...out.matchAll(/pid=(\d+)/g)].map((m) => Number(m[1]));
}
