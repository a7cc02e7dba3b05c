/**
 * Benchmarks: the runs in the benchmark folders, their per-cell tables filterable by suite, style
 * and model (#/benchmarks), one run with its figures and trials (#/benchmarks/<run>), and one
 * trial's trace in the same timeline view as a chat (#/benchmarks/<run>/<trial>).
 */
import { useEffect, useMemo, useState } from 'preact/hooks';
import { benchApi, type BenchRunDetail, type BenchRunRow, type BenchTrial } from '../benchApi.ts';
import { CellsTable, cellGroup, TrialsTable, type CellRow } from '../components/benchTables.tsx';
import { buildRows } from '../components/timeline.ts';
import { TimelineView } from '../components/timelineView.tsx';
import { StlViewer } from '../components/stlViewer.tsx';
import type { PageProps } from '../pages.ts';
import { href } from '../router.ts';
import type { ArtifactLink } from '../types.ts';

function useLoad<T>(load: () => Promise<T>, deps: unknown[]): { data: T | null; error: string | null } {
  const [state, setState] = useState<{ data: T | null; error: string | null }>({ data: null, error: null });
  useEffect(() => void load().then((data) => setState({ data, error: null }), (e: Error) => setState({ data: null, error: e.message })), deps);
  return state;
}

function Select({ label, value, options, onChange }: { label: string; value: string; options: string[]; onChange: (v: string) => void }) {
  return (
    <label class="filter">
      {label}{' '}
      <select name={label} value={value} onChange={(e) => onChange((e.target as HTMLSelectElement).value)}>
        <option value="">all</option>
        {options.map((o) => (
          <option key={o} value={o}>
            {o}
          </option>
        ))}
      </select>
    </label>
  );
}

