/**
 * A conversation: the timeline of agent events (live over SSE), the composer with Stop while a turn
 * runs, the question dialog that resumes a paused graph, and the 3D viewer for exported STL files.
 * A turn belongs to the server: a page that opens a running thread (a reload, another tab, a dropped
 * connection) re-attaches after the last event it has and follows the turn live.
 */
import { useEffect, useMemo, useRef, useState } from 'preact/hooks';
import { api, attachTurn, stopTurn, streamTurn, type ApiError, type FollowOutcome, type TurnHandlers, type TurnSketch } from '../api.ts';
import { InterruptDialog } from '../components/interruptDialog.tsx';
import { StlOpener } from '../components/stlOpener.ts';
import { SketchPad, type SketchValue } from '../components/sketchPad.tsx';
import { StlViewer } from '../components/stlViewer.tsx';
import { VoiceControls } from '../components/voiceControls.tsx';
import { buildRows, workingAgent } from '../components/timeline.ts';
import { Failure, TimelineView } from '../components/timelineView.tsx';
import type { PageProps } from '../pages.ts';
import { href, navigate } from '../router.ts';
import type { AgentEvent, ArtifactLink, InterruptPayload, SettingsView, ThreadDetail } from '../types.ts';

function newThreadId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** One request per kind of work the agents do: design, documents, printing, HPC training. */
const EXAMPLES = [
  'Optimize a beams2d beam with volfrac 0.4, forcedist 0.5 and rmin 2 on a 60x30 grid, render it and export an STL',
  'Search my documents for the volume fraction used in the bracket study, with the page it is on',
  'Slice the last STL and show me the print time and filament for my printer',
  'Generate the SLURM script to train a cGAN on beams2d for 2 epochs with seed 3, submit it and wait for it',
];

