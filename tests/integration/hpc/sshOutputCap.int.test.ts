/**
 * A remote command that prints without end (a chatty shell profile, a wrong command) cannot make
 * the SSH client hold it: on the real loopback sshd (127.0.0.1:2222), 200 MB of stdout ends in a
 * ReplyTooLargeError naming the cap once 8 MiB have arrived, with the client's memory measured;
 * stderr keeps its last 64 KiB (marked as cut) for the messages it goes into; the connection stays
 * usable for the next command.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ReplyTooLargeError } from '../../../tools/errors.ts';
import { MAX_STDERR_BYTES, MAX_STDOUT_BYTES, SshClient } from '../../../tools/hpc/sshClient.ts';
import { peakMemoryGrowth } from '../../support/hostileHttp.ts';
import { requireCluster, SSH_PORT, SSH_USER, SVC_DIR } from './cluster.ts';

const MB = 1024 * 1024;
let ssh: SshClient;

beforeAll(async () => {
  await requireCluster();
  ssh = new SshClient({ host: '127.0.0.1', port: SSH_PORT, username: SSH_USER, keyFile: `${SVC_DIR}/id_ed25519`, knownHostsFile: `${SVC_DIR}/known_hosts`, keepaliveMs: 2000, connectTimeoutMs: 10_000, maxReconnects: 0, reconnectDelayMs: 100 });
  await ssh.exec('true');
});
afterAll(() => ssh?.close());

describe('SSH command output is capped', () => {
  it('200 MB of stdout stops at the cap with a named error; memory stays bounded', async () => {
    const t0 = Date.now();
    const { outcome, growth } = await peakMemoryGrowth(() => ssh.exec('head -c 200000000 /dev/zero', 60_000));
    expect(outcome).toBeInstanceOf(ReplyTooLargeError);
    expect((outcome as Error).message).toBe('the remote command on 127.0.0.1 printed more than the 8 MiB cap on its output; it was closed there');
    expect((outcome as ReplyTooLargeError).limitBytes).toBe(MAX_STDOUT_BYTES);
    expect(growth).toBeLessThan(64 * MB);
    expect(Date.now() - t0).toBeLessThan(30_000);
    // the connection is still good
    expect(await ssh.exec('echo ok')).toMatchObject({ code: 0, stdout: 'ok\n' });
  });

  it('stderr keeps its last 64 KiB, marked as cut, and the command still returns', async () => {
    const { outcome, growth } = await peakMemoryGrowth(() => ssh.exec("head -c 50000000 /dev/zero | tr '\\0' x >&2; echo THE-END >&2; exit 3", 60_000));
    const r = outcome as { code: number; stdout: string; stderr: string };
    expect(r.code).toBe(3);
    expect(r.stderr).toMatch(/^\[\d+ earlier bytes dropped\] x+THE-END\n$/);
    expect(Buffer.byteLength(r.stderr)).toBeLessThan(MAX_STDERR_BYTES + 64);
    expect(growth).toBeLessThan(64 * MB);
  });

  it('output under the cap comes back whole', async () => {
    const r = await ssh.exec('head -c 3000000 /dev/zero | tr "\\0" y');
    expect(r.stdout.length).toBe(3_000_000);
  });
});
