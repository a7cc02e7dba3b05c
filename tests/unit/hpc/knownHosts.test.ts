/** known_hosts matching and the refusal messages; the fingerprint agrees with ssh-keygen. */
import { execFileSync } from 'node:child_process';
import { createHmac, generateKeyPairSync, randomBytes } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { fingerprint, hostKeyAlgorithmsFor, parseKnownHosts, refusalMessage, verifyHostKey } from '../../../tools/hpc/knownHosts.ts';

/** An ed25519 public key blob in SSH wire format. */
function ed25519Blob(): Buffer {
  const raw = generateKeyPairSync('ed25519').publicKey.export({ format: 'der', type: 'spki' }).subarray(-32);
  const t = Buffer.from('ssh-ed25519');
  const len = (b: Buffer) => Buffer.from([0, 0, 0, b.length]);
  return Buffer.concat([len(t), t, len(raw), raw]);
}

describe('known_hosts verification', () => {
  const a = ed25519Blob();
  const b = ed25519Blob();
  const line = (host: string, blob: Buffer) => `${host} ssh-ed25519 ${blob.toString('base64')}`;

  it('accepts the listed key for [host]:port and plain host on 22', () => {
    const known = parseKnownHosts(`# comment\n${line('[127.0.0.1]:2222', a)}\n${line('cluster.example.org,10.0.0.5', b)}\n`);
    expect(verifyHostKey(known, '127.0.0.1', 2222, a)).toEqual({ ok: true });
    expect(verifyHostKey(known, '10.0.0.5', 22, b)).toEqual({ ok: true });
    expect(hostKeyAlgorithmsFor(known, '127.0.0.1', 2222)).toEqual(['ssh-ed25519']);
  });

  it('refuses an unknown host and a changed key, and says how to trust it', () => {
    const known = parseKnownHosts(line('[127.0.0.1]:2222', a));
    const unknown = verifyHostKey(known, '127.0.0.1', 2200, a);
    expect(unknown).toMatchObject({ ok: false, reason: 'unknown', name: '[127.0.0.1]:2200' });
    const m1 = refusalMessage(unknown as never, '/k/known_hosts', '127.0.0.1', 2200);
    expect(m1.message).toMatch(/not in \/k\/known_hosts/);
    expect(m1.hint).toMatch(/ssh-keyscan -p 2200 127\.0\.0\.1.*>> \/k\/known_hosts/);
    const changed = verifyHostKey(known, '127.0.0.1', 2222, b);
    expect(changed).toMatchObject({ ok: false, reason: 'changed', fingerprint: fingerprint(b) });
    const m2 = refusalMessage(changed as never, '/k/known_hosts', '127.0.0.1', 2222);
    expect(m2.message).toMatch(/changed.*man-in-the-middle/);
    expect(m2.hint).toContain("ssh-keygen -R '[127.0.0.1]:2222' -f /k/known_hosts");
  });

  it('matches hashed entries, wildcards and negations; honours @revoked', () => {
    const salt = randomBytes(20);
    const hash = createHmac('sha1', salt).update('[login.hpc]:2222').digest('base64');
    const known = parseKnownHosts(
      [`|1|${salt.toString('base64')}|${hash} ssh-ed25519 ${a.toString('base64')}`, line('*.example.org,!evil.example.org', b), `@revoked ${line('*', b)}`.replace('@revoked *', '@revoked old.example.org')].join('\n'),
    );
    expect(verifyHostKey(known, 'login.hpc', 2222, a)).toEqual({ ok: true });
    expect(verifyHostKey(known, 'node.example.org', 22, b)).toEqual({ ok: true });
    expect(verifyHostKey(known, 'evil.example.org', 22, b)).toMatchObject({ reason: 'unknown' });
    expect(verifyHostKey(known, 'old.example.org', 22, b)).toMatchObject({ reason: 'revoked' });
  });

  it('computes the same SHA256 fingerprint as ssh-keygen -l', () => {
    const dir = mkdtempSync(join(tmpdir(), 'engiai-kh-'));
    writeFileSync(join(dir, 'k.pub'), `ssh-ed25519 ${a.toString('base64')} test\n`);
    const out = execFileSync('ssh-keygen', ['-l', '-E', 'sha256', '-f', join(dir, 'k.pub')], { encoding: 'utf8' });
    expect(out.split(' ')[1]).toBe(fingerprint(a));
  });
});
