/**
 * A client of the PrusaLink v1 HTTP API (prusa3d/Prusa-Link-Web spec/openapi.yaml): status, job,
 * storage, file upload by PUT (with Print-After-Upload, into a folder), printing a stored file,
 * pause, resume, stop; folders and the files in them, the upload in progress (transfer), a camera
 * picture. Authenticates with X-Api-Key or HTTP Digest (user `maker`), whichever the printer's
 * settings give; a digest challenge is fetched before an upload so a body is never sent twice.
 * All network I/O of the Prusa tools is here; failures become errors classed by fault and named so
 * a person can act (authentication, storage full, wrong file type, printer busy, not PrusaLink's
 * v1 API); an HTML error page is reduced to its title, never passed on raw. Real printers differ
 * (tools/prusa/printerSim/simProfiles.ts): the storage may be `usb` only, free space may be
 * missing, `status.storage` may be an array; the client takes each as it comes. A reply is read
 * within the request's timeout and under MAX_REPLY_BYTES (an error page: its first 64 KiB), so a
 * broken or hostile printer cannot make us hold more.
 */
import { readFile } from 'node:fs/promises';
import type { PrinterSettings } from '../../config/prusaSettings.ts';
import { ConfigError, InfraError, InputError, NotFoundError, ReplyTooLargeError, TimeoutError } from '../errors.ts';
import { readCapped, readHead } from '../net/readCapped.ts';
import { digestAuthorization, parseChallenge, type DigestChallenge } from './digestAuth.ts';
import { isPrinterPath } from './toolSpecs.ts';

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
  /** The spec's object; Python PrusaLink sends an array of storages. */
  storage?: StatusStorage | StatusStorage[];
  /** An upload the printer is receiving (the spec names the byte count data_transferred, the firmware transferred). */
  transfer?: { id: number; time_transferring: number; progress?: number; transferred?: number; data_transferred?: number };
}

export interface StatusStorage {
  name?: string;
  path: string;
  read_only?: boolean;
  free_space?: number;
}

export interface PrinterJob {
  id: number;
  state: 'PRINTING' | 'PAUSED' | 'FINISHED' | 'STOPPED' | 'ERROR';
  progress: number;
  time_printing: number;
  time_remaining?: number;
  file?: { name: string; display_name?: string; path: string; size?: number; m_timestamp: number; meta?: Record<string, unknown> };
}

/** GET /api/v1/transfer: an upload the printer is receiving (`size` is a string in the spec and on the firmware, a number on PrusaLink). */
export interface TransferInfo {
  type: string;
  display_name: string;
  path: string;
  size?: string | number;
  progress: number;
  transferred: number;
  time_remaining?: number;
  time_transferring: number;
  to_print: boolean;
}

/** One entry of a folder (the spec's FolderInfo children). */
export interface FolderEntry {
  name: string;
  display_name?: string;
  type: string;
  size?: number;
  m_timestamp?: number;
  read_only?: boolean;
}

/** The most bytes a camera snapshot may have (a 1080p JPEG is a few hundred kB). */
export const MAX_SNAPSHOT_BYTES = 16 * 1024 * 1024;

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

const HTML = /^\s*(?:<!doctype html|<html|<head|<body|<\?xml)/i;

