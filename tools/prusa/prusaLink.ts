/**
 * A client of the PrusaLink v1 HTTP API (prusa3d/Prusa-Link-Web spec/openapi.yaml): status, job,
 * storage, file upload by PUT (with Print-After-Upload), printing a stored file, pause, resume,
 * stop. Authenticates with X-Api-Key or HTTP Digest (user `maker`), whichever the printer's
 * settings give; a digest challenge is fetched before an upload so a body is never sent twice.
 * All network I/O of the Prusa tools is here; failures become errors classed by fault. A reply is
 * read within the request's timeout and under MAX_REPLY_BYTES (an error page: its first 64 KiB),
 * so a broken or hostile printer cannot make us hold more.
 */
import { readFile } from 'node:fs/promises';
import type { PrinterSettings } from '../../config/prusaSettings.ts';
import { ConfigError, InfraError, InputError, NotFoundError, ReplyTooLargeError, TimeoutError } from '../errors.ts';
import { readCapped, readHead } from '../net/readCapped.ts';
import { digestAuthorization, parseChallenge, type DigestChallenge } from './digestAuth.ts';
import { isPlainPrinterFileName } from './toolSpecs.ts';

export type PrinterState = 'IDLE' | 'BUSY' | 'PRINTING' | 'PAUSED' | 'FINISHED' | 'STOPPED' | 'ERROR' | 'ATTENTION' | 'READY';

export interface PrinterStatus {
  printer: {
    state: PrinterState;
    temp_nozzle?: number;
    target_nozzle?: number;
    temp_bed?: number;
    target_bed?: number;
    axis_z?: number;
    flow?: number;
    speed?: number;
    status_printer?: { ok: boolean; message: string };
  };
  job?: { id: number; progress?: number; time_remaining?: number; time_printing?: number };
  storage?: { name: string; path: string; read_only: boolean; free_space?: number };
  transfer?: { id: number; time_transferring: number; progress?: number };
}

export interface PrinterJob {
  id: number;
  state: 'PRINTING' | 'PAUSED' | 'FINISHED' | 'STOPPED' | 'ERROR';
  progress: number;
  time_printing: number;
  time_remaining?: number;
  file?: { name: string; display_name?: string; path: string; size?: number; m_timestamp: number; meta?: Record<string, unknown> };
}

export interface StorageInfo {
  name?: string;
  type: 'LOCAL' | 'SDCARD' | 'USB';
  path: string;
  free_space?: number;
  total_space?: number;
  available: boolean;
  read_only?: boolean;
}

/** The most bytes a printer's JSON reply may have: a status, job or file record is a few kB. */
export const MAX_REPLY_BYTES = 1024 * 1024;
const ERROR_PAGE_BYTES = 64 * 1024;

const clip = (s: string, n = 300) => (s.length > n ? `${s.slice(0, n)}…` : s);

/** The message of a PrusaLink error body: JSON {title, text} or plain text. */
function errorMessage(body: string): string {
  try {
    const j = JSON.parse(body) as { title?: string; text?: string; message?: string };
    return clip([j.title, j.text ?? j.message].filter(Boolean).join(': ') || body);
  } catch {
    return clip(body.trim());
  }
}

export class PrusaLink {
  private challenge: DigestChallenge | null = null;
  private nc = 0;

  constructor(readonly printer: PrinterSettings) {}

  get name(): string {
    return this.printer.name;
  }

  private authHeaders(method: string, path: string): Record<string, string> {
    const p = this.printer;
    if (p.apiKey) return { 'X-Api-Key': p.apiKey };
    if (p.password && this.challenge) return { Authorization: digestAuthorization(this.challenge, p.username, p.password, method, path, ++this.nc) };
    return {};
  }

