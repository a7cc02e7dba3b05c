/**
 * OpenAI's speech endpoints for the web UI's voice: POST {base}/audio/transcriptions (multipart:
 * `file`, `model`, `response_format=json` → `{text}`) and POST {base}/audio/speech (JSON `{model,
 * input, voice, response_format}` → the audio bytes). The key goes only in the Authorization header
 * and never into a message; replies are read under a cap; a refusal or an unreachable server is an
 * HttpError (502, 504 on a timeout) with OpenAI's own message, the key cut out of it.
 */
import { readCapped, readHead } from '../../../tools/net/readCapped.ts';
import type { VoiceSettings } from '../../../config/schema.ts';
import { HttpError } from '../httpErrors.ts';

/** Recordings we pass on, by their MIME type (codec parameters aside), with the file name OpenAI reads the format from. */
export const AUDIO_TYPES: Record<string, string> = {
  'audio/webm': 'speech.webm',
  'audio/ogg': 'speech.ogg',
  'audio/wav': 'speech.wav',
  'audio/x-wav': 'speech.wav',
  'audio/mpeg': 'speech.mp3',
  'audio/mp4': 'speech.m4a',
};

/** OpenAI's limit on the text of one speech request. */
export const MAX_SPEECH_CHARS = 4096;
const MAX_TRANSCRIPT_BYTES = 1024 * 1024;
const MAX_AUDIO_BYTES = 32 * 1024 * 1024;
const TIMEOUT_MS = 120_000;

export interface OpenAIAudioOptions extends Pick<VoiceSettings, 'transcribeModel' | 'speechModel' | 'voice'> {
  apiKey: string;
  /** e.g. https://api.openai.com/v1 */
  baseUrl: string;
  timeoutMs?: number;
}

export class OpenAIAudio {
  constructor(private readonly o: OpenAIAudioOptions) {}

  /** The text of a recording (`mime`: one of AUDIO_TYPES). */
  async transcribe(audio: Buffer, mime: string): Promise<string> {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(audio)], { type: mime }), AUDIO_TYPES[mime] ?? 'speech.webm');
    form.append('model', this.o.transcribeModel);
    form.append('response_format', 'json');
    const res = await this.post('audio/transcriptions', form, 'transcription');
    const body = await readCapped(res, { maxBytes: MAX_TRANSCRIPT_BYTES, what: 'OpenAI transcription' });
    let text: unknown;
    try {
      text = (JSON.parse(body.toString('utf8')) as { text?: unknown }).text;
    } catch {
      text = undefined;
    }
    if (typeof text !== 'string') throw new HttpError(502, 'OpenAI transcription: the reply has no "text"');
    return text;
  }

  /** The spoken text as audio (WAV: every browser plays it). */
  async speak(text: string): Promise<{ audio: Buffer; mime: string }> {
    const body = JSON.stringify({ model: this.o.speechModel, input: text, voice: this.o.voice, response_format: 'wav' });
    const res = await this.post('audio/speech', body, 'speech', { 'content-type': 'application/json' });
    const audio = await readCapped(res, { maxBytes: MAX_AUDIO_BYTES, what: 'OpenAI speech' });
    const mime = (res.headers.get('content-type') ?? 'audio/wav').split(';')[0].trim();
    if (!mime.startsWith('audio/')) throw new HttpError(502, `OpenAI speech: the reply is ${mime}, not audio`);
    return { audio, mime };
  }

  private async post(path: string, body: FormData | string, what: string, headers: Record<string, string> = {}): Promise<Response> {
    const url = `${this.o.baseUrl.replace(/\/+$/, '')}/${path}`;
    let res: Response;
    try {
      res = await fetch(url, { method: 'POST', headers: { authorization: `Bearer ${this.o.apiKey}`, ...headers }, body, signal: AbortSignal.timeout(this.o.timeoutMs ?? TIMEOUT_MS) });
    } catch (err) {
      const timedOut = (err as Error)?.name === 'TimeoutError';
      throw new HttpError(timedOut ? 504 : 502, timedOut ? `OpenAI ${what}: no reply within ${(this.o.timeoutMs ?? TIMEOUT_MS) / 1000} s` : `OpenAI ${what}: cannot reach ${new URL(url).host}`);
    }
    if (res.ok) return res;
    const page = await readHead(res, 64 * 1024);
    let message = page.slice(0, 300);
    try {
      const e = (JSON.parse(page) as { error?: { message?: unknown } }).error?.message;
      if (typeof e === 'string') message = e;
    } catch {
      // not JSON: the page's start
    }
    throw new HttpError(502, `OpenAI ${what} answered ${res.status}: ${message.split(this.o.apiKey).join('[key]').slice(0, 500)}`);
  }
}
