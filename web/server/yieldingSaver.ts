/**
 * A checkpointer that yields to the event loop before each checkpoint read and write. The SQLite
 * saver is synchronous underneath, so a graph run is otherwise one long chain of microtasks:
 * under load, new requests were not even accepted (and SSE frames not flushed) until the running
 * turns finished. One macrotask turn per checkpoint lets the server interleave its sessions.
 */
import { setImmediate as nextTick } from 'node:timers/promises';
import type { BaseCheckpointSaver } from '@langchain/langgraph';

const YIELDING = new Set<PropertyKey>(['getTuple', 'put', 'putWrites']);

export function yieldingSaver<T extends BaseCheckpointSaver>(saver: T): T {
  return new Proxy(saver, {
    get(target, prop, receiver) {
      const value = Reflect.get(target, prop, receiver) as unknown;
      if (!YIELDING.has(prop) || typeof value !== 'function') return value;
      return async (...args: unknown[]) => {
        await nextTick();
        return (value as (...a: unknown[]) => unknown).apply(receiver, args);
      };
    },
  });
}
