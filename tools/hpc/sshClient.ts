/**
 * The SSH edge of tools/hpc (all network I/O is here): one ssh2 connection per cluster, opened on
 * first use, with keep-alive (a dead peer is noticed within keepaliveMs × 3), host-key verification
 * against known_hosts (knownHosts.ts; never off), and reconnect: a command or SFTP operation that
 * loses its connection is retried on a fresh one with back-off. Every command sent here is
 * idempotent by construction (slurm.ts), so a retry cannot run anything twice. A command's stdout
 * is read up to MAX_STDOUT_BYTES (past it the command is closed and a ReplyTooLargeError names
 * the cap); of its stderr, which only goes into messages, the last MAX_STDERR_BYTES are kept.
 */
import { mkdirSync, readFileSync, existsSync, renameSync } from 'node:fs';
import { connect as netConnect, type Socket } from 'node:net';
import { dirname, join } from 'node:path';
import { Client, type ClientChannel, type SFTPWrapper } from 'ssh2';
import { ConfigError, InfraError, ReplyTooLargeError, TimeoutError } from '../errors.ts';
import { formatBytes } from '../net/readCapped.ts';
import { hostKeyAlgorithmsFor, parseKnownHosts, refusalMessage, verifyHostKey, type HostKeyVerdict } from './knownHosts.ts';

export interface SshOptions {
  host: string;
  port: number;
  username: string;
  keyFile: string;
  knownHostsFile: string;
  keepaliveMs: number;
  connectTimeoutMs: number;
  /** Reconnect attempts per operation before giving up. */
  maxReconnects: number;
  reconnectDelayMs: number;
}

export interface ExecResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

export type SshEvent = { type: 'connected'; localPort: number } | { type: 'disconnected'; reason: string } | { type: 'reconnecting'; attempt: number; reason: string };

/** The connection dropped under an operation: safe to retry on a new one. */
class ConnectionLost extends InfraError {
  constructor(reason: string) {
    super(`SSH connection lost: ${reason}`, { retryable: true });
  }
}

/** The most stdout a remote command may send: sbatch, squeue and the status scripts print a few kB (an array of thousands of shards, under 1 MB). */
export const MAX_STDOUT_BYTES = 8 * 1024 * 1024;
/** The tail of stderr kept for messages. */
export const MAX_STDERR_BYTES = 64 * 1024;

