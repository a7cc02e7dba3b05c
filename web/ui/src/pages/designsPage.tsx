/** The stored designs (artifact folder): render, convergence chart, STL files, objectives. */
import { useEffect, useState } from 'preact/hooks';
import { api, type DesignView } from '../api.ts';
import { StlViewer } from '../components/stlViewer.tsx';
import type { ArtifactLink } from '../types.ts';

export function DesignsPage() {
  const [designs, setDesigns] = useState<DesignView[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [viewer, setViewer] = useState<ArtifactLink | null>(null);
  const [rendering, setRendering] = useState<Set<string>>(new Set());
  useEffect(() => void api.designs().then(setDesigns, (e: Error) => setError(e.message)), []);
  /** A design with no picture gets one: the same render and convergence chart the agents' render writes. */
  const render = async (id: string) => {
    setRendering((s) => new Set(s).add(id));
    try {
      const r = await api.renderDesign(id);
      setDesigns((list) => list?.map((d) => (d.id === id ? { ...d, files: r.files } : d)) ?? null);
      setError(null);
    } catch (err) {
      setError(`could not render ${id}: ${(err as Error).message}`);
    } finally {
      setRendering((s) => new Set([...s].filter((x) => x !== id)));
    }
  };
  return (
    <div class="page">
      <header class="page-head">
        <h1>Designs</h1>
      </header>
      {error && <div class="event warn">{error}</div>}
      {designs?.length === 0 && <p class="muted">No designs yet: ask the agents to optimize one.</p>}
      <div class="design-grid">
        {designs?.map((d) => {
          const images = Object.entries(d.files).filter(([, url]) => url && /\.(png|svg)$/.test(url));
          const stls = Object.entries(d.files).filter(([, url]) => url?.endsWith('.stl'));
          return (
            <article key={d.id} class="design-card" data-design={d.id}>
              <h3>{d.id}</h3>
              <p class="muted">
                {new Date(d.createdAt).toLocaleString()} · {d.iterations} iterations · {Object.entries(d.objectives).map(([k, v]) => `${k} = ${v.toPrecision(6)}`).join(', ')}
              </p>
              <p class="muted design-conditions">
                {Object.entries(d.conditions)
                  .map(([k, v]) => `${k} ${typeof v === 'object' ? JSON.stringify(v) : String(v)}`)
                  .join(' · ')}
              </p>
              {d.masks && (
                <p class="muted design-masks">
                  {Object.entries(d.masks)
                    .map(([k, m]) => `${k}: ${m.nodes} node${m.nodes === 1 ? '' : 's'}${m.list ? ` ${JSON.stringify(m.list)}` : ` (sha256 ${m.sha256})`}`)
                    .join(' · ')}
                </p>
              )}
              {!d.files.render && (
                <div class="no-render">
                  <span class="muted">No picture of this design yet.</span>
                  <button class="small primary render-design" disabled={rendering.has(d.id)} onClick={() => void render(d.id)}>
                    {rendering.has(d.id) ? 'Rendering…' : 'Render'}
                  </button>
                </div>
              )}
              <div class="links">
                {images.map(([role, url]) => (
                  <figure key={role} class="artifact-image">
                    <img src={url!} alt={role} loading="lazy" />
                    <figcaption>{role}</figcaption>
                  </figure>
                ))}
              </div>
              {stls.map(([role, url]) => (
                <div key={role} class="stl-actions">
                  <span class="stl-name">{url!.split('/').pop()}</span>
                  <button onClick={() => setViewer({ key: role, kind: 'mesh', mediaType: 'model/stl', url: url!, name: url!.split('/').pop()! })}>View in 3D</button>
                  <a class="button" href={`${url}?download=1`}>
                    Download
                  </a>
                </div>
              ))}
            </article>
          );
        })}
      </div>
      {viewer && <StlViewer link={viewer} onClose={() => setViewer(null)} />}
    </div>
  );
}
