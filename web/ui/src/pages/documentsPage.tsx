/**
 * Documents for the RAG agent: upload files (size-limited, into ENGIAI_HOME/uploads) and index them
 * with live progress and a per-file report, search the index (ranked passages with source and
 * page), the collections and their documents; `#/documents/<id>/<page>` shows one document at a
 * page (where chat citations link to).
 */
import { useEffect, useState } from 'preact/hooks';
import { api } from '../api.ts';
import { DocumentView } from '../components/documentView.tsx';
import { documentsApi, indexUploads, type DocumentsView, type IndexProgressView, type IndexReportView, type SearchHitView } from '../documentsApi.ts';
import type { PageProps } from '../pages.ts';
import { href } from '../router.ts';

const mb = (n: number) => `${(n / 1024 / 1024).toFixed(n < 1024 * 1024 ? 2 : 1)} MB`;
const ACCEPT = '.pdf,.md,.markdown,.txt,.text,.html,.htm';

function Upload({ view, onIndexed }: { view: DocumentsView; onIndexed: () => void }) {
  const [collection, setCollection] = useState(view.defaultCollection);
  const [progress, setProgress] = useState<IndexProgressView | null>(null);
  const [report, setReport] = useState<IndexReportView | null>(null);
  const [problems, setProblems] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
  const upload = async (e: Event) => {
    const input = e.target as HTMLInputElement;
    const files = Array.from(input.files ?? []);
    input.value = '';
    if (!files.length) return;
    setBusy(true);
    setReport(null);
    const refused: string[] = [];
    const names: string[] = [];
    for (const f of files) {
      if (f.size > view.limitBytes) {
        refused.push(`${f.name}: too large (${mb(f.size)}; the limit is ${mb(view.limitBytes)})`);
        continue;
      }
      try {
        names.push((await api.upload(f)).name);
      } catch (err) {
        refused.push(`${f.name}: ${(err as Error).message}`);
      }
    }
    setProblems(refused);
    try {
      if (names.length) setReport(await indexUploads(names, collection, setProgress));
    } catch (err) {
      setProblems([...refused, (err as Error).message]);
    }
    setProgress(null);
    setBusy(false);
    onIndexed();
  };
  return (
    <section class="doc-panel upload-panel">
      <h2>Add documents</h2>
      <div class="upload-row">
        <label>
          collection <input class="collection-input" value={collection} onInput={(e) => setCollection((e.target as HTMLInputElement).value)} />
        </label>
        <input type="file" class="upload-input" multiple accept={ACCEPT} disabled={busy} onChange={upload} />
        <span class="muted">PDF, Markdown, text, HTML · up to {mb(view.limitBytes)} per file</span>
      </div>
      {progress && (
        <div class="progress index-progress" data-done={progress.done} data-total={progress.total}>
          <progress max={progress.total} value={progress.done} />
          <span>
            {progress.phase === 'embedding' ? 'embedding' : 'indexing'} {progress.done}/{progress.total} {progress.name}
          </span>
        </div>
      )}
      {problems.map((p) => (
        <p key={p} class="upload-message error-text">
          {p}
        </p>
      ))}
      {report && (
        <div class="index-report">
          <p class="upload-message">
            {report.collection}: {Object.entries(report.counts).filter(([, n]) => n).map(([k, n]) => `${n} ${k}`).join(', ')} · {report.pages} pages, {report.chunks} chunks in {(report.durationMs / 1000).toFixed(1)} s
          </p>
          <ul class="file-list">
            {report.files.map((f) => (
              <li key={f.name} class={`file-status ${f.status}`} data-status={f.status} data-name={f.name}>
                <b>{f.status}</b> {f.name}
                {f.reason && <span class="muted"> — {f.reason}</span>}
              </li>
            ))}
          </ul>
        </div>
      )}
    </section>
  );
}

