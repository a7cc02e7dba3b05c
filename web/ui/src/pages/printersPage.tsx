/** The printers panel: each configured printer's state, job progress and temperatures, refreshed every 2 s. */
import { useEffect, useState } from 'preact/hooks';
import { api, type PrinterView } from '../api.ts';

const temp = (now?: number, target?: number) => `${now === undefined ? '–' : now.toFixed(1)} / ${target === undefined ? '–' : target.toFixed(0)} °C`;

function minutes(s?: number) {
  if (s === undefined) return '';
  return s >= 60 ? `${Math.floor(s / 60)} min ${s % 60} s left` : `${s} s left`;
}

export function PrintersPage() {
  const [printers, setPrinters] = useState<PrinterView[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    let stop = false;
    const load = () =>
      api.printers().then(
        (p) => !stop && (setPrinters(p), setError(null)),
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
