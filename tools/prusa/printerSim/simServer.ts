/**
 * The printer simulator's HTTP face: PrusaLink's v1 endpoints and auth (X-Api-Key, or HTTP Digest
 * for user `maker`), its status codes (201, 204, 401, 404, 409, 411/501, 413/507, 415, 400/503 a
 * stopped upload) and error bodies (JSON {title, text} when asked for JSON, else plain text), on a
 * port of its own, as the chosen profile answers (simProfiles.ts; `legacy`: only the old API, HTML
 * 404 pages, HTTP Basic): folders (Create-Folder, listings, Force), the running upload as a
 * transfer (read at `uploadBytesPerSecond`, stopped the profile's way), cameras where it has them.
 * Credentials are checked before an upload's body is read; a body that does not arrive whole
 * (Content-Length not met, the client gone) is dropped and stores nothing, and so is a stopped one.
 */
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { checkDigest } from '../digestAuth.ts';
import { SimPrinter, SimRefusal, type SimOptions } from './simPrinter.ts';
import type { SimProfile } from './simProfiles.ts';

export interface SimServerOptions extends SimOptions {
  host?: string;
  port?: number;
  /** X-Api-Key the printer accepts. */
  apiKey?: string;
  /** Digest password of user `maker` (either this or apiKey, or both). */
  password?: string;
  /** Called for each request before it is handled (tests: kill a client mid-upload). */
  onRequest?: (method: string, path: string) => void;
  /** How fast an upload's body is read (real printers take ~0.1–1 MB/s over Wi-Fi); default: as fast as it comes. */
  uploadBytesPerSecond?: number;
}

export interface RunningSim {
  url: string;
  port: number;
  printer: SimPrinter;
  /** Requests seen, "METHOD /path" (tests check what reached the printer). */
  log: string[];
  close(): Promise<void>;
}

const REALM = 'Printer API';
const version = (p: SimProfile) =>
  p.legacy
    ? { api: p.version.api, server: '1.1.0', text: p.version.text, hostname: 'engiai-sim', firmware: p.version.firmware }
    : { api: p.version.api, server: '2.1.2', version: '0.8.0', printer: '1.0.0', text: p.version.text, hostname: 'engiai-sim', firmware: p.version.firmware, capabilities: { 'upload-by-put': true } };
const NOT_FOUND_PAGE = '<!DOCTYPE html>\n<html><head><title>404 Not Found</title></head>\n<body><h1>Not Found</h1><p>The requested URL was not found on the server.</p></body></html>\n';
/** Content types PrusaLink takes for an upload (others: 415); none given counts as octet-stream. */
const UPLOAD_TYPES = ['application/octet-stream', 'text/x.gcode'];
const INFO = { name: 'EngiAI simulator', location: 'loopback', farm_mode: false, nozzle_diameter: 0.4, min_extrusion_temp: 170, serial: 'SIM00000000000', sd_ready: false, hostname: 'engiai-sim', mmu: false };

function send(res: ServerResponse, status: number, body?: unknown, headers: Record<string, string> = {}): void {
  if (body === undefined) {
    res.writeHead(status, headers).end();
    return;
  }
  const text = JSON.stringify(body);
  res.writeHead(status, { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(text), ...headers }).end(text);
}

/** An error as PrusaLink sends it: JSON when the client accepts JSON, else plain text. */
function refusal(req: IncomingMessage, res: ServerResponse, r: SimRefusal): void {
  if (/application\/json/.test(req.headers.accept ?? '')) return send(res, r.status, { title: r.title, text: r.message });
  res.writeHead(r.status, { 'Content-Type': 'text/plain; charset=utf-8' }).end(`${r.title}: ${r.message}`);
}
const rfcBool = (v: string | string[] | undefined) => v === '?1';

