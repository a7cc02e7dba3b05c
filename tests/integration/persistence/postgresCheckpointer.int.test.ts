/**
 * Conversations in PostgreSQL: two server instances (two ChatSessions, each with its own pool) share
 * threads — a clarification asked through one is answered through the other, and the finished
 * thread is readable from a third. Real PostgreSQL on loopback, the offline model, real engines.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOfflineModel } from '../../../agents/models/offline/index.ts';
import { openCheckpointer } from '../../../agents/runtime/checkpointer.ts';
import { redactUrl } from '../../../agents/runtime/postgresCheckpointer.ts';
import { testSession } from '../../unit/agents/sessionKit.ts';
import { InfraError } from '../../../tools/errors.ts';
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
