/**
 * An answer for people: flat JSON objects in the text (conditions, objectives: `{"volfrac":0.4,…}`)
 * become small tables, runs of design rows (`<id> {conditions} → {objectives}`, as list and compare
 * answers write them) become one table with the designs side by side, and links (artifacts,
 * citations) stay links. Text that is none of these is shown as written.
 */
import { Fragment } from 'preact';
import { CitedText } from './citedText.tsx';

type Flat = Record<string, string | number | boolean | null>;

/** A flat JSON object (primitive values only), or null. */
function flat(text: string): Flat | null {
  try {
    const v = JSON.parse(text) as unknown;
    if (!v || typeof v !== 'object' || Array.isArray(v)) return null;
    const entries = Object.entries(v as Record<string, unknown>);
    if (!entries.length || !entries.every(([, x]) => x === null || ['string', 'number', 'boolean'].includes(typeof x))) return null;
    return v as Flat;
  } catch {
    return null;
  }
}

const show = (v: Flat[string]) => (typeof v === 'number' ? String(Number(v.toPrecision(6))) : String(v));

function KeyValues({ values }: { values: Flat }) {
  const keys = Object.keys(values);
  return (
    <table class="kv">
      <thead>
        <tr>
          {keys.map((k) => (
            <th key={k}>{k}</th>
          ))}
        </tr>
      </thead>
      <tbody>
        <tr>
          {keys.map((k) => (
            <td key={k}>{show(values[k])}</td>
          ))}
        </tr>
      </tbody>
    </table>
  );
}

const OBJECT = /\{"[^{}\n]*\}/g;

/** One line: its flat JSON objects as tables, the rest as text with links. */
function Line({ text }: { text: string }) {
  const parts: (string | Flat)[] = [];
  let last = 0;
  for (const m of text.matchAll(OBJECT)) {
    const values = flat(m[0]);
    if (!values) continue;
    if (m.index > last) parts.push(text.slice(last, m.index));
    parts.push(values);
    last = m.index + m[0].length;
  }
  if (last < text.length) parts.push(text.slice(last));
  return <>{parts.map((p, i) => (typeof p === 'string' ? <CitedText key={i} text={p} /> : <KeyValues key={i} values={p} />))}</>;
}

interface DesignRow {
  id: string;
  conditions: Flat;
  objectives: Flat;
}

const ROW = /^\s*(\S+) (\{[^{}]*\}) → (\{[^{}]*\})\s*$/;

function designRow(line: string): DesignRow | null {
  const m = ROW.exec(line);
  if (!m) return null;
  const conditions = flat(m[2]);
  const objectives = flat(m[3]);
  return conditions && objectives ? { id: m[1], conditions, objectives } : null;
}

/** Designs side by side: a row per design, a column per condition and objective. */
function DesignTable({ rows }: { rows: DesignRow[] }) {
  const cond = [...new Set(rows.flatMap((r) => Object.keys(r.conditions)))];
  const obj = [...new Set(rows.flatMap((r) => Object.keys(r.objectives)))];
  return (
    <table class="designs-table">
      <thead>
        <tr>
          <th>design</th>
          {cond.map((k) => (
            <th key={`c-${k}`}>{k}</th>
          ))}
          {obj.map((k) => (
            <th key={`o-${k}`} class="objective">
              {k}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((r) => (
          <tr key={r.id} data-design={r.id}>
            <td>
              <code>{r.id}</code>
            </td>
            {cond.map((k) => (
              <td key={`c-${k}`}>{k in r.conditions ? show(r.conditions[k]) : ''}</td>
            ))}
            {obj.map((k) => (
              <td key={`o-${k}`} class="objective">
                {k in r.objectives ? show(r.objectives[k]) : ''}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export function AnswerText({ text }: { text: string }) {
  const blocks: (string | DesignRow[])[] = [];
  for (const line of text.split('\n')) {
    const row = designRow(line);
    const prev = blocks[blocks.length - 1];
    if (row && Array.isArray(prev)) prev.push(row);
    else blocks.push(row ? [row] : line);
  }
  return (
    <>
      {blocks.map((b, i) => (
        <Fragment key={i}>
          {Array.isArray(b) ? <DesignTable rows={b} /> : <Line text={b} />}
          {typeof b === 'string' && i < blocks.length - 1 && !Array.isArray(blocks[i + 1]) ? '\n' : null}
        </Fragment>
      ))}
    </>
  );
}
