/**
 * A report's citations from a real retrieval turn: `engiai chat` (offline) finds the values in an
 * indexed PDF, cites it, and optimizes with them; `engiai report` lists the cited document and page
 * and the design made with the found values.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runChat } from '../../../cli/commands/chat.ts';
import { runReport } from '../../../cli/commands/report.ts';
import { loadConfig } from '../../../config/load.ts';
import { Retrieval, writePdf } from '../../../tools/retrieval/index.ts';
import { pdfText } from '../../support/pdfPages.ts';

let home: string;
const io = { write: () => {}, ask: async () => '' };

beforeAll(async () => {
  home = mkdtempSync(join(tmpdir(), 'engiai-report-rag-'));
  const docs = join(home, 'documents');
  mkdirSync(docs, { recursive: true });
  writeFileSync(
    join(docs, 'k77.pdf'),
    writePdf([{ lines: ['Report K-77: cantilever bracket study', 'Introduction.'] }, { lines: ['2 Optimization settings', 'The volume fraction used was 0.37 and the filter radius was 2.5 elements.'] }], { title: 'Report K-77: cantilever bracket study' }),
  );
  const r = Retrieval.open(loadConfig({ env: { ENGIAI_HOME: home }, cwd: home }));
  expect((await r.index([docs])).counts.indexed).toBe(1);
  r.close();
});
afterAll(() => rmSync(home, { recursive: true, force: true }));

describe('report citations', () => {
  it('lists the document and page the answer cited, and the design made with its values', async () => {
    const chat = await runChat(
      { message: 'find the volume fraction and filter radius used in report K-77 and optimize a beam with them on a 30x15 grid with max_iter 5', model: 'offline', home, interactive: false, json: true, answer: ['0.5'] },
      io,
    );
    expect(chat.status).toBe('done');
    const out = join(home, 'report.pdf');
    const r = await runReport({ thread: chat.threadId, out, home });
    expect(r.designs).toBe(1);
    const text = pdfText(readFileSync(out)).replace(/\s+/g, ' ');
    expect(text).toMatch(/1\. Report K-77: cantilever bracket study, p\. 2 \(doc:[0-9a-f]{16}#page=2\)(?! — retrieved)/);
    expect(text).toContain('volfrac 0.37');
    expect(text).toContain('rmin 2.5');
    expect(text).toContain('search_documents');
    const html = readFileSync((await runReport({ thread: chat.threadId, out: join(home, 'report.html'), home })).path, 'utf8');
    expect(html).toMatch(/<li>Report K-77: cantilever bracket study, p\. 2 <code>doc:[0-9a-f]{16}#page=2<\/code><\/li>/);
  }, 120_000);
});
