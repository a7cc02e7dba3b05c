/**
 * Fake OpenAI audio API on loopback, checking the real request formats:
 * POST /v1/audio/transcriptions — multipart/form-data (parsed by undici's own multipart reader) with
 * a `file` part that has a file name and an audio type and a known `model`; answers `{text}`
 * (response_format json) like the real API. POST /v1/audio/speech — JSON `{model, input, voice,
 * response_format}`; answers a real WAV file (24 kHz mono 16-bit PCM, a tone as long as the text
 * would take to say). Without `Authorization: Bearer <key>` it answers 401 in OpenAI's error shape.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface TranscriptionSeen {
  model: string;
  fileName: string;
  fileType: string;
  bytes: number;
  responseFormat: string | null;
  /** The multipart's field names, in order. */
  fields: string[];
}

export interface SpeechSeen {
  model: string;
  input: string;
  voice: string;
  responseFormat: string;
}

export interface FakeOpenAIAudio {
  url: string;
  baseUrl: string;
  env: Record<string, string>;
  transcriptions: TranscriptionSeen[];
  speeches: SpeechSeen[];
  /** Every request's Authorization header and raw body, to check nothing leaks. */
  raw: { path: string; authorization: string; contentType: string; body: Buffer }[];
  close(): Promise<void>;
}

const TRANSCRIBE_MODELS = ['whisper-1', 'gpt-4o-transcribe', 'gpt-4o-mini-transcribe'];
const SPEECH_MODELS = ['tts-1', 'tts-1-hd', 'gpt-4o-mini-tts'];
const VOICES = ['alloy', 'ash', 'ballad', 'coral', 'echo', 'fable', 'nova', 'onyx', 'sage', 'shimmer', 'verse'];
const FORMATS = ['mp3', 'opus', 'aac', 'flac', 'wav', 'pcm'];

const error = (res: ServerResponse, status: number, message: string, type = 'invalid_request_error') => {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify({ error: { message, type, param: null, code: null } }));
};

/** A WAV file: RIFF header, fmt chunk (PCM, 1 channel, 24000 Hz, 16 bits), data chunk of a 440 Hz tone. */
export function wavTone(seconds: number): Buffer {
  const rate = 24_000;
  const n = Math.max(1, Math.round(seconds * rate));
  const b = Buffer.alloc(44 + n * 2);
  b.write('RIFF', 0, 'ascii');
  b.writeUInt32LE(36 + n * 2, 4);
  b.write('WAVEfmt ', 8, 'ascii');
  b.writeUInt32LE(16, 16);
  b.writeUInt16LE(1, 20);
  b.writeUInt16LE(1, 22);
  b.writeUInt32LE(rate, 24);
  b.writeUInt32LE(rate * 2, 28);
  b.writeUInt16LE(2, 32);
  b.writeUInt16LE(16, 34);
  b.write('data', 36, 'ascii');
  b.writeUInt32LE(n * 2, 40);
  for (let i = 0; i < n; i++) b.writeInt16LE(Math.round(8000 * Math.sin((2 * Math.PI * 440 * i) / rate)), 44 + i * 2);
  return b;
}

async function bodyOf(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  return Buffer.concat(chunks);
}

export async function startFakeOpenAIAudio(opts: { apiKey?: string; transcript?: string } = {}): Promise<FakeOpenAIAudio> {
  const apiKey = opts.apiKey ?? 'sk-fake-audio-key-0123456789';
  const transcriptions: TranscriptionSeen[] = [];
  const speeches: SpeechSeen[] = [];
  const raw: FakeOpenAIAudio['raw'] = [];
  const server = createServer(async (req, res) => {
    const body = await bodyOf(req);
    const path = (req.url ?? '').split('?')[0];
    const contentType = String(req.headers['content-type'] ?? '');
    raw.push({ path, authorization: String(req.headers.authorization ?? ''), contentType, body });
    if (req.headers.authorization !== `Bearer ${apiKey}`) return error(res, 401, 'Incorrect API key provided.', 'invalid_api_key');
    if (req.method === 'POST' && path === '/v1/audio/transcriptions') {
      if (!contentType.startsWith('multipart/form-data; boundary=')) return error(res, 400, 'Expected multipart/form-data');
      let form: FormData;
      try {
        form = await new Request('http://fake/', { method: 'POST', headers: { 'content-type': contentType }, body: new Uint8Array(body) }).formData();
      } catch {
        return error(res, 400, 'Could not parse multipart form');
      }
      const file = form.get('file');
      const model = form.get('model');
      if (!(file instanceof File) || !file.name || file.size === 0) return error(res, 400, "Missing required parameter: 'file'.");
      if (typeof model !== 'string' || !TRANSCRIBE_MODELS.includes(model)) return error(res, 400, `Invalid model: ${String(model)}`);
      if (!file.type.startsWith('audio/') || !/\.(?:webm|ogg|wav|mp3|m4a|mp4|mpeg|mpga|flac)$/.test(file.name)) return error(res, 400, `Invalid file format ${file.name}.`);
      const format = form.get('response_format');
      transcriptions.push({ model, fileName: file.name, fileType: file.type, bytes: file.size, responseFormat: typeof format === 'string' ? format : null, fields: [...(form as unknown as { keys(): Iterable<string> }).keys()] });
      res.writeHead(200, { 'content-type': 'application/json' });
      return res.end(JSON.stringify({ text: opts.transcript ?? 'Optimize a beams2d beam with volfrac 0.4, forcedist 0.5 and rmin 2 on a 30x15 grid with max_iter 5', usage: { type: 'duration', seconds: 2 } }));
    }
    if (req.method === 'POST' && path === '/v1/audio/speech') {
      if (!contentType.startsWith('application/json')) return error(res, 400, 'Expected application/json');
      let b: Record<string, unknown>;
      try {
        b = JSON.parse(body.toString('utf8')) as Record<string, unknown>;
      } catch {
        return error(res, 400, 'We could not parse the JSON body of your request.');
      }
      const format = b.response_format === undefined ? 'mp3' : String(b.response_format);
      if (typeof b.model !== 'string' || !SPEECH_MODELS.includes(b.model)) return error(res, 400, `Invalid model: ${String(b.model)}`);
      if (typeof b.input !== 'string' || !b.input || b.input.length > 4096) return error(res, 400, "'input' must be 1-4096 characters");
      if (typeof b.voice !== 'string' || !VOICES.includes(b.voice)) return error(res, 400, `Invalid voice: ${String(b.voice)}`);
      if (!FORMATS.includes(format)) return error(res, 400, `Invalid response_format: ${format}`);
      if (format !== 'wav') return error(res, 400, `fake: only wav is generated (asked for ${format})`);
      speeches.push({ model: b.model, input: b.input, voice: b.voice, responseFormat: format });
      const wav = wavTone(Math.min(5, 0.3 + b.input.length * 0.01));
      res.writeHead(200, { 'content-type': 'audio/wav', 'content-length': wav.length });
      return res.end(wav);
    }
    error(res, 404, `Invalid URL (${req.method} ${path})`);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    baseUrl: `${url}/v1`,
    env: { OPENAI_API_KEY: apiKey, OPENAI_BASE_URL: `${url}/v1` },
    transcriptions,
    speeches,
    raw,
    close: () => new Promise<void>((done) => (server.closeAllConnections(), server.close(() => done()))),
  };
}
