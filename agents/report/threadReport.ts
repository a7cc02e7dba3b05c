/**
 * Gathers a conversation's design report from what is stored: the thread's messages (its session),
 * its recorded events (the caller's event log), and the designs it made or used (the design store's
 * per-thread list and the design folders its tool results named), then writes it as PDF or HTML.
 */
import { join } from 'node:path';
import type { ChatSession } from '../runtime/chatSession.ts';
import type { AgentEvent } from '../trace/agentEvent.ts';
import { serializeMessage } from '../trace/traceJson.ts';
import type { DesignStore } from '../../tools/engineering/store/designStore.ts';
import type { DesignMeta } from '../../tools/engineering/store/designMeta.ts';
import { readJson } from '../../tools/engineering/store/atomicFs.ts';
import { readRegularFile } from '../../tools/fileFaults.ts';
import { NotFoundError } from '../../tools/errors.ts';
import { buildReportData, type ReportData } from './reportData.ts';
import { reportHtml } from './reportHtml.ts';
import { reportPdf } from './reportPdf.ts';

export type ReportFormat = 'pdf' | 'html';

/** Designs per report, and the largest image embedded. */
export const MAX_REPORT_DESIGNS = 100;
export const MAX_IMAGE_BYTES = 8 * 1024 * 1024;

export interface ThreadReportInput {
  threadId: string;
  session: Pick<ChatSession, 'messages'>;
  /** The thread's recorded events with their turn numbers (none for a thread no event log kept). */
  events: { turn: number; event: AgentEvent }[];
  store: DesignStore;
  home: string;
  title?: string;
  model?: string | null;
  /** A link for a file path relative to the artifact folder ('/'-separated). */
  linkOf?: (rel: string) => string | null;
}

export interface ThreadReport {
  data: ReportData;
  bytes: Buffer;
  mediaType: string;
}

const DESIGN_ID = /^[A-Za-z0-9_.]+-[0-9a-f]{16}$/;

/** The design folders the events' artifacts lie in, in the order met. */
function designIdsOf(events: { event: AgentEvent }[], root: string): string[] {
  const out: string[] = [];
  for (const { event: e } of events) {
    if (e.type !== 'tool_result' || !e.ok) continue;
    for (const a of e.artifacts ?? []) {
      if (!a.path.startsWith(root)) continue;
      const first = a.path.slice(root.length).split(/[\\/]/).filter(Boolean)[0];
      if (first && DESIGN_ID.test(first) && !out.includes(first)) out.push(first);
    }
  }
  return out;
}

export async function gatherThreadReport(input: ThreadReportInput): Promise<{ data: ReportData; images: Map<string, Uint8Array> }> {
  const messages = (await input.session.messages(input.threadId)).map(serializeMessage);
  if (!messages.length && !input.events.length) throw new NotFoundError(`no conversation ${input.threadId} in the thread store`, { hint: 'check the thread id (engiai chat prints it after each turn)' });
  const root = input.store.root;
  const ids = [...new Set([...(await input.store.threadDesigns(input.threadId)), ...designIdsOf(input.events, root)])].slice(0, MAX_REPORT_DESIGNS);
  const designs: { dir: string; meta: DesignMeta }[] = [];
  for (const id of ids) {
    const dir = input.store.dir(id);
    // a design deleted or damaged since is left out, not a failed report
    const meta = await readJson<DesignMeta>(join(dir, 'meta.json')).catch(() => undefined);
    if (meta && meta.id === id) designs.push({ dir, meta });
  }
  const data = buildReportData({ threadId: input.threadId, title: input.title, model: input.model, messages, events: input.events, designs, home: input.home, artifactsRoot: root, linkOf: input.linkOf });
  const images = new Map<string, Uint8Array>();
  for (const d of data.designs) {
    for (const f of d.files) {
      if (f.mediaType !== 'image/png' || images.has(f.source)) continue;
      const bytes = await readRegularFile(f.source, { maxBytes: MAX_IMAGE_BYTES, what: 'report images', field: 'image' }).catch(() => null);
      if (bytes) images.set(f.source, bytes);
    }
  }
  return { data, images };
}

export async function threadReport(input: ThreadReportInput, format: ReportFormat): Promise<ThreadReport> {
  const { data, images } = await gatherThreadReport(input);
  if (format === 'html') return { data, bytes: Buffer.from(reportHtml(data, images), 'utf8'), mediaType: 'text/html; charset=utf-8' };
  return { data, bytes: reportPdf(data, images), mediaType: 'application/pdf' };
}
