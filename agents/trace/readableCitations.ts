/**
 * Citations for a terminal: `[title, p. N](doc:ID#page=N)` (how document answers cite) reads as
 * `title, p. N [1]`, with a numbered source list after the answer naming the document id and page
 * (`engiai search` and the web Documents page find them by that id).
 */
const CITATION = /\[([^\]\n]{1,300})\]\(doc:([0-9a-f]{16})(?:#page=(\d+))?\)/g;

export interface ReadableText {
  text: string;
  /** `[n] title, p. N — document ID, page N`, one per distinct citation. */
  sources: string[];
}

export function readableCitations(text: string): ReadableText {
  const numbers = new Map<string, number>();
  const sources: string[] = [];
  const out = text.replace(CITATION, (_m, label: string, id: string, page: string | undefined) => {
    const key = `${id}#${page ?? ''}`;
    let n = numbers.get(key);
    if (n === undefined) {
      n = numbers.size + 1;
      numbers.set(key, n);
      sources.push(`[${n}] ${label} — document ${id}${page ? `, page ${page}` : ''}`);
    }
    return `${label} [${n}]`;
  });
  return { text: out, sources };
}
