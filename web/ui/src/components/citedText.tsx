/**
 * Text with citations: `[title, p. N](doc:ID#page=N)` (what the document tools return and the agents
 * repeat) becomes a link to that document at that page on the Documents page; the rest stays text.
 */
import { href } from '../router.ts';

const CITATION = /\[([^\]\n]{1,300})\]\(doc:([0-9a-f]{16})(?:#page=(\d+))?\)/g;

export function CitedText({ text }: { text: string }) {
  const parts: (string | { label: string; id: string; page: string })[] = [];
  let last = 0;
  for (const m of text.matchAll(CITATION)) {
    if (m.index > last) parts.push(text.slice(last, m.index));
    parts.push({ label: m[1], id: m[2], page: m[3] ?? '1' });
    last = m.index + m[0].length;
  }
  if (last < text.length) parts.push(text.slice(last));
  return (
    <>
      {parts.map((p, i) =>
        typeof p === 'string' ? (
          p
        ) : (
          <a key={i} class="citation" href={href('documents', p.id, p.page)} data-doc={p.id} data-page={p.page}>
            {p.label}
          </a>
        ),
      )}
    </>
  );
}
