/** Documents for the RAG agent: upload into ENGIAI_HOME/uploads (size-limited) and list them. */
import { useEffect, useState } from 'preact/hooks';
import { api } from '../api.ts';

type Listing = Awaited<ReturnType<typeof api.uploads>>;

const mb = (n: number) => `${(n / 1024 / 1024).toFixed(n < 1024 * 1024 ? 2 : 1)} MB`;

export function DocumentsPage() {
  const [listing, setListing] = useState<Listing | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const load = () => void api.uploads().then(setListing);
  useEffect(load, []);
  const upload = async (e: Event) => {
    const input = e.target as HTMLInputElement;
    for (const file of Array.from(input.files ?? [])) {
      try {
        const r = await api.upload(file);
        setMessage(`uploaded ${r.name} (${r.bytes} bytes)`);
      } catch (err) {
        setMessage(`${file.name}: ${(err as Error).message}`);
      }
    }
    input.value = '';
    load();
  };
  return (
    <div class="page">
      <header class="page-head">
        <h1>Documents</h1>
        {listing && <span class="muted">limit {mb(listing.limitBytes)} per file</span>}
      </header>
      <p class="muted">Papers and notes for the document (RAG) agent. Indexing arrives with that agent; uploads are kept in ENGIAI_HOME/uploads.</p>
      <input type="file" class="upload-input" multiple accept=".pdf,.md,.txt,.markdown" onChange={upload} />
      {message && <p class="upload-message">{message}</p>}
      <ul class="file-list">
        {listing?.files.map((f) => (
          <li key={f.name}>
            {f.name} <span class="muted">{mb(f.bytes)} · {new Date(f.modified).toLocaleString()}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}