export async function startPrinterSim(o: SimServerOptions = {}): Promise<RunningSim> {
  if (!o.apiKey && !o.password) throw new Error('the printer simulator needs an API key or a password');
  const printer = new SimPrinter(o);
  const profile = printer.profile;
  const nonces = new Set<string>();
  const log: string[] = [];

  const authorized = (req: IncomingMessage, path: string): boolean => {
    const key = req.headers['x-api-key'];
    if (o.apiKey && typeof key === 'string' && key === o.apiKey) return true;
    const auth = req.headers.authorization;
    if (profile.legacy) return Boolean(o.password && auth === `Basic ${Buffer.from(`maker:${o.password}`).toString('base64')}`);
    return Boolean(o.password && auth && checkDigest(auth, { user: 'maker', password: o.password, realm: REALM, method: req.method ?? 'GET', uri: path, nonceValid: (n) => nonces.has(n) }));
  };

  const challenge = (res: ServerResponse) => {
    let header = `ApiKey realm="${REALM}"`;
    if (o.password && profile.legacy) header = `Basic realm="${REALM}"`;
    else if (o.password) {
      const nonce = randomBytes(12).toString('hex');
      nonces.add(nonce);
      header = `Digest realm="${REALM}", qop="auth", nonce="${nonce}", algorithm=MD5`;
    }
    send(res, 401, { title: 'Unauthorized', text: 'Authorization required.' }, { 'WWW-Authenticate': header, Connection: 'close' });
  };

  const upload = (req: IncomingMessage, res: ServerResponse, name: string) => {
    if (rfcBool(req.headers['create-folder'])) {
      printer.createFolder(name);
      req.resume();
      return send(res, 201);
    }
    const length = Number(req.headers['content-length']);
    if (!Number.isInteger(length) || length < 0) return send(res, 411, { title: 'Length Required', text: 'Content-Length is required.' });
    const type = (req.headers['content-type'] ?? 'application/octet-stream').split(';')[0].trim().toLowerCase();
    if (!UPLOAD_TYPES.includes(type)) throw new SimRefusal(415, 'Unsupported Media Type', `Content-Type ${type} cannot be uploaded: only G-Code for FDM printer (${UPLOAD_TYPES.join(', ')}).`);
    const opts = { printAfter: rfcBool(req.headers['print-after-upload']), overwrite: rfcBool(req.headers.overwrite) };
    printer.checkUpload(name, length, opts);
    const transfer = printer.beginTransfer(name, length, opts.printAfter);
    const chunks: Buffer[] = [];
    let got = 0;
    let stopped = false;
    req.on('data', (c: Buffer) => {
      got += c.length;
      if (stopped) return; // the rest is read and dropped; the refusal goes out once the body is in
      if (got <= length) chunks.push(c);
      if (!printer.transferProgress(transfer, Math.min(got, length))) {
        stopped = true;
        chunks.length = 0;
        return;
      }
      const bps = o.uploadBytesPerSecond;
      if (bps && got < length) {
        req.pause();
        setTimeout(() => req.resume(), (c.length / bps) * 1000).unref();
      }
    });
    req.on('end', () => {
      printer.endTransfer(transfer);
      if (stopped) {
        const r = profile.stoppedUploadStatus === 503 ? new SimRefusal(503, 'Service Unavailable', 'Upload stopped from connect') : new SimRefusal(400, 'File Upload Failed', 'File upload has failed');
        return refusal(req, res, r);
      }
      if (got !== length) return send(res, 400, { title: 'Bad Request', text: `Expected ${length} bytes, got ${got}.` });
      try {
        printer.store(name, Buffer.concat(chunks), opts);
        send(res, 201);
      } catch (err) {
        if (err instanceof SimRefusal) refusal(req, res, err);
        else send(res, 500, { title: 'Internal Server Error', text: String(err) });
      }
    });
    // an aborted upload ('aborted' then 'close' without 'end') stores nothing
    req.on('close', () => printer.endTransfer(transfer));
  };

  const route = (req: IncomingMessage, res: ServerResponse, path: string): void => {
    const m = req.method ?? 'GET';
    if (m === 'GET' && path === '/api/version') return send(res, 200, version(profile));
    if (profile.legacy) {
      const st = printer.state;
      if (m === 'GET' && path === '/api/printer') return send(res, 200, { state: { text: st === 'IDLE' ? 'Operational' : st, flags: { operational: !printer.busy, printing: st === 'PRINTING', paused: st === 'PAUSED', error: st === 'ERROR' } } });
      res.writeHead(404, { 'Content-Type': 'text/html; charset=utf-8' }).end(NOT_FOUND_PAGE);
      return;
    }
    if (m === 'GET' && path === '/api/v1/info') return send(res, 200, INFO);
    if (m === 'GET' && path === '/api/v1/status') return send(res, 200, printer.status());
    if (m === 'GET' && path === '/api/v1/job') {
      const j = printer.jobInfo();
      return j ? send(res, 200, j) : send(res, 204);
    }
    if (m === 'GET' && path === '/api/v1/storage') return send(res, 200, { storage_list: printer.storage() });
    if (path === '/api/v1/transfer') {
      const t = printer.transferInfo();
      if (m === 'GET') return t ? send(res, 200, t) : send(res, 204);
      if (m === 'DELETE' && profile.transferStop === 'plain') return printer.stopTransfer() ? send(res, 200) : send(res, 204);
      // the firmware answers a running transfer GET-only (405) and no transfer 204, whatever the method
      if (profile.transferStop === 'none' && !t) return send(res, 204);
      return send(res, 405, { title: 'Method Not Allowed', text: `${m} ${path}` });
    }
    const transferId = /^\/api\/v1\/transfer\/(\d+)$/.exec(path);
    if (transferId && m === 'DELETE' && profile.transferStop === 'by-id') {
      if (!printer.stopTransfer(Number(transferId[1]))) throw new SimRefusal(404, 'Not Found', `No transfer with id ${transferId[1]}.`);
      return send(res, 204);
    }
    if (profile.cameras !== 'none' && m === 'GET' && path === '/api/v1/cameras') {
      const list = printer.cameraList();
      return send(res, 200, profile.cameras === 'array' ? list : { camera_list: list });
    }
    if (profile.cameras !== 'none' && m === 'GET' && path === '/api/v1/cameras/snap') {
      const png = printer.snapshot();
      if (!png) throw new SimRefusal(404, 'Not Found', 'Camera is not available');
      res.writeHead(200, { 'Content-Type': 'image/png', 'Content-Length': png.length }).end(png);
      return;
    }
    const job = /^\/api\/v1\/job\/(\d+)(?:\/(pause|resume|continue))?$/.exec(path);
    if (job) {
      const id = Number(job[1]);
      if (m === 'DELETE' && !job[2]) printer.stop(id);
      else if (m === 'PUT' && job[2] === 'pause') printer.pause(id);
      else if (m === 'PUT' && job[2] === 'resume') printer.resume(id);
      else if (m === 'PUT' && job[2] === 'continue') printer.continueJob(id);
      else return send(res, 405, { title: 'Method Not Allowed', text: `${m} ${path}` });
      return send(res, 204);
    }
    const file = /^\/api\/v1\/files\/([^/]+)(?:\/(.*))?$/.exec(path);
    if (file) {
      if (decodeURIComponent(file[1]) !== printer.storageName) {
        if (profile.unknownStorageStatus === 403) throw new SimRefusal(403, 'Forbidden', `Only files on ${printer.storageName} can be reached.`);
        throw new SimRefusal(404, 'Storage Does Not Exist', `Storage ${decodeURIComponent(file[1])} not found.`);
      }
      const name = (file[2] ?? '').split('/').map(decodeURIComponent).join('/').replace(/\/+$/, '');
      if (m === 'PUT') return upload(req, res, name);
      if (m === 'GET') return send(res, 200, printer.file(name));
      if (m === 'HEAD') {
        printer.file(name);
        return send(res, 200, undefined, { 'Read-Only': profile.headBoolean(false), [profile.headPrintedName]: profile.headBoolean(printer.currentlyPrinted(name)) });
      }
      if (m === 'POST') {
        printer.print(name);
        return send(res, 204);
      }
      if (m === 'DELETE') {
        printer.deleteFile(name, rfcBool(req.headers.force));
        return send(res, 204);
      }
    }
    send(res, 404, { title: 'Not Found', text: `No endpoint ${m} ${path}.` });
  };

  const server: Server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://sim').pathname;
    log.push(`${req.method} ${path}`);
    o.onRequest?.(req.method ?? 'GET', path);
    if (!authorized(req, req.url ?? '/')) {
      req.resume();
      return challenge(res);
    }
    try {
      route(req, res, path);
    } catch (err) {
      req.resume();
      if (err instanceof SimRefusal) refusal(req, res, err);
      else send(res, 500, { title: 'Internal Server Error', text: String(err) });
    }
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(o.port ?? 0, o.host ?? '127.0.0.1', () => resolve());
  });
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://${o.host ?? '127.0.0.1'}:${port}`,
    port,
    printer,
    log,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
