/**
 * Conversations in PostgreSQL: two server instances (two ChatSessions, each with its own pool) share
 * threads — a clarification asked through one is answered through the other, and the finished
 * thread is readable from a third; two turns at once on one thread store one (the lease, the
 * optimistic checkpoint check), and a dead holder's lease is taken over. Real PostgreSQL on
 * loopback, the offline model, real engines.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pgLib from 'pg';
import { createOfflineModel } from '../../../agents/models/offline/index.ts';
import { createRuntime } from '../../../agents/runtime/createRuntime.ts';
import { openCheckpointer } from '../../../agents/runtime/checkpointer.ts';
import { LEASE_HOLDER } from '../../../agents/runtime/turnLeases.ts';
import { redactUrl } from '../../../agents/runtime/postgresCheckpointer.ts';
import { testConfig, testSession } from '../../unit/agents/sessionKit.ts';
import { ConflictError, InfraError } from '../../../tools/errors.ts';
import { startPostgres, type PostgresServer } from './postgresServer.ts';

describe('PostgreSQL checkpointer', () => {
  let pg: PostgresServer;
  const home = mkdtempSync(join(tmpdir(), 'engiai-pg-home-'));
  beforeAll(async () => {
    pg = await startPostgres();
  });
  afterAll(() => pg?.close());

  const instance = async () => {
    const store = await openCheckpointer({ kind: 'postgres', url: pg.url });
    const session = await testSession(home, { model: createOfflineModel(), saver: store.saver });
    return { store, session };
  };

  it('shares a paused thread between two instances and keeps it after both close', async () => {
    const a = await instance();
    const b = await instance();
    try {
      expect(a.store.location).not.toContain('unused-secret');
      const asked = await a.session.runTurn({ threadId: 'pg-1', message: 'Optimize a Beams2D beam on a 30x15 grid with max_iter 5' });
      expect(asked.status).toBe('interrupted');
      expect(asked.interrupt?.kind).toBe('clarification');
      expect(await b.session.pendingInterrupt('pg-1')).toMatchObject({ kind: 'clarification' });
      const done = await b.session.runTurn({ threadId: 'pg-1', message: 'volfrac 0.3, rmin 1.5, forcedist 0.5' });
      expect(done.status).toBe('done');
      expect(done.answer).toMatch(/beams2d-[0-9a-f]{16}/);
    } finally {
      await a.store.close();
      await b.store.close();
    }
    const c = await instance();
    try {
      const messages = await c.session.messages('pg-1');
      expect(messages.length).toBeGreaterThan(3);
      expect(messages.some((m) => m.getType() === 'tool')).toBe(true);
    } finally {
      await c.store.close();
    }
  });

  it('stores one of two turns started at once on one thread; the other is refused as busy', async () => {
    const runtime = () => createRuntime({ config: testConfig(home), checkpointer: { kind: 'postgres', url: pg.url } });
    const [ra, rb] = await Promise.all([runtime(), runtime()]);
    try {
      const [a, b] = await Promise.all([ra.session({ model: createOfflineModel() }), rb.session({ model: createOfflineModel() })]);
      const first = await a.runTurn({ threadId: 'pg-race', message: 'Optimize a beams2d beam with volfrac 0.4, forcedist 0.5 and rmin 2 on a 20x10 grid with max_iter 3' });
      expect(first.status).toBe('done');
      const humans = async () => (await b.messages('pg-race')).filter((m) => m.getType() === 'human').map((m) => String(m.content));
      const before = await humans();
      const message = 'Optimize a beams2d beam with volfrac 0.3, forcedist 0.5 and rmin 2 on a 60x30 grid with max_iter 40';
      const slow = a.runTurn({ threadId: 'pg-race', message });
      await new Promise((r) => setTimeout(r, 150));
      const refused = await b.runTurn({ threadId: 'pg-race', message }).catch((e: unknown) => e);
      expect(refused).toBeInstanceOf(ConflictError);
      expect(String((refused as Error).message)).toMatch(/thread pg-race is busy: this process is running a turn on it; this turn was not stored/);
      expect((await slow).status).toBe('done');
      expect(await humans()).toEqual([...before, message]);
      // the lease went with the turn: the other instance continues the thread
      expect((await b.runTurn({ threadId: 'pg-race', message: 'list the designs' })).status).toBe('done');
    } finally {
      await Promise.all([ra.close(), rb.close()]);
    }
  }, 120_000);

  it("refuses a checkpoint whose parent is no longer the thread's newest", async () => {
    const a = await instance();
    const b = await instance();
    try {
      await a.session.runTurn({ threadId: 'pg-stale', message: 'Optimize a beams2d beam with volfrac 0.4, forcedist 0.5 and rmin 2 on a 20x10 grid with max_iter 3' });
      const cfg = { configurable: { thread_id: 'pg-stale', checkpoint_ns: '' } };
      const all = [];
      for await (const t of b.store.saver.list(cfg)) all.push(t);
      expect(all.length).toBeGreaterThan(2);
      const [head, older] = all; // newest first
      const next = (from: typeof head) => ({ ...from.checkpoint, id: `${from.checkpoint.id.slice(0, -4)}ffff` });
      // a run that started from an older checkpoint (another instance stored after it) loses
      const stale = await b.store.saver.put(older.config, next(head), head.metadata!, {}).catch((e: unknown) => e);
      expect(stale).toBeInstanceOf(ConflictError);
      expect(String((stale as Error).message)).toMatch(/thread pg-stale was changed by another process while this turn ran; this turn was not stored/);
      expect(String((stale as ConflictError).hint)).not.toContain('unused-secret');
      // one that continues from the newest is stored
      await expect(b.store.saver.put(head.config, next(head), head.metadata!, {})).resolves.toMatchObject({ configurable: { thread_id: 'pg-stale' } });
    } finally {
      await a.store.close();
      await b.store.close();
    }
  });

  it("takes over a dead process's lease and a silent host's, not a live one's", async () => {
    const db = new pgLib.Pool({ connectionString: pg.url });
    const store = await openCheckpointer({ kind: 'postgres', url: pg.url });
    try {
      const hold = (thread: string, pid: number, host: string, beat: number) =>
        db.query('INSERT INTO engiai_turn_leases (thread_id, pid, host, beat) VALUES ($1, $2, $3, $4) ON CONFLICT (thread_id) DO UPDATE SET pid = $2, host = $3, beat = $4', [thread, pid, host, beat]);
      await hold('pg-dead', 2 ** 22 + 12345, LEASE_HOLDER.host, Date.now()); // no such pid on this host
      await (await store.leases!.acquire('pg-dead')).release();
      await hold('pg-silent', 1, 'another-host', Date.now() - 60_000);
      await (await store.leases!.acquire('pg-silent')).release();
      await hold('pg-live', 1, 'another-host', Date.now());
      await expect(store.leases!.acquire('pg-live')).rejects.toThrow(/thread pg-live is busy: process 1 on another-host is running a turn on it/);
      const lease = await store.leases!.acquire('pg-mine');
      await expect(store.leases!.acquire('pg-mine')).rejects.toThrow(/busy: this process/);
      await lease.release();
      expect((await db.query("SELECT count(*)::int AS n FROM engiai_turn_leases WHERE thread_id IN ('pg-dead', 'pg-silent', 'pg-mine')")).rows[0].n).toBe(0);
    } finally {
      await db.end();
      await store.close();
    }
  });

  it('fails with a clear, password-free error when the server is unreachable', async () => {
    const url = 'postgres://engiai:hunter2-secret@127.0.0.1:1/none';
    const err = await openCheckpointer({ kind: 'postgres', url }).catch((e) => e);
    expect(err).toBeInstanceOf(InfraError);
    expect(String(err.message)).toContain('127.0.0.1:1');
    expect(String(err.message) + String(err.hint)).not.toContain('hunter2');
    expect(redactUrl(url)).toBe('postgres://engiai@127.0.0.1:1/none');
  });
});

describe('engiai chat with ENGIAI_THREADS_URL', () => {
  it('keeps the conversation in PostgreSQL across processes', async () => {
    const { spawnSync } = await import('node:child_process');
    const pg = await startPostgres();
    try {
      const home = mkdtempSync(join(tmpdir(), 'engiai-pg-cli-'));
      const bin = join(import.meta.dirname, '..', '..', '..', 'cli', 'bin.js');
      const env = { ...process.env, ENGIAI_HOME: home, ENGIAI_THREADS_URL: pg.url };
      const chat = (args: string[]) => spawnSync(process.execPath, [bin, 'chat', ...args, '--json'], { env, encoding: 'utf8', timeout: 120_000 });
      const first = chat(['Optimize a Beams2D beam on a 30x15 grid with max_iter 4']);
      expect(first.status, first.stderr).toBe(0);
      const paused = JSON.parse(first.stdout);
      expect(paused.status).toBe('interrupted');
      expect(first.stdout + first.stderr).not.toContain('unused-secret');
      const second = chat(['--thread', paused.threadId, '--answer', 'volfrac 0.3, rmin 1.5, forcedist 0.5']);
      expect(second.status, second.stderr).toBe(0);
      expect(JSON.parse(second.stdout).status).toBe('done');
    } finally {
      pg.close();
    }
  });
});
