/** The server API: JSON calls with the CSRF header, and chat turns read as server-sent events. */
import type { AgentEvent, ArtifactLink, InterruptPayload, SettingsView, ThreadDetail, ThreadRow } from './types.ts';

export const CSRF = { 'x-engiai-csrf': '1' };

export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/** A JSON call with the CSRF header; a failure is an ApiError with the server's error and hint. */
export async function call<T>(path: string, init: RequestInit = {}): Promise<T> {
  const res = await fetch(path, { ...init, headers: { 'content-type': 'application/json', ...CSRF, ...(init.headers ?? {}) } });
  if (!res.ok) {
    const body = (await res.json().catch(() => ({}))) as { error?: string; hint?: string };
    throw new ApiError(res.status, [body.error ?? res.statusText, body.hint].filter(Boolean).join(' — '));
  }
  return (res.status === 204 ? undefined : await res.json()) as T;
}

export const api = {
  threads: () => call<{ threads: ThreadRow[] }>('/api/threads').then((r) => r.threads),
  createThread: (title?: string) => call<ThreadRow>('/api/threads', { method: 'POST', body: JSON.stringify(title ? { title } : {}) }),
  thread: (id: string) => call<ThreadDetail>(`/api/threads/${encodeURIComponent(id)}`),
  setVoice: (id: string, voice: boolean) => call<ThreadRow>(`/api/threads/${encodeURIComponent(id)}`, { method: 'PATCH', body: JSON.stringify({ voice }) }),
  rename: (id: string, title: string) => call<ThreadRow>(`/api/threads/${encodeURIComponent(id)}`, { method: 'PATCH', body: JSON.stringify({ title }) }),
  deleteThread: (id: string) => call<void>(`/api/threads/${encodeURIComponent(id)}`, { method: 'DELETE' }),
  settings: () => call<SettingsView>('/api/settings'),
  saveSettings: (s: { model?: string; approvals?: string[] }) => call<{ model: string; approvals: string[] }>('/api/settings', { method: 'PUT', body: JSON.stringify(s) }),
  designs: () => call<{ designs: DesignView[] }>('/api/designs').then((r) => r.designs),
  renderDesign: (id: string) => call<{ id: string; files: Record<string, string | null> }>(`/api/designs/${encodeURIComponent(id)}/render`, { method: 'POST' }),
  uploads: () => call<{ files: { name: string; bytes: number; modified: string }[]; limitBytes: number }>('/api/uploads'),
  printers: () => call<{ printers: PrinterView[]; confirm: Record<PrinterControl, boolean> }>('/api/printers'),
  printerControl: (name: string, control: PrinterControl, jobId: number, confirm: boolean) =>
    call<{ printer: PrinterView; done: string }>(`/api/printers/${encodeURIComponent(name)}/${control}`, { method: 'POST', body: JSON.stringify({ job_id: jobId, ...(confirm ? { confirm: true } : {}) }) }),
  allJobs: () => call<{ threads: { thread: { id: string; title: string }; view: ThreadViewData }[] }>('/api/jobs').then((r) => r.threads),
  threadViews: (id: string) => call<{ views: ThreadViewData[] }>(`/api/threads/${encodeURIComponent(id)}/views`).then((r) => r.views),
  upload: (file: File) => call<{ name: string; bytes: number }>(`/api/uploads?name=${encodeURIComponent(file.name)}`, { method: 'POST', body: file, headers: { 'content-type': file.type || 'application/octet-stream' } }),
};

export type PrinterControl = 'pause' | 'resume' | 'cancel';

export interface PrinterView {
  name: string;
  url: string;
  state?: string;
  jobId?: number;
  progress?: number;
  timeRemainingS?: number;
  file?: string;
  temperatures?: { nozzle?: number; nozzleTarget?: number; bed?: number; bedTarget?: number };
  message?: string;
  error?: string;
}

/** What a specialist shows about a thread (e.g. kind "jobs"), with links to its files. */
export interface ThreadViewData {
  agent: string;
  kind: string;
  title: string;
  data: unknown;
  links: ArtifactLink[];
}

