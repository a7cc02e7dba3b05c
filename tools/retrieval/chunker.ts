/**
 * Splits a page of Markdown-like text into chunks that fit a size target without cutting a table,
 * a list, a fenced block or a display equation in two where it can: the text is read as blocks
 * (heading, paragraph, list, table, code, equation), blocks are packed into chunks up to
 * `targetChars`, and a chunk never spans two sections. Only a block longer than `maxChars` is cut:
 * a table by rows (its header repeated), a list by items, anything else by sentences.
 */
import type { Chunk } from './types.ts';

export interface ChunkOptions {
  /** Pack blocks up to this many characters. */
  targetChars: number;
  /** A single block longer than this is split. */
  maxChars: number;
}

export const DEFAULT_CHUNKING: ChunkOptions = { targetChars: 1000, maxChars: 2400 };

type BlockKind = 'heading' | 'paragraph' | 'list' | 'table' | 'code' | 'equation';
interface Block {
  kind: BlockKind;
  lines: string[];
  level?: number;
}

const HEADING = /^(#{1,6})\s+(.*)$/;
const LIST_ITEM = /^\s*(?:[-*+•]|\d{1,3}[.)])\s+/;
const TABLE_ROW = /^\s*\|.*\|\s*$/;
const NUMBERED_HEADING = /^(\d{1,2}(?:\.\d{1,2}){0,3})\.?\s+([A-Z][^.!?]{1,70})$/;

/** Reads lines into blocks. Plain-text pages get numbered headings ("2.1 Boundary conditions") too. */
export function toBlocks(text: string): Block[] {
  const lines = text.replace(/\r\n?/g, '\n').split('\n');
  const blocks: Block[] = [];
  let i = 0;
  const take = (kind: BlockKind, end: (line: string, idx: number) => boolean, inclusiveEnd: boolean) => {
    const start = i;
    i++;
    while (i < lines.length && !end(lines[i], i)) i++;
    if (inclusiveEnd && i < lines.length) i++;
    blocks.push({ kind, lines: lines.slice(start, i) });
  };
  while (i < lines.length) {
    const line = lines[i];
    const trimmed = line.trim();
    if (!trimmed) {
      i++;
      continue;
    }
    const h = HEADING.exec(trimmed);
    const numbered = !h && NUMBERED_HEADING.exec(trimmed);
    if (h || numbered) {
      const level = h ? h[1].length : (numbered as RegExpExecArray)[1].split('.').length + 1;
      blocks.push({ kind: 'heading', lines: [h ? h[2].trim() : trimmed], level });
      i++;
    } else if (/^(```|~~~)/.test(trimmed)) {
      const fence = trimmed.slice(0, 3);
      take('code', (l) => l.trim().startsWith(fence), true);
    } else if (trimmed.startsWith('$$')) {
      if (trimmed.length > 4 && trimmed.endsWith('$$')) {
        blocks.push({ kind: 'equation', lines: [line] });
        i++;
      } else take('equation', (l) => l.trim().endsWith('$$'), true);
    } else if (/^\\begin\{(equation|align|gather|eqnarray)\*?\}/.test(trimmed)) {
      take('equation', (l) => /^\\end\{(equation|align|gather|eqnarray)\*?\}/.test(l.trim()), true);
    } else if (TABLE_ROW.test(line)) {
      take('table', (l) => !TABLE_ROW.test(l), false);
    } else if (LIST_ITEM.test(line)) {
      // items and their indented continuation lines; a blank line followed by another item continues the list
      take('list', (l, idx) => {
        if (LIST_ITEM.test(l) || /^\s{2,}\S/.test(l)) return false;
        if (!l.trim()) return !(idx + 1 < lines.length && LIST_ITEM.test(lines[idx + 1]));
        return true;
      }, false);
    } else {
      take('paragraph', (l) => !l.trim() || HEADING.test(l.trim()) || NUMBERED_HEADING.test(l.trim()) || TABLE_ROW.test(l) || LIST_ITEM.test(l) || /^(```|~~~|\$\$)/.test(l.trim()), false);
    }
  }
  return blocks;
}

const blockText = (b: Block) => b.lines.join('\n').trim();

/** Cuts one oversized block into pieces of at most maxChars (tables keep their header on each piece). */
function splitBlock(b: Block, maxChars: number): string[] {
  if (b.kind === 'table') {
    const header = b.lines.slice(0, /^\s*\|[\s:|-]+\|\s*$/.test(b.lines[1] ?? '') ? 2 : 1);
    return pack(b.lines.slice(header.length), maxChars - header.join('\n').length - 1).map((rows) => [...header, rows].join('\n'));
  }
  if (b.kind === 'list') {
    const items: string[] = [];
    for (const l of b.lines) {
      if (LIST_ITEM.test(l) || !items.length) items.push(l);
      else items[items.length - 1] += `\n${l}`;
    }
    return pack(items, maxChars).flatMap((p) => (p.length > maxChars ? bySentences(p, maxChars) : [p]));
  }
  return bySentences(blockText(b), maxChars);
}

function bySentences(text: string, maxChars: number): string[] {
  const sentences = text.match(/[^.!?\n]+(?:[.!?]+|\n|$)\s*/g) ?? [text];
  const pieces = sentences.flatMap((s) => (s.length <= maxChars ? [s] : (s.match(new RegExp(`[\\s\\S]{1,${maxChars}}`, 'g')) ?? [])));
  return pack(pieces, maxChars, '').map((p) => p.trim()).filter(Boolean);
}

/** Greedy packing of parts into strings of at most `limit` characters (a longer part stays alone). */
function pack(parts: string[], limit: number, sep = '\n'): string[] {
  const out: string[] = [];
  let cur = '';
  for (const p of parts) {
    if (cur && cur.length + sep.length + p.length > limit) {
      out.push(cur);
      cur = p;
    } else cur = cur ? `${cur}${sep}${p}` : p;
  }
  if (cur) out.push(cur);
  return out;
}

/** Chunks of a document's pages, numbered in order; sections carry over from page to page. */
export function chunkPages(pages: { page: number; text: string }[], opts: ChunkOptions = DEFAULT_CHUNKING): Chunk[] {
  const chunks: Chunk[] = [];
  const path: { level: number; title: string }[] = [];
  for (const { page, text } of pages) {
    let cur: string[] = [];
    let size = 0;
    const flush = () => {
      if (cur.length) chunks.push({ ord: chunks.length, page, section: path.map((p) => p.title).join(' > '), text: cur.join('\n\n') });
      cur = [];
      size = 0;
    };
    for (const b of toBlocks(text)) {
      if (b.kind === 'heading') {
        flush();
        while (path.length && path[path.length - 1].level >= (b.level ?? 1)) path.pop();
        path.push({ level: b.level ?? 1, title: b.lines[0].slice(0, 120) });
        continue;
      }
      const t = blockText(b);
      if (!t) continue;
      const pieces = t.length > opts.maxChars ? splitBlock(b, opts.maxChars) : [t];
      for (const piece of pieces) {
        if (size && size + piece.length + 2 > opts.targetChars) flush();
        cur.push(piece);
        size += piece.length + 2;
      }
    }
    flush();
  }
  // a document of headings only is still findable: one chunk per page with its text
  if (!chunks.length) for (const { page, text } of pages) if (text.trim()) chunks.push({ ord: chunks.length, page, section: '', text: text.trim().slice(0, opts.maxChars) });
  return chunks;
}