/** The last `max` bytes of a stream: older chunks are dropped as new ones come, and the count of dropped bytes is kept. */
class Tail {
  private chunks: Buffer[] = [];
  private held = 0;
  dropped = 0;
  constructor(private readonly max: number) {}
  push(d: Buffer): void {
    this.chunks.push(d);
    this.held += d.length;
    while (this.held - this.chunks[0].length >= this.max) {
      const first = this.chunks.shift()!;
      this.held -= first.length;
      this.dropped += first.length;
    }
  }
  text(): string {
    const all = Buffer.concat(this.chunks);
    const cut = Math.max(0, all.length - this.max);
    const dropped = this.dropped + cut;
    return `${dropped ? `[${dropped} earlier bytes dropped] ` : ''}${all.subarray(cut).toString('utf8')}`;
  }
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export class SshClient {
  private conn: Client | null = null;
  private opening: Promise<Client> | null = null;
  /** The local TCP port of the current connection (tests find sshd's session process by it). */
  localPort?: number;
  reconnects = 0;

  constructor(
    private readonly o: SshOptions,
    private readonly onEvent: (e: SshEvent) => void = () => {},
  ) {}

  private readKey(): Buffer {
    if (!existsSync(this.o.keyFile)) throw new ConfigError(`SSH key file not found: ${this.o.keyFile}`, { hint: 'set hpc.clusters.<name>.keyFile in engiai.yaml' });
    return readFileSync(this.o.keyFile);
  }

  private openSocket(): Promise<Socket> {
    return new Promise((resolve, reject) => {
      const sock = netConnect({ host: this.o.host, port: this.o.port });
      const timer = setTimeout(() => {
        sock.destroy();
        reject(new InfraError(`cannot reach ${this.o.host}:${this.o.port} within ${this.o.connectTimeoutMs} ms`, { retryable: true }));
      }, this.o.connectTimeoutMs);
      sock.once('connect', () => {
        clearTimeout(timer);
        resolve(sock);
      });
      sock.once('error', (err) => {
        clearTimeout(timer);
        reject(new InfraError(`cannot connect to ${this.o.host}:${this.o.port}: ${err.message}`, { cause: err, retryable: true }));
      });
    });
  }

  private async open(): Promise<Client> {
    const known = existsSync(this.o.knownHostsFile) ? parseKnownHosts(readFileSync(this.o.knownHostsFile, 'utf8')) : [];
    const privateKey = this.readKey();
    const sock = await this.openSocket();
    const client = new Client();
    let refused: Extract<HostKeyVerdict, { ok: false }> | null = null;
    const algos = hostKeyAlgorithmsFor(known, this.o.host, this.o.port);
    return new Promise<Client>((resolve, reject) => {
      let ready = false;
      client.once('ready', () => {
        ready = true;
        this.localPort = sock.localPort;
        this.onEvent({ type: 'connected', localPort: sock.localPort ?? 0 });
        resolve(client);
      });
      client.on('error', (err: Error & { level?: string }) => {
        sock.destroy();
        if (ready) {
          // after the handshake (keep-alive timeout, reset): the connection is gone; operations on it retry
          if (this.conn === client) this.conn = null;
          this.onEvent({ type: 'disconnected', reason: err.message });
          return;
        }
        if (refused) {
          const { message, hint } = refusalMessage(refused, this.o.knownHostsFile, this.o.host, this.o.port);
          reject(new InfraError(message, { hint, retryable: false }));
        } else if (err.level === 'client-authentication') {
          reject(new InfraError(`SSH authentication as ${this.o.username}@${this.o.host} failed with the key ${this.o.keyFile}`, { cause: err, retryable: false, hint: "add the key's .pub file to ~/.ssh/authorized_keys on the cluster" }));
        } else if (/privateKey|parse|passphrase/i.test(err.message)) {
          reject(new ConfigError(`cannot use the SSH key ${this.o.keyFile}: ${err.message}`, { cause: err }));
        } else reject(new ConnectionLost(err.message));
      });
      client.on('close', () => {
        if (this.conn === client) {
          this.conn = null;
          this.onEvent({ type: 'disconnected', reason: 'connection closed' });
        }
      });
      client.connect({
        sock,
        username: this.o.username,
        privateKey,
        readyTimeout: this.o.connectTimeoutMs,
        keepaliveInterval: this.o.keepaliveMs,
        keepaliveCountMax: 3,
        ...(algos.length ? { algorithms: { serverHostKey: algos as never } } : {}),
        hostVerifier: (key: Buffer) => {
          const v = verifyHostKey(known, this.o.host, this.o.port, key);
          if (!v.ok) refused = v;
          return v.ok;
        },
      });
    });
  }

  private async client(): Promise<Client> {
    if (this.conn) return this.conn;
    this.opening ??= this.open()
      .then((c) => (this.conn = c))
      .finally(() => (this.opening = null));
    return this.opening;
  }

  /** Runs `op` on the connection; on a lost connection reconnects (with back-off) and runs it again. */
  private async withRetry<T>(what: string, op: (c: Client) => Promise<T>): Promise<T> {
    for (let attempt = 0; ; attempt++) {
      let client: Client | null = null;
      try {
        client = await this.client();
        return await op(client);
      } catch (err) {
        const retryable = err instanceof InfraError && err.retryable;
        if (!retryable || attempt >= this.o.maxReconnects) {
          if (retryable) throw new InfraError(`${what} failed after ${attempt + 1} attempts: ${(err as Error).message}`, { cause: err, retryable: false, hint: `check that ${this.o.host}:${this.o.port} is reachable` });
          throw err;
        }
        if (client && this.conn === client) {
          this.conn = null;
          client.end();
        }
        this.reconnects++;
        this.onEvent({ type: 'reconnecting', attempt: attempt + 1, reason: (err as Error).message });
        await sleep(this.o.reconnectDelayMs * 2 ** Math.min(attempt, 5));
      }
    }
  }

  /** Fails the pending operation when its connection closes under it. */
  private guard<T>(client: Client, run: (fail: (e: Error) => void) => Promise<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      const onClose = () => reject(new ConnectionLost('closed during the operation'));
      client.once('close', onClose);
      run(reject)
        .then(resolve, reject)
        .finally(() => client.off('close', onClose));
    });
  }

  exec(command: string, timeoutMs = 60_000, maxStdoutBytes = MAX_STDOUT_BYTES): Promise<ExecResult> {
    return this.withRetry('remote command', (c) =>
      this.guard(c, () => new Promise<ExecResult>((resolve, reject) => {
        c.exec(command, (err: Error | undefined, stream: ClientChannel) => {
          if (err) return reject(new ConnectionLost(err.message));
          const stdout: Buffer[] = [];
          let stdoutBytes = 0;
          const stderr = new Tail(MAX_STDERR_BYTES);
          let code: number | null = null;
          let failed = false;
          const fail = (e: Error) => {
            failed = true;
            clearTimeout(timer);
            stream.close();
            reject(e);
          };
          const timer = setTimeout(() => fail(new TimeoutError(`remote command did not finish within ${timeoutMs} ms`, timeoutMs)), timeoutMs);
          stream.on('data', (d: Buffer) => {
            if (failed) return;
            stdoutBytes += d.length;
            if (stdoutBytes > maxStdoutBytes) {
              stdout.length = 0;
              return fail(new ReplyTooLargeError(`the remote command on ${this.o.host} printed more than the ${formatBytes(maxStdoutBytes)} cap on its output; it was closed there`, maxStdoutBytes, { hint: 'an EngiAI command prints a few kB: check the remote shell profile prints nothing, or the command' }));
            }
            stdout.push(d);
          });
          stream.stderr.on('data', (d: Buffer) => stderr.push(d));
          stream.on('exit', (c: number | null) => (code = c));
          stream.on('close', () => {
            clearTimeout(timer);
            if (failed) return;
            if (code === null) reject(new ConnectionLost('the command ended without an exit status'));
            else resolve({ code, stdout: Buffer.concat(stdout).toString('utf8'), stderr: stderr.text() });
          });
        });
      })),
    );
  }

  private sftpOp<T>(what: string, op: (s: SFTPWrapper) => Promise<T>): Promise<T> {
    return this.withRetry(what, (c) =>
      this.guard(c, () => new Promise<SFTPWrapper>((resolve, reject) => c.sftp((err, s) => (err ? reject(new ConnectionLost(err.message)) : resolve(s)))).then(async (s) => {
        try {
          return await op(s);
        } finally {
          s.end();
        }
      })),
    );
  }

  /** Creates `dir` and its parents (relative paths are under the remote home). */
  mkdirp(dir: string): Promise<void> {
    return this.sftpOp('SFTP mkdir', async (s) => {
      const parts = dir.split('/').filter(Boolean);
      let at = dir.startsWith('/') ? '' : '.';
      for (const p of parts) {
        at = at === '' ? `/${p}` : `${at}/${p}`;
        await new Promise<void>((resolve, reject) => s.mkdir(at, (err) => (!err || (err as { code?: number }).code === 4 || /exist/i.test(err.message) ? resolve() : reject(err))));
      }
    });
  }

  writeFile(path: string, data: string, mode = 0o644): Promise<void> {
    return this.sftpOp('SFTP write', (s) => new Promise<void>((resolve, reject) => s.writeFile(path, data, { mode }, (err) => (err ? reject(new InfraError(`cannot write ${path}: ${err.message}`)) : resolve()))));
  }

  /** The last `maxBytes` of a file, or null when it does not exist. */
  readTail(path: string, maxBytes: number): Promise<string | null> {
    return this.sftpOp('SFTP read', (s) =>
      new Promise<string | null>((resolve, reject) => {
        s.open(path, 'r', (err, handle) => {
          if (err) return resolve(null);
          s.fstat(handle, (e2, st) => {
            if (e2) return reject(new InfraError(`cannot stat ${path}: ${e2.message}`));
            const len = Math.min(st.size, maxBytes);
            const buf = Buffer.alloc(len);
            if (len === 0) return s.close(handle, () => resolve(''));
            s.read(handle, buf, 0, len, st.size - len, (e3, n) => s.close(handle, () => (e3 ? reject(new InfraError(`cannot read ${path}: ${e3.message}`)) : resolve(buf.subarray(0, n).toString('utf8')))));
          });
        });
      }),
    );
  }

  /** Up to `maxBytes` of a file from byte `offset` on (empty past its end), or null when it does not exist. */
  readFrom(path: string, offset: number, maxBytes: number): Promise<Buffer | null> {
    return this.sftpOp('SFTP read', (s) =>
      new Promise<Buffer | null>((resolve, reject) => {
        s.open(path, 'r', (err, handle) => {
          if (err) return resolve(null);
          s.fstat(handle, (e2, st) => {
            if (e2) return s.close(handle, () => reject(new InfraError(`cannot stat ${path}: ${e2.message}`)));
            const len = Math.max(0, Math.min(st.size - offset, maxBytes));
            if (len === 0) return s.close(handle, () => resolve(Buffer.alloc(0)));
            const buf = Buffer.alloc(len);
            let got = 0;
            const next = (): void =>
              s.read(handle, buf, got, len - got, offset + got, (e3, n) => {
                if (e3) return s.close(handle, () => reject(new InfraError(`cannot read ${path}: ${e3.message}`)));
                got += n;
                if (n > 0 && got < len) return next();
                s.close(handle, () => resolve(buf.subarray(0, got)));
              });
            next();
          });
        });
      }),
    );
  }

  /** Downloads remote files to local paths in one SFTP session; each lands under `<local>.tmp` first and is renamed into place. */
  getFiles(pairs: Array<{ remote: string; local: string }>): Promise<void> {
    if (pairs.length === 0) return Promise.resolve();
    return this.sftpOp('SFTP download', async (s) => {
      for (const { remote, local } of pairs) {
        mkdirSync(dirname(local), { recursive: true });
        await new Promise<void>((resolve, reject) => s.fastGet(remote, `${local}.tmp`, (err) => (err ? reject(new InfraError(`cannot download ${remote}: ${err.message}`)) : resolve())));
        renameSync(`${local}.tmp`, local);
      }
    });
  }

  /** Copies a remote folder tree (or one file) to `localDir`; returns the local files (at most maxBytes in all). */
  download(remoteDir: string, localDir: string, maxBytes: number): Promise<string[]> {
    return this.sftpOp('SFTP download', async (s) => {
      const files: string[] = [];
      let total = 0;
      const walk = async (remote: string, local: string): Promise<void> => {
        const list = await new Promise<{ filename: string; attrs: { size: number; isDirectory(): boolean; isFile(): boolean } }[]>((resolve, reject) =>
          s.readdir(remote, (err, l) => (err ? reject(new InfraError(`cannot list ${remote}: ${err.message}`)) : resolve(l as never))),
        );
        mkdirSync(local, { recursive: true });
        for (const e of list.sort((a, b) => a.filename.localeCompare(b.filename))) {
          if (e.filename.startsWith('.') || /[/\\]/.test(e.filename)) continue;
          const r = `${remote}/${e.filename}`;
          const l = join(local, e.filename);
          if (e.attrs.isDirectory()) await walk(r, l);
          else if (e.attrs.isFile()) {
            total += e.attrs.size;
            if (total > maxBytes) throw new InfraError(`${remoteDir} holds more than ${maxBytes} bytes`, { hint: 'fetch fewer files or raise the limit' });
            mkdirSync(dirname(l), { recursive: true });
            await new Promise<void>((resolve, reject) => s.fastGet(r, l, (err) => (err ? reject(new InfraError(`cannot download ${r}: ${err.message}`)) : resolve())));
            files.push(l);
          }
        }
      };
      const top = await new Promise<{ isDirectory(): boolean; size: number }>((resolve, reject) => s.stat(remoteDir, (err, st) => (err ? reject(new InfraError(`cannot stat ${remoteDir}: ${err.message}`)) : resolve(st))));
      if (top.isDirectory()) await walk(remoteDir, localDir);
      else {
        if (top.size > maxBytes) throw new InfraError(`${remoteDir} is larger than ${maxBytes} bytes`);
        mkdirSync(dirname(localDir), { recursive: true });
        await new Promise<void>((resolve, reject) => s.fastGet(remoteDir, localDir, (err) => (err ? reject(new InfraError(`cannot download ${remoteDir}: ${err.message}`)) : resolve())));
        files.push(localDir);
      }
      return files;
    });
  }

  close(): void {
    this.conn?.end();
    this.conn = null;
  }
}