export interface DesignView {
  id: string;
  problem: string;
  createdAt: string;
  conditions: Record<string, unknown>;
  /** The node masks given (absent: the problem's defaults): node count, hash, and the nodes when at most 12. */
  masks?: Record<string, { nodes: number; sha256: string; list?: number[][] }>;
  objectives: Record<string, number>;
  iterations: number;
  files: Record<string, string | null>;
}

export interface TurnEnd {
  status: 'done' | 'interrupted' | 'stopped' | 'error';
  answer: string | null;
  interrupt: InterruptPayload | null;
  /** Why the turn was stopped (Stop, the server's budget), when it was. */
  stopReason?: string | null;
}

export interface TurnHandlers {
  /** `seq`: the stored event's id, the cursor to re-attach after. */
  onEvent(event: AgentEvent, seq?: number): void;
  onEnd(end: TurnEnd): void;
  /** `hint`: what to do about it (start a service, switch the model), when the server knows. */
  onError(message: string, hint?: string): void;
}

/** How a followed stream ended: the turn's end or a server error (`ended`), no turn running (`idle`), or the connection closed first. */
export type FollowOutcome = 'ended' | 'idle' | 'closed';

/** Posts a message or an answer and dispatches the SSE frames of the turn as they arrive. */
/** A sketch sent with a message: the marks in domain coordinates and the drawing as a PNG data URL. */
export interface TurnSketch {
  marks: { problem: string; marks: unknown[] };
  png?: string;
}

export async function streamTurn(threadId: string, body: { message?: string; resume?: unknown; sketch?: TurnSketch; model?: string }, h: TurnHandlers): Promise<FollowOutcome> {
  const res = await fetch(`/api/threads/${encodeURIComponent(threadId)}/turn`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...CSRF },
    body: JSON.stringify(body),
  });
  return follow(res, h);
}

/** Re-attaches to a thread: its events after `after`, then the running turn live to its end (`idle` when none runs). */
export async function attachTurn(threadId: string, after: number, h: TurnHandlers): Promise<FollowOutcome> {
  return follow(await fetch(`/api/threads/${encodeURIComponent(threadId)}/events?after=${after}`), h);
}

/** Stops the thread's running turn; resolves once it has ended (the stream that follows it gets the end). */
export const stopTurn = (threadId: string) => call<{ stopping: boolean; status?: string; answer?: string }>(`/api/threads/${encodeURIComponent(threadId)}/stop`, { method: 'POST' });

async function follow(res: Response, h: TurnHandlers): Promise<FollowOutcome> {
  if (!res.ok || !res.body) {
    const err = (await res.json().catch(() => ({}))) as { error?: string; hint?: string };
    h.onError(err.error ?? `request failed (${res.status})`, err.hint);
    return 'ended';
  }
  let outcome: FollowOutcome = 'closed';
  await readSseFrames(res.body, (name, payload, id) => {
    if (name === 'accepted') return;
    if (name === 'idle') outcome = 'idle';
    else if (name === 'turn_end') {
      outcome = 'ended';
      h.onEnd(payload as TurnEnd);
    } else if (name === 'error') {
      outcome = 'ended';
      const { error, hint } = payload as { error?: unknown; hint?: unknown };
      h.onError(String(error), typeof hint === 'string' ? hint : undefined);
    } else h.onEvent(payload as AgentEvent, id);
  }).catch(() => {});
  return outcome;
}

/** Reads a body of server-sent events to its end, calling onFrame(event, JSON data, id) for each frame that carries data. */
export async function readSseFrames(body: NonNullable<Response['body']>, onFrame: (event: string, payload: unknown, id?: number) => void): Promise<void> {
  const reader = body.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  const dispatch = (block: string) => {
    let name = 'message';
    let id: number | undefined;
    const data: string[] = [];
    for (const line of block.split('\n')) {
      if (line.startsWith('event: ')) name = line.slice(7);
      else if (line.startsWith('data: ')) data.push(line.slice(6));
      else if (line.startsWith('id: ')) id = Number(line.slice(4));
    }
    if (data.length) onFrame(name, JSON.parse(data.join('\n')), id);
  };
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    buffer += value;
    let cut: number;
    while ((cut = buffer.indexOf('\n\n')) >= 0) {
      dispatch(buffer.slice(0, cut));
      buffer = buffer.slice(cut + 2);
    }
  }
}