  private async send(method: string, path: string, headers: Record<string, string> = {}, body?: Uint8Array<ArrayBuffer>): Promise<Response> {
    const url = new URL(path, this.printer.url).toString();
    const init = (): RequestInit => ({
      method,
      headers: { Accept: 'application/json', ...headers, ...this.authHeaders(method, path) },
      body,
      signal: AbortSignal.timeout(this.printer.timeoutMs),
      redirect: 'error',
    });
    let res = await this.fetch(url, init());
    if (res.status === 401 && this.printer.password && !this.printer.apiKey) {
      const challenge = parseChallenge(res.headers.get('www-authenticate') ?? '');
      const retry = challenge && (!this.challenge || /stale\s*=\s*"?true/i.test(res.headers.get('www-authenticate') ?? '') || challenge.nonce !== this.challenge.nonce);
      if (retry) {
        await res.body?.cancel().catch(() => undefined);
        this.challenge = challenge;
        this.nc = 0;
        res = await this.fetch(url, init());
      }
    }
    if (res.status === 401) {
      await res.body?.cancel().catch(() => undefined);
      const how = this.printer.apiKey ? 'API key' : this.printer.password ? `digest password of user ${this.printer.username}` : 'missing credentials';
      throw new ConfigError(`printer ${this.name} refused the ${how} (HTTP 401); nothing was sent to it`, {
        hint: this.printer.apiKey || this.printer.password ? 'check ENGIAI_PRINTER_KEY (or the variable apiKeyEnv/passwordEnv names) against the key shown in PrusaLink' : 'set ENGIAI_PRINTER_KEY or the printer\'s apiKeyEnv',
      });
    }
    return res;
  }

  private async fetch(url: string, init: RequestInit): Promise<Response> {
    try {
      return await fetch(url, init);
    } catch (err) {
      const cause = (err as { cause?: { code?: string; message?: string } }).cause;
      if ((err as Error).name === 'TimeoutError') throw this.timedOut('did not answer');
      throw new InfraError(`printer ${this.name} at ${this.printer.url} is unreachable (${cause?.code ?? cause?.message ?? (err as Error).message})`, {
        retryable: false,
        cause: err,
        hint: 'check that the printer is on, on the network, and that its URL in the settings is right',
      });
    }
  }

  private timedOut(how: string): TimeoutError {
    return new TimeoutError(`printer ${this.name} at ${this.printer.url} ${how} within ${this.printer.timeoutMs} ms`, this.printer.timeoutMs, { hint: 'check that the printer is on and reachable' });
  }

  /** The reply's body, inside the request's timeout and under MAX_REPLY_BYTES. */
  private async body(res: Response, what: string): Promise<string> {
    try {
      return (await readCapped(res, { maxBytes: MAX_REPLY_BYTES, what: `printer ${this.name} (${what})`, hint: 'a PrusaLink reply is a few kB: check that the printer URL points at PrusaLink' })).toString('utf8');
    } catch (err) {
      if (err instanceof ReplyTooLargeError) throw err;
      if ((err as Error).name === 'TimeoutError' || (err as Error).name === 'AbortError') throw this.timedOut(`did not finish its reply to ${what}`);
      throw new InfraError(`printer ${this.name}: the reply to ${what} broke off (${(err as Error).message})`, { retryable: false, cause: err });
    }
  }

  private async expectOk(res: Response, what: string): Promise<void> {
    if (res.ok) {
      await res.body?.cancel().catch(() => undefined);
      return;
    }
    const message = errorMessage(await readHead(res, ERROR_PAGE_BYTES));
    if (res.status === 404) throw new NotFoundError(`${what}: not found on printer ${this.name}${message ? ` (${message})` : ''}`);
    throw new InfraError(`${what} failed on printer ${this.name}: HTTP ${res.status}${message ? ` ${message}` : ''}`, { retryable: false });
  }

  private async json<T>(path: string, what: string): Promise<T | null> {
    const res = await this.send('GET', path);
    if (!res.ok) await this.expectOk(res, what);
    if (res.status === 204) return null;
    const text = await this.body(res, what);
    try {
      return JSON.parse(text) as T;
    } catch (err) {
      throw new InfraError(`printer ${this.name} answered ${what} with malformed JSON`, { retryable: false, cause: err });
    }
  }

  async version(): Promise<Record<string, unknown>> {
    return (await this.json<Record<string, unknown>>('/api/version', 'reading the version')) ?? {};
  }

  async status(): Promise<PrinterStatus> {
    const s = await this.json<PrinterStatus>('/api/v1/status', 'reading the status');
    if (!s?.printer?.state) throw new InfraError(`printer ${this.name} sent a status without a state`, { retryable: false });
    return s;
  }

  /** The current job, or null when the printer has none (HTTP 204). */
  job(): Promise<PrinterJob | null> {
    return this.json<PrinterJob>('/api/v1/job', 'reading the job');
  }

  async storages(): Promise<StorageInfo[]> {
    return (await this.json<{ storage_list: StorageInfo[] }>('/api/v1/storage', 'reading the storage'))?.storage_list ?? [];
  }

  /** The URL path of a file on the storage; a name that is not a plain file name there is refused (".." would leave it). */
  private filePath(name: string): string {
    if (!isPlainPrinterFileName(name)) throw new InputError(`${JSON.stringify(name.slice(0, 80))} is not a plain file name on the printer's storage (no folders, not "." or "..")`, { field: 'file', hint: 'give the file name upload_gcode returned' });
    return `/api/v1/files/${encodeURIComponent(this.printer.storage)}/${name.split('/').map(encodeURIComponent).join('/')}`;
  }

  /** PUT the file's bytes as `name` on the printer's storage; `printAfter` starts it when stored. */
  async upload(localPath: string, name: string, opts: { printAfter?: boolean; overwrite?: boolean } = {}): Promise<{ bytes: number }> {
    const bytes = new Uint8Array(await readFile(localPath));
    if (this.printer.password && !this.printer.apiKey && !this.challenge) await this.version(); // learn the digest challenge first
    const path = this.filePath(name);
    const res = await this.send('PUT', path, {
      'Content-Type': 'application/octet-stream',
      'Print-After-Upload': opts.printAfter ? '?1' : '?0',
      Overwrite: opts.overwrite ? '?1' : '?0',
    }, bytes);
    await this.expectOk(res, `uploading ${name}`);
    return { bytes: bytes.length };
  }

  /** Start printing a file already on the printer's storage (HTTP 409 when it is busy). */
  async printFile(name: string): Promise<void> {
    await this.expectOk(await this.send('POST', this.filePath(name)), `starting ${name}`);
  }

  async fileInfo(name: string): Promise<Record<string, unknown>> {
    return (await this.json<Record<string, unknown>>(this.filePath(name), `reading ${name}`)) ?? {};
  }

  async pause(jobId: number): Promise<void> {
    await this.expectOk(await this.send('PUT', `/api/v1/job/${jobId}/pause`), `pausing job ${jobId}`);
  }

  async resume(jobId: number): Promise<void> {
    await this.expectOk(await this.send('PUT', `/api/v1/job/${jobId}/resume`), `resuming job ${jobId}`);
  }

  async stop(jobId: number): Promise<void> {
    await this.expectOk(await this.send('DELETE', `/api/v1/job/${jobId}`), `stopping job ${jobId}`);
  }
}
