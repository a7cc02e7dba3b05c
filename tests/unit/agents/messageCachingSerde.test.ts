/**
 * The checkpoint serializer writes exactly the bytes of LangGraph's own serializer (so what is stored
 * and read back is unchanged), caches only messages that have an id, and survives a restart.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AIMessage, HumanMessage, ToolMessage } from '@langchain/core/messages';
import { MemorySaver } from '@langchain/langgraph';
import { openCheckpointer } from '../../../agents/runtime/checkpointer.ts';
import { MessageCachingSerde } from '../../../agents/runtime/messageCachingSerde.ts';
import { testSession } from './sessionKit.ts';

let home: string;
beforeAll(async () => {
  home = mkdtempSync(join(tmpdir(), 'engiai-serde-'));
});
afterAll(() => rmSync(home, { recursive: true, force: true }));

const text = (b: Uint8Array) => new TextDecoder().decode(b);

describe('MessageCachingSerde', () => {
  it('writes the same bytes as the library serializer for every checkpoint and write of real turns', async () => {
    const saver = new MemorySaver();
    const library = saver.serde;
    const cached = new MessageCachingSerde(library);
    let compared = 0;
    const mismatches: string[] = [];
    saver.serde = {
      async dumpsTyped(obj: unknown) {
        // both serialize synchronously at the call (LangGraph's reducer may give the input an id right after)
        const [[type, mine], [refType, ref]] = await Promise.all([cached.dumpsTyped(obj), library.dumpsTyped(obj)]);
        compared++;
        if (type !== refType || text(mine) !== text(ref)) {
          const a = text(mine), b = text(ref);
          let i = 0;
          while (i < a.length && a[i] === b[i]) i++;
          mismatches.push(`${b.slice(Math.max(0, i - 150), i + 100)} ||| mine: ${a.slice(Math.max(0, i - 10), i + 100)}`);
        }
        return [type, mine];
      },
      loadsTyped: (type: string, data: Uint8Array | string) => library.loadsTyped(type, data),
    };
    const session = await testSession(home, { saver });
    // a question (interrupt) then its answer, then a follow-up turn on the same thread
    expect((await session.runTurn({ threadId: 's', message: 'Design a lightweight beam on a 30x15 grid' })).status).toBe('interrupted');
    expect((await session.runTurn({ threadId: 's', resume: 'volfrac 0.3, rmin 1.5, forcedist 1' })).status).toBe('done');
    expect((await session.runTurn({ threadId: 's', message: 'hello' })).status).toBe('done');
    // a turn stopped by the recursion limit is closed with updateState (messages without ids)
    const limited = await testSession(home, { saver, limits: { recursionLimit: 3 } });
    expect((await limited.runTurn({ threadId: 's', message: 'Optimize a beams2d beam with volfrac 0.3, forcedist 0.5 and rmin 2 on a 30x15 grid' })).status).toBe('stopped');
    expect(compared).toBeGreaterThan(20);
    expect(mismatches).toEqual([]);
  });

  it('writes nested values the way the library does (undefined, Sets, bytes, functions, cycles)', async () => {
    const library = new MemorySaver().serde;
    const cached = new MessageCachingSerde(library);
    const cyclic: Record<string, unknown> = { a: 1 };
    cyclic.self = cyclic;
    const values: unknown[] = [
      { a: undefined, b: [undefined, null, 1.5, -0, NaN, 'x"y'], c: new Set([1, 2]), d: new Map([['k', 1]]), e: new Uint8Array([1, 2]) },
      { f: () => 1, g: [() => 1], h: new Date(0), m: [new HumanMessage({ id: 'h1', content: 'hi' })] },
      cyclic,
      'plain',
      [new ToolMessage({ tool_call_id: 'c', content: 'r' })],
    ];
    for (const v of values) expect(text((await cached.dumpsTyped(v))[1])).toBe(text((await library.dumpsTyped(v))[1]));
  });

  it('caches only messages with an id (the reducer may still give an id to the others)', async () => {
    const library = new MemorySaver().serde;
    const cached = new MessageCachingSerde(library);
    const noId = new AIMessage({ content: 'x' });
    await cached.dumpsTyped({ m: [noId] });
    noId.id = 'given-later';
    noId.lc_kwargs.id = 'given-later';
    expect(text((await cached.dumpsTyped({ m: [noId] }))[1])).toContain('given-later');
  });

  it('round-trips a conversation through SQLite across a reopen', async () => {
    const db = join(home, 'serde.sqlite');
    const first = await openCheckpointer({ kind: 'sqlite', path: db });
    const a = await testSession(home, { saver: first.saver });
    const done = await a.runTurn({ threadId: 'r', message: 'Optimize a beams2d beam with volfrac 0.3, forcedist 0.5 and rmin 2 on a 30x15 grid' });
    expect(done.status).toBe('done');
    const before = (await a.messages('r')).map((m) => [m.getType(), m.id, m.content]);
    await first.close();
    const second = await openCheckpointer({ kind: 'sqlite', path: db });
    const b = await testSession(home, { saver: second.saver });
    expect((await b.messages('r')).map((m) => [m.getType(), m.id, m.content])).toEqual(before);
    await second.close();
  });
});
