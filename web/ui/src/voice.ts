/**
 * Speech in the page. With an OpenAI key on the server (GET /api/voice mode "openai") a recording
 * (MediaRecorder) goes to POST /api/voice/transcribe and answers come back from /api/voice/speech as
 * audio; without one, the browser's own Web Speech API (SpeechRecognition, speechSynthesis) where it
 * exists. What the browser lacks is said plainly (`voiceSupport`).
 */
import { ApiError, CSRF, call } from './api.ts';

export interface VoiceView {
  mode: 'openai' | 'browser' | 'none';
  reason?: string;
  transcribeModel?: string;
  speechModel?: string;
  voice?: string;
  maxUploadBytes: number;
  maxSpeechChars: number;
}

export const voiceView = () => call<VoiceView>('/api/voice');

interface RecognitionLike {
  lang: string;
  interimResults: boolean;
  maxAlternatives: number;
  onresult: ((e: { results: ArrayLike<ArrayLike<{ transcript: string }>> }) => void) | null;
  onerror: ((e: { error: string }) => void) | null;
  onend: (() => void) | null;
  start(): void;
  stop(): void;
}
type RecognitionCtor = new () => RecognitionLike;

const recognitionCtor = (): RecognitionCtor | undefined => {
  const w = window as unknown as { SpeechRecognition?: RecognitionCtor; webkitSpeechRecognition?: RecognitionCtor };
  return w.SpeechRecognition ?? w.webkitSpeechRecognition;
};

export interface VoiceSupport {
  /** How a request is heard, or null with why not. */
  listen: 'server' | 'browser' | null;
  /** How an answer is spoken, or null with why not. */
  speak: 'server' | 'browser' | null;
  why: string[];
}

/** What this page can do for voice, given the server's mode and the browser's APIs. */
export function voiceSupport(view: VoiceView | null): VoiceSupport {
  const why: string[] = [];
  if (view?.mode === 'openai') {
    const recorder = typeof MediaRecorder !== 'undefined' && Boolean(navigator.mediaDevices?.getUserMedia);
    if (!recorder) why.push('this browser cannot record audio (no MediaRecorder or microphone access)');
    return { listen: recorder ? 'server' : null, speak: 'server', why };
  }
  if (view?.mode === 'none') return { listen: null, speak: null, why: [view.reason ?? 'voice is off on the server'] };
  const listen = recognitionCtor() ? 'browser' : null;
  const speak = typeof speechSynthesis !== 'undefined' && typeof SpeechSynthesisUtterance !== 'undefined' ? 'browser' : null;
  if (!listen) why.push('this browser has no speech recognition (SpeechRecognition); type the request, or set an OpenAI key on the server');
  if (!speak) why.push('this browser has no speech synthesis (speechSynthesis)');
  return { listen, speak, why };
}

/** Listens once with the browser's recognizer: the words said, or an error naming why not. */
export function recognizeOnce(lang = navigator.language || 'en-US'): { done: Promise<string>; stop(): void } {
  const Ctor = recognitionCtor();
  if (!Ctor) return { done: Promise.reject(new Error('this browser has no speech recognition')), stop: () => {} };
  const r = new Ctor();
  r.lang = lang;
  r.interimResults = false;
  r.maxAlternatives = 1;
  const done = new Promise<string>((resolve, reject) => {
    let heard = '';
    r.onresult = (e) => {
      heard = Array.from(e.results, (alts) => alts[0]?.transcript ?? '').join(' ').trim();
    };
    r.onerror = (e) => reject(new Error(e.error === 'not-allowed' ? 'the microphone is not allowed for this page' : `speech recognition failed: ${e.error}`));
    r.onend = () => (heard ? resolve(heard) : reject(new Error('nothing was heard')));
  });
  r.start();
  return { done, stop: () => r.stop() };
}

/** Records from the microphone until `stop`; the recording's text from the server (OpenAI). */
export async function recordAndTranscribe(maxBytes: number): Promise<{ done: Promise<string>; stop(): void }> {
  const stream = await navigator.mediaDevices.getUserMedia({ audio: true });
  const type = ['audio/webm;codecs=opus', 'audio/webm', 'audio/ogg;codecs=opus', 'audio/mp4'].find((t) => MediaRecorder.isTypeSupported(t)) ?? '';
  const rec = new MediaRecorder(stream, type ? { mimeType: type } : undefined);
  const parts: Blob[] = [];
  rec.ondataavailable = (e) => e.data.size && parts.push(e.data);
  const stopped = new Promise<Blob>((resolve) => (rec.onstop = () => resolve(new Blob(parts, { type: rec.mimeType || 'audio/webm' }))));
  rec.start();
  const done = stopped.then(async (blob) => {
    stream.getTracks().forEach((t) => t.stop());
    if (!blob.size) throw new Error('the recording is empty');
    if (blob.size > maxBytes) throw new Error(`the recording is larger than the server takes (${Math.round(maxBytes / 1024)} KiB): speak a shorter request`);
    const res = await fetch('/api/voice/transcribe', { method: 'POST', headers: { 'content-type': blob.type.split(';')[0], ...CSRF }, body: blob });
    const body = (await res.json().catch(() => ({}))) as { text?: string; error?: string };
    if (!res.ok) throw new ApiError(res.status, body.error ?? `transcription failed (${res.status})`);
    if (!body.text) throw new Error('nothing was heard');
    return body.text;
  });
  return { done, stop: () => rec.state !== 'inactive' && rec.stop() };
}

/** `{"volfrac":0.4,"rmin":2}` as it is said: "volfrac 0.4, rmin 2" (anything else that is not JSON: left out). */
function spokenValues(json: string): string {
  try {
    const v = JSON.parse(json) as Record<string, unknown>;
    return Object.entries(v)
      .filter(([, x]) => typeof x === 'number' || typeof x === 'string' || typeof x === 'boolean')
      .map(([k, x]) => `${k} ${String(x)}`)
      .join(', ');
  } catch {
    return '';
  }
}

/** An answer as it is read aloud: no links, paths or tables, at most `max` characters (cut at a sentence). */
export function speakable(answer: string, max: number): string {
  const text = answer
    .split('\n')
    .filter((l) => !/^\s*(?:Artifacts:|\[|\||-{3,})/.test(l))
    .join('\n')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/https?:\/\/\S+/g, '')
    .replace(/\{[^{}]*\}/g, spokenValues)
    .replace(/\s+/g, ' ')
    .trim();
  if (text.length <= max) return text;
  const cut = text.slice(0, max);
  const end = Math.max(cut.lastIndexOf('. '), cut.lastIndexOf('; '));
  return end > max / 2 ? cut.slice(0, end + 1) : cut;
}

/** Speaks the text with the browser's own synthesis. */
export function speakInBrowser(text: string): void {
  speechSynthesis.cancel();
  speechSynthesis.speak(new SpeechSynthesisUtterance(text));
}

/** The text as audio from the server (OpenAI): a blob URL for an <audio> element (revoke it when done). */
export async function serverSpeech(text: string): Promise<string> {
  const res = await fetch('/api/voice/speech', { method: 'POST', headers: { 'content-type': 'application/json', ...CSRF }, body: JSON.stringify({ text }) });
  if (!res.ok) {
    const body = (await res.json().catch(() => ({}))) as { error?: string };
    throw new ApiError(res.status, body.error ?? `speech failed (${res.status})`);
  }
  return URL.createObjectURL(await res.blob());
}
