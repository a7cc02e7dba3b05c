/**
 * Voice: what the UI speaks through (GET /api/voice: OpenAI's endpoints when a key is set, else the
 * browser's own speech APIs), a recording's text (POST /api/voice/transcribe, the raw audio as the
 * body, at most voice.maxUploadBytes) and an answer as audio (POST /api/voice/speech `{text}`).
 * Neither the key nor the audio nor the text is logged; the recording lives in memory for the request.
 */
import { Router, json, raw, type RequestHandler } from 'express';
import { formatBytes } from '../../../tools/net/readCapped.ts';
import { OPENAI_DEFAULT_BASE_URL } from '../../../agents/index.ts';
import { HttpError } from '../httpErrors.ts';
import { AUDIO_TYPES, MAX_SPEECH_CHARS, OpenAIAudio } from '../voice/openaiAudio.ts';
import type { WebState } from '../webState.ts';

export type VoiceMode = 'openai' | 'browser' | 'none';

export interface VoiceView {
  mode: VoiceMode;
  /** Why OpenAI's endpoints are not used, when they are not. */
  reason?: string;
  transcribeModel?: string;
  speechModel?: string;
  voice?: string;
  maxUploadBytes: number;
  maxSpeechChars: number;
}

function voiceView(state: WebState): VoiceView {
  const v = state.config.voice;
  const key = state.config.providers.openai.apiKey;
  const base = { maxUploadBytes: v.maxUploadBytes, maxSpeechChars: MAX_SPEECH_CHARS };
  if (v.provider === 'browser') return { ...base, mode: 'browser', reason: 'voice.provider is browser' };
  if (!key) return v.provider === 'openai' ? { ...base, mode: 'none', reason: 'voice.provider is openai, but OPENAI_API_KEY is not set' } : { ...base, mode: 'browser', reason: 'no OpenAI key is set (OPENAI_API_KEY)' };
  return { ...base, mode: 'openai', transcribeModel: v.transcribeModel, speechModel: v.speechModel, voice: v.voice };
}

function openai(state: WebState): OpenAIAudio {
  const view = voiceView(state);
  if (view.mode !== 'openai') throw new HttpError(409, `the server does not speak: ${view.reason}; the page uses the browser's speech APIs`);
  const v = state.config.voice;
  const p = state.config.providers.openai;
  return new OpenAIAudio({ apiKey: p.apiKey!, baseUrl: p.baseUrl ?? OPENAI_DEFAULT_BASE_URL, transcribeModel: v.transcribeModel, speechModel: v.speechModel, voice: v.voice });
}

/** A body parser whose 413 names the limit and the setting behind it. */
function bounded(parse: RequestHandler, what: string): RequestHandler {
  return (req, res, next) =>
    parse(req, res, (err?: unknown) => {
      if ((err as { status?: number } | undefined)?.status === 413) return next(new HttpError(413, what));
      next(err);
    });
}

export function voiceRoutes(state: WebState): Router {
  const r = Router();
  const maxUpload = state.config.voice.maxUploadBytes;
  r.get('/api/voice', (_req, res) => void res.json(voiceView(state)));

  r.post('/api/voice/transcribe', bounded(raw({ type: () => true, limit: maxUpload }), `the recording is larger than ${formatBytes(maxUpload)} (voice.maxUploadBytes): speak a shorter request`), async (req, res) => {
    const mime = String(req.headers['content-type'] ?? '').split(';')[0].trim().toLowerCase();
    if (!(mime in AUDIO_TYPES)) throw new HttpError(415, `a recording must be one of ${Object.keys(AUDIO_TYPES).join(', ')} (got ${mime || 'no Content-Type'})`);
    const audio = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
    if (!audio.length) throw new HttpError(400, 'the recording is empty');
    const client = openai(state);
    res.json({ text: (await client.transcribe(audio, mime)).trim() });
  });

  r.use('/api/voice/speech', bounded(json({ limit: '64kb' }), 'the speech body is larger than 64 kB'));
  r.post('/api/voice/speech', async (req, res) => {
    const text = (req.body as { text?: unknown } | undefined)?.text;
    if (typeof text !== 'string' || !text.trim()) throw new HttpError(400, '"text" must be the words to speak');
    if (text.length > MAX_SPEECH_CHARS) throw new HttpError(413, `"text" is longer than ${MAX_SPEECH_CHARS} characters (OpenAI's limit for one speech request)`);
    const { audio, mime } = await openai(state).speak(text.trim());
    res.setHeader('Cache-Control', 'no-store');
    res.type(mime).send(audio);
  });
  return r;
}