function RunList() {
  const { data: runs, error } = useLoad<BenchRunRow[]>(() => benchApi.runs(), []);
  const [suite, setSuite] = useState('');
  const [style, setStyle] = useState('');
  const [model, setModel] = useState('');
  const all: CellRow[] = useMemo(() => (runs ?? []).flatMap((r) => (r.summary?.cells ?? []).map((cell) => ({ runId: r.id, suite: r.suite, cell }))), [runs]);
  const uniq = (xs: (string | undefined)[]) => [...new Set(xs.filter((x): x is string => !!x))].sort();
  const rows = all.filter((r) => (!suite || r.suite === suite) && (!style || r.cell.style === style || cellGroup(r.cell).includes(style)) && (!model || r.cell.model === model));
  return (
    <div class="page bench-page">
      <header class="page-head">
        <h1>Benchmarks</h1>
        <span class="muted">{runs ? `${runs.length} run(s)` : ''}</span>
      </header>
      {error && <div class="event warn">{error}</div>}
      {runs?.length === 0 && <p class="muted">No benchmark runs yet: try `engiai bench workflow --agent reference --preset small`.</p>}
      <div class="filters">
        <Select label="suite" value={suite} options={uniq(all.map((r) => r.suite))} onChange={setSuite} />
        <Select label="style" value={style} options={uniq(all.flatMap((r) => [r.cell.style, r.cell.prompt]))} onChange={setStyle} />
        <Select label="model" value={model} options={uniq(all.map((r) => r.cell.model))} onChange={setModel} />
      </div>
      <CellsTable rows={rows} />
      <h2>Runs</h2>
      <ul class="bench-runs">
        {runs?.map((r) => (
          <li key={r.id} data-run={r.id}>
            <a href={href('benchmarks', r.id)}>
              {r.suite} · {r.configHash}
            </a>{' '}
            <span class="muted">
              {new Date(r.createdAt).toLocaleString()} · {r.summary?.n ?? '?'} trials · git {r.gitSha.slice(0, 10)}
              {r.gitDirty ? ' (dirty)' : ''}
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}

function RunView({ id }: { id: string }) {
  const { data: run, error } = useLoad<BenchRunDetail>(() => benchApi.run(id), [id]);
  const [style, setStyle] = useState('');
  const [model, setModel] = useState('');
  if (error) return <div class="page"><div class="event warn">{error}</div></div>;
  if (!run) return <div class="page muted">loading…</div>;
  const cells = (run.summary?.cells ?? []).map((cell) => ({ runId: id, suite: run.manifest.suite, cell }));
  const uniq = (k: string) => [...new Set(run.trials.map((t) => String(t[k] ?? '')).filter(Boolean))].sort();
  const trials = run.trials.filter((t) => (!style || t.style === style || t.prompt === style) && (!model || t.model === model));
  return (
    <div class="page bench-page">
      <header class="page-head">
        <h1>
          <a href={href('benchmarks')}>Benchmarks</a> / {run.manifest.suite} · {run.manifest.configHash}
        </h1>
        <a class="button" href={benchApi.fileUrl(id, 'report.html')} target="_blank" rel="noopener">
          Full report
        </a>
      </header>
      <p class="muted">
        git {run.manifest.gitSha.slice(0, 12)}
        {run.manifest.gitDirty ? ' (dirty)' : ''} · {new Date(run.manifest.createdAt).toLocaleString()}
      </p>
      <CellsTable rows={cells} />
      <div class="bench-figures">
        {run.figures.map((f) => (
          <figure key={f}>
            <a href={benchApi.fileUrl(id, `figures/${f}`)} target="_blank" rel="noreferrer" title="open at full size">
              <img src={benchApi.fileUrl(id, `figures/${f}`)} alt={f} loading="lazy" />
            </a>
            <figcaption>{f}</figcaption>
          </figure>
        ))}
      </div>
      <h2>Trials</h2>
      <div class="filters">
        <Select label="style" value={style} options={[...uniq('style'), ...uniq('prompt')]} onChange={setStyle} />
        <Select label="model" value={model} options={uniq('model')} onChange={setModel} />
      </div>
      <TrialsTable runId={id} trials={trials} />
    </div>
  );
}

/** Score fields that identify the trial rather than score it. */
const IDENTITY = new Set(['trialId', 'model', 'problem', 'style', 'sampleIndex', 'seed', 'prompt', 'condition']);

function TrialView({ id, trial }: { id: string; trial: string }) {
  const { data, error } = useLoad<BenchTrial>(() => benchApi.trial(id, trial), [id, trial]);
  const [viewer, setViewer] = useState<ArtifactLink | null>(null);
  if (error) return <div class="page"><div class="event warn">{error}</div></div>;
  if (!data) return <div class="page muted">loading…</div>;
  const s = data.score ?? {};
  return (
    <div class="page bench-page bench-trial">
      <header class="page-head">
        <h1>
          <a href={href('benchmarks')}>Benchmarks</a> / <a href={href('benchmarks', id)}>{data.header.suite}</a> / {data.header.trialId}
        </h1>
      </header>
      <p class="muted">
        {data.header.model} · seed {data.header.seed} · {Math.round(data.end.durationMs)} ms · {data.end.status}
        {data.end.error ? `: ${data.end.error.message}` : ''}
      </p>
      <div class="trial-score">
        {Object.entries(s)
          .filter(([k, v]) => !IDENTITY.has(k) && (typeof v === 'number' || (typeof v === 'string' && v)))
          .map(([k, v]) => (
            <span key={k} class="chip" data-metric={k}>
              {k} {typeof v === 'number' ? v.toFixed(3) : String(v)}
            </span>
          ))}
      </div>
      <TimelineView rows={buildRows(data.events)} onOpenStl={setViewer} />
      {viewer && <StlViewer link={viewer} onClose={() => setViewer(null)} />}
    </div>
  );
}

export function BenchmarksPage({ params }: PageProps) {
  const [run, trial] = params;
  if (run && trial) return <TrialView id={run} trial={trial} />;
  if (run) return <RunView id={run} />;
  return <RunList />;
}