/** The words of an HTML page worth quoting: its title, else its first heading, tags and entities gone. */
function htmlTitle(page: string): string {
  const pick = /<title[^>]*>([\s\S]*?)<\/title>/i.exec(page)?.[1] ?? /<h1[^>]*>([\s\S]*?)<\/h1>/i.exec(page)?.[1] ?? '';
  const text = pick.replace(/<[^>]*>/g, ' ').replace(/&[#\w]+;/g, ' ').replace(/\s+/g, ' ').trim();
  return clip(text, 80);
}

/** The message of a PrusaLink error body: JSON {title, text}, plain text, or an HTML page named by its title. */
export function errorMessage(body: string, contentType = ''): string {
  if (/html/i.test(contentType) || HTML.test(body)) {
    const title = htmlTitle(body);
    return title ? `an HTML page "${title}"` : 'an HTML page';
  }
  try {
    const j = JSON.parse(body) as { title?: string; text?: string; message?: string };
    return clip([j.title, j.text ?? j.message].filter(Boolean).join(': ') || body);
  } catch {
    // eslint-disable-next-line no-control-regex -- control characters never reach a message
    return clip(body.replace(/[\u0000-\u001f\u007f]+/g, ' ').trim());
  }
}

/** The storage status entries, whichever shape the printer sent (object or array). */
export function statusStorages(s: PrinterStatus): StatusStorage[] {
  const st = s.storage;
  if (!st) return [];
  return (Array.isArray(st) ? st : [st]).filter((x): x is StatusStorage => typeof x === 'object' && x !== null && typeof x.path === 'string');
}

const storageName = (path: string) => path.replace(/^\/+|\/+$/g, '');

export class PrusaLink {
  private challenge: DigestChallenge | null = null;
  private nc = 0;
  private target: StorageInfo | null = null;

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
      const scheme = /^\s*([\w-]+)/.exec(res.headers.get('www-authenticate') ?? '')?.[1]?.toLowerCase();
      if (scheme === 'basic') {
        throw new ConfigError(`authentication: printer ${this.name} asks for HTTP Basic authentication (HTTP 401), which PrusaLink's v1 API does not use; nothing was sent to it`, {
          hint: 'this is not PrusaLink v1 (an old PrusaLink, OctoPrint or a proxy in front of it): check the URL, or update the printer so it offers digest (user maker) or an X-Api-Key',
        });
      }
      const how = this.printer.apiKey ? 'API key' : this.printer.password ? `digest password of user ${this.printer.username}` : 'missing credentials';
      throw new ConfigError(`authentication: printer ${this.name} refused the ${how} (HTTP 401); nothing was sent to it`, {
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
    const message = errorMessage(await readHead(res, ERROR_PAGE_BYTES), res.headers.get('content-type') ?? '');
    if (res.status === 404) throw new NotFoundError(`${what}: not found on printer ${this.name}${message ? ` (${message})` : ''}`);
    throw new InfraError(`${what} failed on printer ${this.name}: HTTP ${res.status}${message ? ` ${message}` : ''}`, { retryable: false });
  }

  /** A v1 endpoint that is not there (404, usually an HTML page): the host does not speak PrusaLink's v1 API. */
  private notV1(res: Response, path: string, message: string): ConfigError {
    return new ConfigError(`printer ${this.name} at ${this.printer.url} does not serve PrusaLink's v1 API (GET ${path}: HTTP ${res.status}${message ? `, ${message}` : ''})`, {
      hint: 'check that the URL points at the printer itself; PrusaLink 0.7+ and Buddy firmware (MK4, MINI, XL) 4.4+ serve /api/v1, older hosts only the OctoPrint-style API',
    });
  }

  private async json<T>(path: string, what: string): Promise<T | null> {
    const res = await this.send('GET', path);
    if (res.status === 404 && /^\/api\/v1\/(?:status|job|storage|info)$/.test(path)) throw this.notV1(res, path, errorMessage(await readHead(res, ERROR_PAGE_BYTES), res.headers.get('content-type') ?? ''));
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
    const list = (await this.json<{ storage_list?: unknown }>('/api/v1/storage', 'reading the storage'))?.storage_list;
    return Array.isArray(list) ? list.filter((x): x is StorageInfo => typeof x === 'object' && x !== null && typeof (x as StorageInfo).path === 'string') : [];
  }

  /**
   * The storage uploads go to: the configured one when the printer has it; else, for the default
   * `local`, the printer's only writable storage (MK4, MINI and XL have just `usb`). Anything else
   * is a named error listing what the printer has.
   */
  async storage(): Promise<StorageInfo> {
    if (this.target) return this.target;
    const list = await this.storages();
    const wanted = this.printer.storage;
    const usable = list.filter((s) => s.available !== false && !s.read_only);
    const found = list.find((s) => storageName(s.path) === wanted);
    const has = list.map((s) => `${storageName(s.path)}${s.available === false ? ' (not available)' : s.read_only ? ' (read-only)' : ''}`).join(', ') || 'none';
    if (found && found.available !== false && !found.read_only) return (this.target = found);
    if (!found && wanted === 'local' && usable.length === 1) return (this.target = usable[0]);
    throw new ConfigError(`printer ${this.name} has no writable storage "${wanted}" (it has: ${has})`, {
      hint: usable.length ? `set storage: ${storageName(usable[0].path)} for this printer in engiai.yaml` : 'insert a USB drive (or SD card) into the printer',
    });
  }

  /** Free bytes on the upload storage when the printer reports them (MK4 and MINI do not): undefined when unknown. */
  async freeSpace(): Promise<number | undefined> {
    const target = await this.storage();
    if (typeof target.free_space === 'number') return target.free_space;
    const entry = statusStorages(await this.status()).find((s) => storageName(s.path) === storageName(target.path));
    return typeof entry?.free_space === 'number' ? entry.free_space : undefined;
  }

  /** The URL path of a file or folder on the storage ("" for its top); a path with an empty, "." or ".." part is refused (it would leave the storage). */
  private async filePath(name: string, field = 'file', top = false): Promise<string> {
    if (!(top && name === '') && !isPrinterPath(name)) throw new InputError(`${JSON.stringify(name.slice(0, 80))} is not a path on the printer's storage (plain names joined by "/", no empty, "." or ".." part)`, { field, hint: 'give the file name upload_gcode or list_printer_files returned' });
    const storage = storageName((await this.storage()).path);
    return `/api/v1/files/${encodeURIComponent(storage)}${name ? `/${name.split('/').map(encodeURIComponent).join('/')}` : ''}`;
  }

  /** The files and folders in a folder of the upload storage ("" its top): the children of the spec's FolderInfo. */
  async listFolder(folder: string): Promise<FolderEntry[]> {
    const info = await this.json<{ type?: string; children?: unknown }>(await this.filePath(folder, 'folder', true), folder ? `listing ${folder}` : 'listing the storage');
    if (info && info.type !== undefined && info.type !== 'FOLDER') throw new InputError(`${folder} on printer ${this.name} is a file, not a folder`, { field: 'folder', hint: 'list its folder instead' });
    const children = Array.isArray(info?.children) ? info.children : [];
    return children.filter((c): c is FolderEntry => typeof c === 'object' && c !== null && typeof (c as FolderEntry).name === 'string' && typeof (c as FolderEntry).type === 'string');
  }

  /** The upload the printer is receiving now, or null (HTTP 204). */
  transfer(): Promise<TransferInfo | null> {
    return this.json<TransferInfo>('/api/v1/transfer', 'reading the transfer');
  }

  /**
   * The default camera's latest picture (GET /api/v1/cameras/snap). MK4, MINI and XL firmware serve
   * no camera routes (404) and PrusaLink without a camera answers 404 too: both are named; 204 is a
   * camera without a picture yet. Only PNG and JPEG are taken, under MAX_SNAPSHOT_BYTES.
   */
  async snapshot(): Promise<{ mediaType: 'image/png' | 'image/jpeg'; bytes: Buffer }> {
    const res = await this.send('GET', '/api/v1/cameras/snap', { Accept: 'image/png, image/jpeg, application/json' });
    if (res.status === 404) {
      const message = errorMessage(await readHead(res, ERROR_PAGE_BYTES), res.headers.get('content-type') ?? '');
      throw new NotFoundError(`no camera: printer ${this.name} has no camera to take a picture with (HTTP 404${message ? `: ${message}` : ''})`, {
        hint: 'MK4, MINI and XL firmware serve no camera over PrusaLink (use Prusa Connect); on PrusaLink, attach and set up a camera in its web page',
      });
    }
    if (res.status === 204) {
      await res.body?.cancel().catch(() => undefined);
      throw new NotFoundError(`no picture yet: the camera of printer ${this.name} has not taken one (HTTP 204)`, { hint: 'try again in a few seconds' });
    }
    if (!res.ok) await this.expectOk(res, 'taking a camera picture');
    const type = (res.headers.get('content-type') ?? '').split(';')[0].trim().toLowerCase();
    if (type !== 'image/png' && type !== 'image/jpeg') {
      await res.body?.cancel().catch(() => undefined);
      throw new InfraError(`printer ${this.name} answered the camera picture with ${type || 'no Content-Type'}, not a PNG or JPEG image`, { retryable: false });
    }
    try {
      return { mediaType: type, bytes: await readCapped(res, { maxBytes: MAX_SNAPSHOT_BYTES, what: `printer ${this.name} (camera picture)`, hint: 'a camera picture is a few hundred kB' }) };
    } catch (err) {
      if (err instanceof ReplyTooLargeError) throw err;
      throw new InfraError(`printer ${this.name}: the camera picture broke off (${(err as Error).message})`, { retryable: false, cause: err });
    }
  }

  /**
   * PUT the file's bytes as `name` on the printer's storage; `printAfter` starts it when stored. A
   * refusal is named by what to do: storage full (413, 507), wrong file type (415), empty file (411),
   * a name clash or a busy printer (409; with printAfter the file is then stored but not started).
   */
  async upload(localPath: string, name: string, opts: { printAfter?: boolean; overwrite?: boolean } = {}): Promise<{ bytes: number; storage: string }> {
    const bytes = new Uint8Array(await readFile(localPath));
    // PrusaLink answers an empty body 411, the firmware 501: neither stores it, so it is not sent
    if (bytes.length === 0) throw new InputError(`empty file: ${name} has no content; nothing was sent to printer ${this.name}`, { field: 'gcode_path', hint: 'slice the STL again' });
    if (this.printer.password && !this.printer.apiKey && !this.challenge) await this.version(); // learn the digest challenge first
    const path = await this.filePath(name);
    const storage = storageName((await this.storage()).path);
    const res = await this.send('PUT', path, {
      'Content-Type': 'application/octet-stream',
      'Print-After-Upload': opts.printAfter ? '?1' : '?0',
      Overwrite: opts.overwrite ? '?1' : '?0',
    }, bytes);
    if (!res.ok) {
      const message = errorMessage(await readHead(res, ERROR_PAGE_BYTES), res.headers.get('content-type') ?? '');
      const said = message ? `: ${message}` : '';
      const on = `printer ${this.name}`;
      if (res.status === 413 || res.status === 507) {
        throw new InfraError(`storage full: ${on} has no room for ${name} (${bytes.length} bytes) on ${storage} (HTTP ${res.status}${said}); nothing was stored`, { retryable: false, hint: 'delete old files on the printer, or slice with coarser settings' });
      }
      if (res.status === 415) throw new InputError(`wrong file type: ${on} does not take ${name} (HTTP 415${said}); only G-code for this printer can be uploaded`, { field: 'gcode_path', hint: 'give the .gcode slice_stl wrote' });
      if (res.status === 411 || (res.status === 501 && /0-sized|empty/i.test(message))) throw new InputError(`empty file: ${name} has no content (HTTP ${res.status}${said}); nothing was stored`, { field: 'gcode_path', hint: 'slice the STL again' });
      // a transfer stopped on the printer's page or in Prusa Connect: the firmware says so (503), PrusaLink only that it failed (400)
      if (res.status === 503 && /stopped/i.test(message)) {
        throw new InfraError(`transfer stopped: the upload of ${name} to ${on} was stopped on the printer (HTTP 503${said}); nothing was stored`, { retryable: false, hint: 'someone stopped it on the printer or in Prusa Connect: upload again when they agree' });
      }
      if (res.status === 400 && /upload (?:has )?failed/i.test(message)) {
        throw new InfraError(`transfer stopped: ${on} stopped receiving ${name} (HTTP 400${said}): it was stopped on the printer, or the connection broke; nothing was stored`, { retryable: false, hint: 'check that nobody stopped it on the printer, then upload again' });
      }
      if (res.status === 409 && /another transfer|already in transfer|one file at (?:a )?time/i.test(message)) {
        throw new InfraError(`printer busy: ${on} is receiving another upload (HTTP 409${said}); ${name} was not sent`, { retryable: false, hint: 'wait for the other upload to finish (printer_status shows it), then upload again' });
      }
      if (res.status === 409 && opts.printAfter && !/already exists|currently printed|being printed/i.test(message)) {
        throw new InfraError(`printer busy: ${on} stored ${name} on ${storage} but did not start it (HTTP 409${said})`, { retryable: false, hint: `the file is on the printer: start_print with file ${name} once it is idle` });
      }
      if (res.status === 409) throw new InfraError(`${on} refused to store ${name} (HTTP 409${said})`, { retryable: false, hint: /already exists/i.test(message) ? 'upload with overwrite true, or use the file already there' : 'wait for the current print to end' });
      if (res.status === 404) {
        this.target = null; // the storage may be gone (a USB drive pulled): look again next time
        throw new NotFoundError(`uploading ${name}: not found on ${on}${said ? ` (${message})` : ''}`);
      }
      throw new InfraError(`uploading ${name} failed on ${on}: HTTP ${res.status}${message ? ` ${message}` : ''}`, { retryable: false });
    }
    await res.body?.cancel().catch(() => undefined);
    return { bytes: bytes.length, storage };
  }

  /** Start printing a file already on the printer's storage (HTTP 409 when it is busy). */
  async printFile(name: string): Promise<void> {
    const res = await this.send('POST', await this.filePath(name));
    if (res.status === 409) {
      const message = errorMessage(await readHead(res, ERROR_PAGE_BYTES), res.headers.get('content-type') ?? '');
      throw new InfraError(`printer busy: printer ${this.name} did not start ${name} (HTTP 409${message ? `: ${message}` : ''}); nothing was changed`, { retryable: false, hint: 'wait for it to finish (job_status), or cancel_print first' });
    }
    await this.expectOk(res, `starting ${name}`);
  }

  async fileInfo(name: string): Promise<Record<string, unknown>> {
    return (await this.json<Record<string, unknown>>(await this.filePath(name), `reading ${name}`)) ?? {};
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
