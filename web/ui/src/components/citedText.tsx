/**
 * Text with citations: `[title, p. N](doc:ID#page=N)` (what the document tools return and the agents
 * repeat) becomes a link to that document at that page on the Documents page, and `[name](/artifacts/…)`
 * (how the server writes an artifact's path in an answer) a link to the file; the rest stays text.
 */
import { useContext } from 'preact/hooks';
import { href } from '../router.ts';
import { StlOpener } from './stlOpener.ts';

const CITATION = /\[([^\]\n]{1,300})\]\((?:doc:([0-9a-f]{16})(?:#page=(\d+))?|(\/artifacts\/[A-Za-z0-9_.%/-]+))\)/g;

type Part = string | { label: string; id: string; page: string } | { label: string; url: string };

export function CitedText({ text }: { text: string }) {
  const openStl = useContext(StlOpener);
  const parts: Part[] = [];
  let last = 0;
  for (const m of text.matchAll(CITATION)) {
    if (m.index > last) parts.push(text.slice(last, m.index));
    parts.push(m[4] ? { label: m[1], url: m[4] } : { label: m[1], id: m[2], page: m[3] ?? '1' });
    last = m.index + m[0].length;
  }
  if (last < text.length) parts.push(text.slice(last));
  return (
    <>
      {parts.map((p, i) =>
        typeof p === 'string' ? (
          p
        ) : 'url' in p ? (
          <span key={i}>
            <a class="artifact-link" href={p.url} target="_blank" rel="noopener">
              {p.label}
            </a>
            {/* an STL opens in the page's 3D viewer (never a window on the server) */}
            {openStl && /\.stl$/i.test(p.url) && (
              <button class="small view-stl" onClick={() => openStl({ key: 'stl', kind: 'mesh', mediaType: 'model/stl', url: p.url, name: p.url.split('/').pop() ?? p.label })}>
                View in 3D
              </button>
            )}
          </span>
        ) : (
          <a key={i} class="citation" href={href('documents', p.id, p.page)} data-doc={p.id} data-page={p.page}>
            {p.label}
          </a>
        ),
      )}
    </>
  );
}