function Search({ collections }: { collections: string[] }) {
  const [q, setQ] = useState('');
  const [collection, setCollection] = useState('');
  const [hits, setHits] = useState<SearchHitView[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const run = (e: Event) => {
    e.preventDefault();
    if (!q.trim()) return;
    setError(null);
    documentsApi.search(q, collection || undefined).then((r) => setHits(r.hits), (err: Error) => setError(err.message));
  };
  return (
    <section class="doc-panel search-panel">
      <h2>Search</h2>
      <form class="search-row" onSubmit={run}>
        <input class="search-input" value={q} placeholder="e.g. volume fraction used in report K-77" onInput={(e) => setQ((e.target as HTMLInputElement).value)} />
        <select value={collection} onChange={(e) => setCollection((e.target as HTMLSelectElement).value)}>
          <option value="">all collections</option>
          {collections.map((c) => (
            <option key={c} value={c}>
              {c}
            </option>
          ))}
        </select>
        <button class="primary search-button" type="submit">
          Search
        </button>
      </form>
      {error && <p class="error-text">{error}</p>}
      {hits?.length === 0 && <p class="muted no-hits">Nothing found.</p>}
      <ol class="hits">
        {hits?.map((h) => (
          <li key={`${h.docId}-${h.rank}`} class="hit" data-doc={h.docId} data-page={h.page}>
            <a class="hit-title" href={href('documents', h.docId, String(h.page))}>
              {h.title}
            </a>
            <span class="muted hit-where">
              {' '}
              {h.source} · p. {h.page}
              {h.section ? ` · ${h.section}` : ''} · {h.collection} · score {h.score.toPrecision(3)}
            </span>
            <p class="snippet">{h.text.length > 400 ? `${h.text.slice(0, 400)}…` : h.text}</p>
          </li>
        ))}
      </ol>
    </section>
  );
}

export function DocumentsPage({ params }: PageProps) {
  const [view, setView] = useState<DocumentsView | null>(null);
  const [error, setError] = useState<string | null>(null);
  const load = () => void documentsApi.list().then(setView, (e: Error) => setError(e.message));
  useEffect(load, []);
  if (params[0]) {
    return (
      <div class="page">
        <DocumentView id={params[0]} page={Number(params[1] ?? 1) || 1} />
      </div>
    );
  }
  const remove = (id: string) => void documentsApi.remove(id).then(load, (e: Error) => setError(e.message));
  return (
    <div class="page documents-page">
      <header class="page-head">
        <h1>Documents</h1>
        {view && (
          <span class="muted index-summary">
            {view.total} documents in {view.collections.length} collection{view.collections.length === 1 ? '' : 's'} · {view.embeddings ? `hybrid search (${view.embeddings})` : 'BM25 search'}
            {view.mode !== 'on' ? ` · retrieval.mode ${view.mode}` : ''}
          </span>
        )}
      </header>
      {error && <div class="event warn">{error}</div>}
      {view && <Upload view={view} onIndexed={load} />}
      {view && <Search collections={view.collections.map((c) => c.name)} />}
      <section class="doc-panel">
        <h2>Collections</h2>
        {view?.total === 0 && <p class="muted">Nothing indexed yet. Add files above, or run engiai index PATH.</p>}
        {view?.collections.map((c) => (
          <div key={c.name} class="collection" data-collection={c.name}>
            <h3>
              {c.name} <span class="muted">{c.documents} documents · {c.chunks} chunks</span>
            </h3>
            <table class="doc-table">
              <tbody>
                {view.documents
                  .filter((d) => d.collection === c.name)
                  .map((d) => (
                    <tr key={d.id} class="doc-row" data-doc={d.id}>
                      <td>
                        <a href={href('documents', d.id, '1')}>{d.title}</a>
                      </td>
                      <td class="muted">{d.name}</td>
                      <td class="muted">
                        {d.kind} · {d.pages} p. · {d.chunks} chunks
                      </td>
                      <td class="muted">{new Date(d.indexedAt).toLocaleString()}</td>
                      <td>
                        <button class="small remove-doc" onClick={() => remove(d.id)}>
                          remove
                        </button>
                      </td>
                    </tr>
                  ))}
              </tbody>
            </table>
          </div>
        ))}
      </section>
    </div>
  );
}
