/**
 * A sketch's PNG on the wire: our real clients (resolve.ts → LangChain → HTTP) against the loopback
 * fakes. OpenAI gets a Chat Completions `image_url` part with the data URL, Gemini an `inlineData`
 * part (image/png, the base64 bytes), Ollama the bytes in a user message's `images`. Through the web
 * server, a turn with a sketch on openai:gpt-4o carries the image to the supervisor's and the
 * engineering agent's model calls; on a model that reads no images only the marks go, as text.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PNG } from 'pngjs';
import { afterEach, describe, expect, it } from 'vitest';
import { resolveModel } from '../../../agents/models/index.ts';
import { acceptsImages } from '../../../agents/models/vision.ts';
import { sketchMessage } from '../../../agents/sketch/sketchMessage.ts';
import { writeSketchBlock } from '../../../agents/sketch/sketchMarks.ts';
import { loadConfig } from '../../../config/load.ts';
import { startFakeGemini, startFakeOllama, startFakeOpenAI, type FakeServer } from '../../fakes/index.ts';
import { startTestServer, tempHome, turn } from '../web/helpers.ts';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Any = any;

const pngBytes = (() => {
  const p = new PNG({ width: 24, height: 12 });
  for (let i = 0; i < p.data.length; i += 4) p.data.set([i % 255, 40, 200, 255], i);
  return PNG.sync.write(p);
})();
const b64 = pngBytes.toString('base64');
const MARKS = { problem: 'beams2d', marks: [{ kind: 'load' as const, x: 0.6, y: 0 }] };

let fakes: FakeServer[] = [];
afterEach(async () => {
  await Promise.all(fakes.map((f) => f.close()));
  fakes = [];
});

async function modelOn(spec: string, fake: FakeServer & { env: Record<string, string> }) {
  fakes.push(fake);
  const cwd = mkdtempSync(join(tmpdir(), 'engiai-sketch-model-'));
  return resolveModel(spec, { config: loadConfig({ env: { ...fake.env, ENGIAI_HOME: cwd }, cwd }) });
}

describe('the sketch image part on each backend', () => {
  it('openai: a user message with a text part and an image_url part holding the data URL', async () => {
    const fake = await startFakeOpenAI([{ text: 'I see a load.' }]);
    const chat = await modelOn('openai:gpt-4o', fake);
    expect((await chat.invoke([sketchMessage('Where is the load?', { marks: MARKS, png: pngBytes }, true)])).content).toBe('I see a load.');
    const user = fake.requests[0].body.messages.find((m: Any) => m.role === 'user');
    expect(user.content[0]).toMatchObject({ type: 'text' });
    expect(user.content[0].text).toContain('Where is the load?\n\nSketch marks (');
    expect(user.content[0].text).toContain('{"problem":"beams2d","marks":[{"kind":"load","x":0.6,"y":0}]}');
    expect(user.content[1]).toEqual({ type: 'image_url', image_url: { url: `data:image/png;base64,${b64}` } });
  });

  it('gemini: a user turn with a text part and an inlineData part (image/png, base64)', async () => {
    const fake = await startFakeGemini([{ text: 'A load near the right.' }]);
    const chat = await modelOn('google:gemini-2.5-flash', fake);
    expect((await chat.invoke([sketchMessage('Where is the load?', { marks: MARKS, png: pngBytes }, true)])).content).toBe('A load near the right.');
    const parts = fake.requests[0].body.contents.find((c: Any) => c.role === 'user').parts;
    expect(parts.find((p: Any) => p.text)?.text).toContain('Sketch marks (');
    expect(parts.find((p: Any) => p.inlineData)).toEqual({ inlineData: { mimeType: 'image/png', data: b64 } });
  });

  it('ollama: the user message carries the text and the PNG bytes in images', async () => {
    const fake = await startFakeOllama([{ text: 'One load.' }]);
    const chat = await modelOn('ollama:llava', fake);
    expect((await chat.invoke([sketchMessage('Where is the load?', { marks: MARKS, png: pngBytes }, true)])).content).toBe('One load.');
    // @langchain/ollama 1.3 writes one user message per part: the text, then the image in `images`
    const users = fake.requests.find((r) => r.path === '/api/chat')!.body.messages.filter((m: Any) => m.role === 'user');
    expect(users[0].content).toContain('Sketch marks (');
    expect(users[1]).toEqual({ role: 'user', content: '', images: [b64] });
  });

  it('knows which models read images', () => {
    for (const spec of ['openai:gpt-4o', 'openai:gpt-4o-mini', 'openai:gpt-4.1-mini', 'openai:gpt-5', 'google:gemini-2.5-flash', 'ollama:llava:7b', 'ollama:gemma3', 'openai-compatible:qwen2.5vl@http://127.0.0.1:8000/v1']) expect(acceptsImages(spec), spec).toBe(true);
    for (const spec of ['offline', 'openai:gpt-3.5-turbo', 'ollama:llama3.1', 'openai-compatible:qwen2.5@http://127.0.0.1:8000/v1', 'not a spec']) expect(acceptsImages(spec), spec).toBe(false);
  });
});

describe('a web turn with a sketch on a real-model backend', () => {
  const script = () => [
    { toolCalls: [{ name: 'transfer_to_engineering', args: { task: 'Describe where the load is' } }] },
    { text: 'The load is at 60% of the length.' },
    { text: 'The load is at 60% of the length.' },
  ];
  async function run(model: string) {
    const fake = await startFakeOpenAI(script());
    fakes.push(fake);
    const tmp = tempHome('engiai-sketch-web-');
    const config = loadConfig({ env: { ...fake.env, ENGIAI_HOME: tmp.home, ENGIAI_MODEL: model }, cwd: tmp.home });
    const server = await startTestServer(tmp.home, { config });
    try {
      const frames = await turn(server.url, 'sketch-web', { message: 'Where is the load?', sketch: { marks: MARKS, png: `data:image/png;base64,${b64}` } } as never);
      expect(frames.find((f) => f.event === 'turn_end')?.data.status).toBe('done');
      const note = String(frames.find((f) => f.event === 'run_start')?.data.sketch);
      expect(note).toBe(acceptsImages(model) ? "a sketch on beams2d's domain: 1 load, its image sent to the model" : `a sketch on beams2d's domain: 1 load; its image was not sent (${model} reads no images)`);
      const thread = (await (await fetch(`${server.url}/api/threads/sketch-web`)).json()) as { messages: { content: string }[] };
      const calls = fake.requests.filter((r) => r.path.endsWith('/chat/completions')).map((r) => r.body.messages.filter((m: Any) => m.role === 'user'));
      return { calls, thread };
    } finally {
      await server.close();
      tmp.remove();
    }
  }

  it('sends the image to the supervisor and to the specialist it hands the request to', async () => {
    const { calls, thread } = await run('openai:gpt-4o');
    expect(calls.length).toBe(3);
    for (const users of calls.slice(0, 2)) {
      const parts = users.at(-1).content;
      expect(Array.isArray(parts), JSON.stringify(users).slice(0, 200)).toBe(true);
      expect(parts.find((p: Any) => p.type === 'image_url')?.image_url.url).toBe(`data:image/png;base64,${b64}`);
      expect(parts.find((p: Any) => p.type === 'text').text).toContain('"kind":"load","x":0.6');
    }
    // the thread's messages name the image, they do not carry its bytes
    expect(thread.messages[0].content).toBe(`Where is the load?\n\n${writeSketchBlock(MARKS)}\n[image: the sketch]`);
    expect(JSON.stringify(thread)).not.toContain(b64.slice(0, 40));
  }, 60_000);

  it('sends only the marks, as text, to a model that reads no images', async () => {
    const { calls } = await run('openai:gpt-3.5-turbo');
    const body = JSON.stringify(calls);
    expect(body).toContain('\\"kind\\":\\"load\\",\\"x\\":0.6');
    expect(body).not.toContain('image_url');
    expect(body).not.toContain(b64.slice(0, 40));
  }, 60_000);
});
