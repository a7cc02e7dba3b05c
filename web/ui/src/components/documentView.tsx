/** One indexed document as the index holds it: its text by page (the cited page highlighted and scrolled to), and its file when served. */
import { useEffect, useRef, useState } from 'preact/hooks';
import { documentsApi } from '../documentsApi.ts';
import { href } from '../router.ts';

type Loaded = Awaited<ReturnType<typeof documentsApi.document>>;

export function DocumentView({ id, page }: { id: string; page: number }) {
  const [doc, setDoc] = useState<Loaded | null>(null);
  const [error, setError] = useState<string | null>(null);
  const target = useRef<HTMLElement>(null);
  useEffect(() => void documentsApi.document(id).then(setDoc, (e: Error) => setError(e.message)), [id]);
  useEffect(() => target.current?.scrollIntoView({ block: 'start' }), [doc, page]);
  if (error) return <div class="event warn">{error}</div>;
  if (!doc) return <p class="muted">loading…</p>;
  const pages = [...new Set(doc.chunks.map((c) => c.page))];
  return (
    <article class="document-view" data-doc={id}>
      <p>
        <a href={href('documents')}>← all documents</a>
      </p>
      <h2 class="doc-title">{doc.document.title}</h2>
      <p class="muted">
        {doc.document.source} · {doc.document.collection} · {doc.document.pages} page{doc.document.pages === 1 ? '' : 's'} · {doc.document.kind}
        {doc.document.downloadable && (
          <>
            {' · '}
            <a class="open-file" href={`/api/documents/${id}/file`} target="_blank" rel="noopener">
              open the file
            </a>
          </>
        )}
      </p>
      {pages.map((p) => (
        <section key={p} class={p === page ? 'doc-page cited' : 'doc-page'} data-page={p} ref={p === page ? target : undefined}>
          <h3>Page {p}</h3>
          {doc.chunks
            .filter((c) => c.page === p)
            .map((c, i) => (
              <div key={i} class="chunk">
                {c.section && <div class="muted">{c.section}</div>}
                <pre>{c.text}</pre>
              </div>
            ))}
        </section>
      ))}
    </article>
  );
}