export function ChatPage({ params, onThreadsChanged }: PageProps) {
  const routeId = params[0];
  const [threadId, setThreadId] = useState<string | undefined>(routeId);
  const [detail, setDetail] = useState<ThreadDetail | null>(null);
  const [events, setEvents] = useState<AgentEvent[]>([]);
  const [streaming, setStreaming] = useState<{ agent: string; text: string } | null>(null);
  const [running, setRunning] = useState(false);
  const [pending, setPending] = useState<InterruptPayload | null>(null);
  const [dialogOpen, setDialogOpen] = useState(false);
  const [error, setError] = useState<{ error: string; hint?: string } | null>(null);
  const [text, setText] = useState('');
  const [viewer, setViewer] = useState<ArtifactLink | null>(null);
  /** This chat's model (the thread's own; a new chat starts with the server's default): sent with each turn. */
  const [model, setModel] = useState('');
  const [settings, setSettings] = useState<SettingsView | null>(null);
  const modelSelect = useRef<HTMLSelectElement>(null);
  const [stopping, setStopping] = useState(false);
  const [sketchOpen, setSketchOpen] = useState(false);
  const [sketch, setSketch] = useState<SketchValue | null>(null);
  const [voiceOn, setVoiceOn] = useState(false);
  /** The last answer of a turn this page followed: read aloud when the chat's voice is on. */
  const [spoken, setSpoken] = useState<{ key: string; text: string } | null>(null);
  /** The last stored event this page has: where a re-attach starts. */
  const lastSeq = useRef(0);
  const input = useRef<HTMLTextAreaElement>(null);
  const startedHere = useRef<string | null>(null);
  const activeId = useRef<string | undefined>(routeId);
  const scroller = useRef<HTMLElement>(null);
  /** The last message sent here: runs again after the answer to a question about an interrupted run. */
  const held = useRef<string | null>(null);

  useEffect(
    () =>
      void api.settings().then(
        (s) => (setSettings(s), setModel((m) => m || s.model)),
        () => {},
      ),
    [],
  );

  useEffect(() => {
    activeId.current = routeId;
    setThreadId(routeId);
    if (!routeId) {
      if (settings) setModel(settings.model);
      setVoiceOn(false);
      setDetail(null);
      setEvents([]);
      setPending(null);
      return;
    }
    if (startedHere.current === routeId) return; // this page is streaming it already
    api.thread(routeId).then(
      (d) => {
        if (activeId.current !== routeId) return;
        setDetail(d);
        setModel(d.thread.model);
        setVoiceOn(Boolean(d.thread.voice));
        setEvents(d.events.map((e) => e.event));
        lastSeq.current = d.events.at(-1)?.seq ?? 0;
        setPending(d.interrupt);
        setDialogOpen(Boolean(d.interrupt) && !d.running);
        setError(null);
        // a turn running on the server (started before a reload, in another tab, by the CLI): follow it
        if (d.running) {
          startedHere.current = routeId;
          void follow(routeId, (h) => attachTurn(routeId, lastSeq.current, h));
        } else setRunning(false);
      },
      (err: Error) => setError({ error: err.message }),
    );
  }, [routeId]);

  useEffect(() => input.current?.focus(), [routeId]);

  // the scroll box itself to its end (scrollIntoView of the last element leaves the box's padding below)
  const atBottom = useRef(true);
  /** The box's scrollTop at its last scroll event or our own last scroll. */
  const lastTop = useRef(0);
  const toBottom = () => {
    const box = scroller.current;
    if (box) {
      box.scrollTop = box.scrollHeight;
      lastTop.current = box.scrollTop;
    }
    atBottom.current = true;
  };
  useEffect(toBottom, [events.length, streaming?.text.length]);
  // A reader who was at the bottom stays there when the log grows after the scroll (an image loads, a viewer opens)
  // or the box itself shrinks (the page head gains a line when the thread's title and report link arrive).
  // Only the reader scrolls up: our own scrolls, the browser's scroll anchoring and a shrinking log move the
  // box down or leave it at its end, so only an upward scroll away from the end lets go of the bottom.
  useEffect(() => {
    const box = scroller.current;
    const log = box?.firstElementChild;
    if (!box || !log) return;
    const onScroll = () => {
      const top = box.scrollTop;
      if (box.scrollHeight - top - box.clientHeight < 40) atBottom.current = true;
      else if (top < lastTop.current) atBottom.current = false;
      lastTop.current = top;
    };
    const stick = new ResizeObserver(() => {
      if (atBottom.current) toBottom();
    });
    stick.observe(box);
    stick.observe(log);
    box.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      stick.disconnect();
      box.removeEventListener('scroll', onScroll);
    };
  }, []);

  const rows = useMemo(() => buildRows(events), [events]);
  const working = running ? (workingAgent(events) ?? 'supervisor') : null;

  /**
   * Follows a turn to its end: the stream `open` starts, then (the connection closed before the
   * end: a dropped network, a restarted proxy) re-attaches after the last event while it runs.
   */
  async function follow(id: string, open: (h: TurnHandlers) => Promise<FollowOutcome>) {
    setRunning(true);
    setError(null);
    setPending(null);
    setDialogOpen(false);
    const here = () => activeId.current === id;
    const handlers: TurnHandlers = {
      onEvent: (e, seq) => {
        if (!here()) return;
        if (seq !== undefined) lastSeq.current = seq;
        if (e.type === 'token') {
          setStreaming((s) => (s && s.agent === e.agent ? { agent: e.agent, text: s.text + e.text } : { agent: e.agent, text: e.text }));
          return;
        }
        if (e.type === 'answer' || e.type === 'handback' || e.type === 'tool_call' || e.type === 'run_end') setStreaming(null);
        setEvents((list) => [...list, e]);
      },
      onEnd: (end) => {
        if (!here()) return;
        if (end.answer && end.status !== 'error') setSpoken({ key: `${id}:${Date.now()}`, text: end.answer });
        setPending(end.interrupt);
        setDialogOpen(Boolean(end.interrupt));
      },
      onError: (message, hint) => here() && setError({ error: message, hint }),
    };
    let outcome = await open(handlers).catch((err: Error): FollowOutcome => (here() && setError({ error: err.message }), 'ended'));
    for (let tries = 0; outcome === 'closed' && here() && tries < 30; tries++) {
      await new Promise((r) => setTimeout(r, 1000));
      outcome = await attachTurn(id, lastSeq.current, handlers).catch((): FollowOutcome => 'closed');
    }
    if (outcome === 'closed' && here()) setError({ error: 'lost the connection to the server; reload the page to see how the turn went' });
    if (startedHere.current === id) startedHere.current = null;
    setStreaming(null);
    setRunning(false);
    setStopping(false);
    onThreadsChanged();
    if (here())
      api.thread(id).then((d) => {
        if (!here()) return;
        setDetail(d);
        setPending(d.interrupt);
        setDialogOpen(Boolean(d.interrupt));
        lastSeq.current = d.events.at(-1)?.seq ?? lastSeq.current;
      }, () => {});
  }

  async function run(body: { message?: string; resume?: unknown; sketch?: TurnSketch }) {
    let id = threadId;
    const fresh = !id;
    if (!id) {
      id = newThreadId();
      startedHere.current = id;
      activeId.current = id;
      setThreadId(id);
      navigate('chat', id);
    }
    startedHere.current = id;
    const target = id;
    // a new chat's voice toggle is kept with the thread once the server has made it (its first turn)
    const opened = (h: TurnHandlers) =>
      streamTurn(target, { ...body, ...(model ? { model } : {}) }, {
        ...h,
        onEvent: (e, seq) => {
          if (fresh && voiceOn && e.type === 'run_start') void api.setVoice(target, true).catch(() => {});
          h.onEvent(e, seq);
        },
      });
    await follow(target, opened);
  }

  const toggleVoice = (on: boolean) => {
    setVoiceOn(on);
    // a chat the server has not made yet (before its first turn starts) gets the setting when it does
    if (threadId) api.setVoice(threadId, on).catch((err: ApiError) => err.status !== 404 && setError({ error: `could not keep the voice setting: ${err.message}` }));
  };

  const stop = () => {
    if (!threadId || stopping) return;
    setStopping(true);
    // the stream this page follows gets the end of the turn; a failure to stop is shown
    stopTurn(threadId).catch((err: Error) => {
      setStopping(false);
      setError({ error: err.message });
    });
  };

  const send = (e: Event) => {
    e.preventDefault();
    const message = text.trim();
    if (!message || running) return;
    setText('');
    // always a new request: a pending question or approval is declined by the server, visibly (answer it in its dialog)
    held.current = message;
    const sent = sketch;
    setSketch(null);
    setSketchOpen(false);
    void run(sent ? { message, sketch: { marks: { problem: sent.problem, marks: sent.marks }, png: sent.png } } : { message });
  };

  /**
   * Runs the failed request again, with the model chosen now: a run that failed mid-graph left its
   * step pending (the server's question "run the interrupted step again?"), and Retry is the yes to
   * that question; with nothing pending the request is sent again.
   */
  const retry = (message: string) => {
    if (running) return;
    if (pending?.interrupted) {
      held.current = null;
      void run({ resume: { decision: 'approve', callId: pending.callId ?? '', digest: pending.digest ?? '' } });
      return;
    }
    held.current = message;
    void run({ message });
  };
  const switchModel = () => modelSelect.current?.focus();

  const fallback = events.length === 0 && detail?.messages.length ? detail.messages : [];
  // the failure the timeline shows already (a run that failed) is not repeated in the error box
  const failedRow = rows.at(-1)?.kind === 'failed';
  const lastRequest = [...rows].reverse().find((r) => r.kind === 'user');
  const models = settings ? [...new Set([model, ...settings.backends.filter((b) => b.available).map((b) => b.spec)].filter(Boolean))] : model ? [model] : [];
  return (
    <div class="chat-page">
      <header class="page-head">
        <h1>{detail?.thread.title ?? (threadId ? 'Chat' : 'New chat')}</h1>
        <label class="thread-model muted" title="The model of this chat only; the default for new chats is on Models & agents">
          model for this chat{' '}
          <select ref={modelSelect} class="model-select" value={model} disabled={running} onChange={(e) => setModel((e.target as HTMLSelectElement).value)}>
            {models.map((m) => (
              <option key={m} value={m}>
                {settings?.backends.find((b) => b.spec === m)?.label ?? m}
                {settings?.backends.find((b) => b.spec === m) ? ` (${m})` : ''}
              </option>
            ))}
          </select>
        </label>
        {threadId && (
          <a class="jobs-link muted" href={href('jobs', threadId)}>
            jobs of this chat
          </a>
        )}
        {threadId && detail && (
          <a class="report-link muted" href={`/api/threads/${encodeURIComponent(threadId)}/report.pdf`} download>
            Download report
          </a>
        )}
      </header>
      <section class="chat-scroll" ref={scroller}>
        <div class="chat-log">
          {!threadId && events.length === 0 && (
            <div class="empty">
              <p>Ask the agents for a design, a document search, a print or a training job. For example:</p>
              {EXAMPLES.map((example) => (
                <button key={example} class="example" onClick={() => (setText(example), input.current?.focus())}>
                  {example}
                </button>
              ))}
            </div>
          )}
          {fallback.map((m, i) => (
            <div key={i} class={`bubble ${m.role === 'human' ? 'user' : 'answer'}`}>
              {m.content}
            </div>
          ))}
          <StlOpener.Provider value={setViewer}>
            <TimelineView rows={rows} onOpenStl={setViewer} onAnswer={pending && !running ? () => setDialogOpen(true) : undefined} onRetry={running ? undefined : retry} onSwitchModel={switchModel} />
          </StlOpener.Provider>
          {streaming && (
            <div class="bubble answer streaming">
              <div class="who">{streaming.agent}</div>
              {streaming.text}
            </div>
          )}
          {working && (
            <div class="working" data-agent={working}>
              <span class="spinner" /> {stopping ? 'stopping…' : `${working} is working…`}
            </div>
          )}
          {error && !failedRow && (
            <div class="error-box">
              <Failure
                error={error.error}
                hint={error.hint}
                onRetry={!running && lastRequest?.kind === 'user' ? () => retry(lastRequest.text) : undefined}
                onSwitchModel={switchModel}
              />
            </div>
          )}
        </div>
      </section>
      {sketchOpen && <SketchPad onChange={setSketch} onClose={() => (setSketchOpen(false), setSketch(null))} />}
      <div class="composer-tools">
        <button type="button" class={`sketch-toggle ${sketchOpen ? 'active' : ''}`} onClick={() => (sketchOpen ? (setSketchOpen(false), setSketch(null)) : setSketchOpen(true))} title="Draw supports, a load and keep-out regions on the problem's domain; the sketch goes with the next message">
          {sketchOpen ? 'Sketch: on' : 'Sketch'}
        </button>
        {sketch && <span class="sketch-summary muted">sketch: {sketch.marks.length} mark{sketch.marks.length === 1 ? '' : 's'} on {sketch.problem}, sent with the message</span>}
        <VoiceControls voiceOn={voiceOn} onToggle={toggleVoice} onHeard={(heard) => (setText((t) => (t.trim() ? `${t.trim()} ${heard}` : heard)), input.current?.focus())} answer={spoken} disabled={running} />
      </div>
      <form class="composer" onSubmit={send}>
        <textarea
          ref={input}
          class="message-input"
          rows={2}
          value={text}
          placeholder={
            pending?.interrupted && failedRow
              ? 'Message the supervisor (Retry runs the failed request again; a new message drops it)'
              : pending
                ? 'A new message declines the pending question (answer it in its dialog)'
                : 'Message the supervisor (Enter to send, Shift+Enter for a new line)'
          }
          onInput={(e) => setText((e.target as HTMLTextAreaElement).value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter' && !e.shiftKey) send(e);
          }}
        />
        {running ? (
          <button class="danger stop" type="button" onClick={stop} disabled={stopping} title="Stop the running turn; what was done so far is kept">
            {stopping ? 'Stopping…' : 'Stop'}
          </button>
        ) : (
          <button class="primary send" type="submit" disabled={!text.trim()}>
            Send
          </button>
        )}
      </form>
      {/* after a failed run its Retry button is the answer to "run the interrupted step again?" (a new message declines it) */}
      {pending && dialogOpen && !running && !(pending.interrupted && failedRow) && (
        <InterruptDialog
          payload={pending}
          // the question about an interrupted run: the message that raised it runs after the decision
          onResume={(value) => void run(pending.interrupted && held.current ? { resume: value, message: held.current } : { resume: value })}
          onClose={() => setDialogOpen(false)}
        />
      )}
      {viewer && <StlViewer link={viewer} onClose={() => setViewer(null)} />}
    </div>
  );
}
