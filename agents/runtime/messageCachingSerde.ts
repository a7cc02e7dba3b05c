/**
 * Checkpoint serialization that writes each stored message once. LangGraph serializes the whole
 * state at every superstep, so a conversation's messages were turned into LangChain JSON again and
 * again. This serializer produces byte-for-byte the same JSON as the saver's own serializer (the
 * one it wraps, which also does all reading): plain objects, arrays and primitives are written
 * directly; everything else (messages, Sets, Maps, class instances) goes to the wrapped serializer,
 * and the JSON of a message that has an id is kept in a WeakMap keyed by the message object.
 *
 * Why caching by object is sound: stored messages are not changed after they are in the state; the
 * one mutation LangGraph makes (messagesStateReducer giving an id to a message without one)
 * happens before that message has an id, and messages without an id are never cached.
 */
import { isBaseMessage } from '@langchain/core/messages';
import type { BaseCheckpointSaver } from '@langchain/langgraph';

type Serde = BaseCheckpointSaver['serde'];

/** How the wrapped serializer writes `undefined` (so it survives a round trip). */
const UNDEFINED = '{"lc":2,"type":"undefined"}';
const encoder = new TextEncoder();
const decoder = new TextDecoder();

class Cycle extends Error {}

function isPlainObject(v: object): v is Record<string, unknown> {
  const proto = Object.getPrototypeOf(v);
  return (proto === Object.prototype || proto === null) && typeof (v as { toJSON?: unknown }).toJSON !== 'function';
}

const skipped = (v: unknown) => typeof v === 'function' || typeof v === 'symbol';

export class MessageCachingSerde implements Serde {
  private readonly cache = new WeakMap<object, string>();

  constructor(private readonly inner: Serde) {}

  async dumpsTyped(obj: unknown): Promise<[string, Uint8Array]> {
    if (obj instanceof Uint8Array) return this.inner.dumpsTyped(obj);
    const parts: string[] = [];
    const later: Promise<void>[] = [];
    try {
      this.write(obj, parts, later, []);
    } catch (err) {
      if (err instanceof Cycle) return this.inner.dumpsTyped(obj); // the wrapped serializer marks cycles
      throw err;
    }
    if (later.length) await Promise.all(later);
    return ['json', encoder.encode(parts.join(''))];
  }

  loadsTyped(type: string, data: Uint8Array | string): Promise<unknown> {
    return this.inner.loadsTyped(type, data);
  }

  private write(v: unknown, parts: string[], later: Promise<void>[], stack: object[]): void {
    if (v === undefined) parts.push(UNDEFINED);
    else if (v === null || typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean') parts.push(JSON.stringify(v));
    else if (typeof v === 'object' && (Array.isArray(v) || isPlainObject(v))) {
      if (stack.includes(v)) throw new Cycle();
      stack.push(v);
      if (Array.isArray(v)) this.writeArray(v, parts, later, stack);
      else this.writeObject(v, parts, later, stack);
      stack.pop();
    } else this.delegate(v, parts, later);
  }

  private writeArray(v: unknown[], parts: string[], later: Promise<void>[], stack: object[]): void {
    parts.push('[');
    for (let i = 0; i < v.length; i++) {
      if (i) parts.push(',');
      if (skipped(v[i])) parts.push('null');
      else this.write(v[i], parts, later, stack);
    }
    parts.push(']');
  }

  private writeObject(v: Record<string, unknown>, parts: string[], later: Promise<void>[], stack: object[]): void {
    parts.push('{');
    let first = true;
    for (const k of Object.keys(v)) {
      const x = v[k];
      if (skipped(x)) continue;
      parts.push(first ? `${JSON.stringify(k)}:` : `,${JSON.stringify(k)}:`);
      first = false;
      this.write(x, parts, later, stack);
    }
    parts.push('}');
  }

  /** The wrapped serializer's JSON for one value, from the cache for a message with an id. */
  private delegate(v: unknown, parts: string[], later: Promise<void>[]): void {
    const key = typeof v === 'object' && v !== null ? v : null;
    const hit = key && this.cache.get(key);
    if (hit) {
      parts.push(hit);
      return;
    }
    const at = parts.push('') - 1;
    // decided now, with the JSON: the reducer may give this message an id before the promise settles
    const cacheable = key !== null && isBaseMessage(key) && typeof key.id === 'string' && key.id !== '';
    // written as the one element of an array: exactly how the wrapped serializer writes a nested value
    later.push(
      this.inner.dumpsTyped([v]).then(([, bytes]) => {
        const json = decoder.decode(bytes).slice(1, -1);
        parts[at] = json;
        if (cacheable) this.cache.set(key, json);
      }),
    );
  }
}
