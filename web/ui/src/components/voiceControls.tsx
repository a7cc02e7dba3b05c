/**
 * The composer's voice: a microphone button that fills the message box with what was said, the
 * thread's "Speak answers" toggle (stored with the thread), and the answer read aloud when it is on —
 * through the server (OpenAI) when it has a key, else the browser's speech APIs; what is missing is
 * said plainly beside the controls.
 */
import { useEffect, useRef, useState } from 'preact/hooks';
import { recognizeOnce, recordAndTranscribe, serverSpeech, speakable, speakInBrowser, voiceSupport, voiceView, type VoiceView } from '../voice.ts';

export interface VoiceControlsProps {
  voiceOn: boolean;
  onToggle(on: boolean): void;
  onHeard(text: string): void;
  /** The answer to read aloud (a new `key` for each answer). */
  answer: { key: string; text: string } | null;
  disabled?: boolean;
}

export function VoiceControls({ voiceOn, onToggle, onHeard, answer, disabled }: VoiceControlsProps) {
  const [view, setView] = useState<VoiceView | null>(null);
  const [listening, setListening] = useState<'listening' | 'transcribing' | null>(null);
  const [status, setStatus] = useState<string | null>(null);
  const [audioUrl, setAudioUrl] = useState<string | null>(null);
  const stopper = useRef<(() => void) | null>(null);
  const spoken = useRef<string | null>(null);

  useEffect(() => void voiceView().then(setView, (err: Error) => setStatus(`voice: ${err.message}`)), []);
  const support = voiceSupport(view);

  useEffect(() => {
    if (!answer || !voiceOn || !view || spoken.current === answer.key) return;
    spoken.current = answer.key;
    const text = speakable(answer.text, view.maxSpeechChars);
    if (!text) return;
    if (support.speak === 'browser') {
      speakInBrowser(text);
      setStatus('speaking the answer (browser)');
    } else if (support.speak === 'server') {
      setStatus('getting the spoken answer…');
      serverSpeech(text).then(
        (url) => {
          setAudioUrl((old) => (old && URL.revokeObjectURL(old), url));
          setStatus(`spoken by ${view.speechModel ?? 'OpenAI'}`);
        },
        (err: Error) => setStatus(`could not speak the answer: ${err.message}`),
      );
    }
  }, [answer?.key, voiceOn, view]);

  async function mic() {
    if (listening === 'listening') return stopper.current?.();
    if (listening || !support.listen || !view) return;
    setStatus(null);
    try {
      const session = support.listen === 'server' ? await recordAndTranscribe(view.maxUploadBytes) : recognizeOnce();
      stopper.current = () => {
        setListening('transcribing');
        session.stop();
      };
      setListening('listening');
      const text = await session.done;
      onHeard(text);
      setStatus(`heard (${support.listen === 'server' ? (view.transcribeModel ?? 'OpenAI') : 'browser'})`);
    } catch (err) {
      setStatus((err as Error).message);
    } finally {
      stopper.current = null;
      setListening(null);
    }
  }

  const micTitle = support.listen ? (listening === 'listening' ? 'Stop and use what was said' : `Speak the request (${support.listen === 'server' ? 'transcribed by OpenAI on the server' : "the browser's speech recognition"})`) : support.why.join('; ');
  return (
    <div class="voice-controls">
      <button type="button" class={`mic ${listening ?? ''}`} onClick={() => void mic()} disabled={disabled || !support.listen || listening === 'transcribing'} title={micTitle} aria-label={micTitle}>
        {listening === 'listening' ? '■ Stop' : listening === 'transcribing' ? 'Listening…' : 'Speak'}
      </button>
      <label class="voice-toggle muted" title={support.speak ? 'Read this chat’s answers aloud (kept with the chat)' : support.why.join('; ')}>
        <input type="checkbox" checked={voiceOn} disabled={!support.speak} onChange={(e) => onToggle((e.target as HTMLInputElement).checked)} /> Speak answers
      </label>
      {view && support.why.length > 0 && <span class="voice-missing muted">{support.why.join('; ')}</span>}
      {status && <span class="voice-status muted">{status}</span>}
      {audioUrl && <audio class="answer-audio" src={audioUrl} autoplay controls />}
    </div>
  );
}
