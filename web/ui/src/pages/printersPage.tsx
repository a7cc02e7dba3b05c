/**
 * The printers panel: each configured printer's state, job progress and temperatures, refreshed
 * every 2 s; Pause, Resume and Cancel act on the job shown. Cancel always asks first (it ends the
 * print for good), Pause and Resume when their tool asks before running in the settings.
 */
import { useEffect, useState } from 'preact/hooks';
import { api, type PrinterControl, type PrinterView } from '../api.ts';

const CONTROL_WORDS: Record<PrinterControl, { label: string; question: (p: PrinterView) => string }> = {
  pause: { label: 'Pause', question: (p) => `Pause job ${p.jobId}${p.file ? ` (${p.file})` : ''} on ${p.name}?` },
  resume: { label: 'Resume', question: (p) => `Resume job ${p.jobId}${p.file ? ` (${p.file})` : ''} on ${p.name}?` },
  cancel: { label: 'Cancel print', question: (p) => `Cancel job ${p.jobId}${p.file ? ` (${p.file})` : ''} on ${p.name}? The print ends for good; it cannot be resumed.` },
};

/** The controls a printer's state allows. */
function controlsOf(p: PrinterView): PrinterControl[] {
  if (p.jobId === undefined) return [];
  if (p.state === 'PRINTING') return ['pause', 'cancel'];
  if (p.state === 'PAUSED') return ['resume', 'cancel'];
  return [];
}

const temp = (now?: number, target?: number) => `${now === undefined ? '–' : now.toFixed(1)} / ${target === undefined ? '–' : target.toFixed(0)} °C`;

function minutes(s?: number) {
  if (s === undefined) return '';
  return s >= 60 ? `${Math.floor(s / 60)} min ${s % 60} s left` : `${s} s left`;
}

export function PrintersPage() {
  const [printers, setPrinters] = useState<PrinterView[] | null>(null);
  const [confirmFor, setConfirmFor] = useState<Record<PrinterControl, boolean>>({ pause: false, resume: false, cancel: true });
  const [error, setError] = useState<string | null>(null);
  const [note, setNote] = useState<string | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const act = async (p: PrinterView, control: PrinterControl) => {
    const ask = confirmFor[control] || control === 'cancel';
    if (ask && !confirm(CONTROL_WORDS[control].question(p))) return;
    setBusy(p.name);
    try {
      const r = await api.printerControl(p.name, control, p.jobId!, ask);
      setPrinters((list) => list?.map((x) => (x.name === p.name ? r.printer : x)) ?? null);
      setNote(r.done);
      setError(null);
    } catch (err) {
      setError((err as Error).message);
    } finally {
      setBusy(null);
    }
  };
  useEffect(() => {
    let stop = false;
    const load = () =>
      api.printers().then(
        (r) => !stop && (setPrinters(r.printers), setConfirmFor(r.confirm), setError(null)),
        (e: Error) => !stop && setError(e.message),
      );
    void load();
    const timer = setInterval(load, 2000);
    return () => ((stop = true), clearInterval(timer));
  }, []);
  return (
    <div class="page">
      <header class="page-head">
        <h1>Printers</h1>
      </header>
      {error && <div class="event warn">{error}</div>}
      {note && <p class="muted printer-note">{note}</p>}
      {printers?.length === 0 && <p class="muted">No printer configured: set ENGIAI_PRINTER_URL and ENGIAI_PRINTER_KEY (try engiai printer-sim), or list printers under prusa.printers in engiai.yaml.</p>}
      <div class="design-grid">
        {printers?.map((p) => (
          <article key={p.name} class="printer-card" data-printer={p.name} data-state={p.state ?? 'unreachable'}>
            <h3>
              {p.name} <span class={`chip state ${p.error ? 'failed' : ''}`}>{p.state ?? 'unreachable'}</span>
            </h3>
            <p class="muted">{p.url}</p>
            {p.error && <div class="event warn printer-error">{p.error}</div>}
            {p.message && <div class="event warn">{p.message}</div>}
            {p.progress !== undefined && (
              <div class="progress printer-progress" data-progress={p.progress}>
                <progress max={100} value={p.progress} />
                <span>
                  {p.progress.toFixed(1)} %{p.file ? ` · ${p.file}` : ''} {minutes(p.timeRemainingS)}
                </span>
              </div>
            )}
            {controlsOf(p).length > 0 && (
              <div class="printer-controls">
                {controlsOf(p).map((c) => (
                  <button key={c} class={`small ${c === 'cancel' ? 'danger' : 'secondary'} printer-${c}`} disabled={busy === p.name} onClick={() => void act(p, c)}>
                    {CONTROL_WORDS[c].label}
                  </button>
                ))}
              </div>
            )}
            {p.temperatures && (
              <dl class="temps">
                <dt>nozzle</dt>
                <dd class="temp-nozzle">{temp(p.temperatures.nozzle, p.temperatures.nozzleTarget)}</dd>
                <dt>bed</dt>
                <dd class="temp-bed">{temp(p.temperatures.bed, p.temperatures.bedTarget)}</dd>
              </dl>
            )}
          </article>
        ))}
      </div>
    </div>
  );
}
