/**
 * The simulated printer behind `engiai printer-sim`: storage, jobs and temperatures with the
 * states PrusaLink reports (IDLE → PRINTING with progress → FINISHED; PAUSED; STOPPED; ERROR and
 * ATTENTION when a fault is raised). Time is read from a clock and scaled by `speed` (simulated
 * seconds per real second), so a 20-minute print can finish in a test's second. No I/O: the HTTP
 * face is simServer.ts. The answers are PrusaLink's JSON shapes (spec/openapi.yaml), as the chosen
 * profile (simProfiles.ts) gives them: storages, free space, ended jobs, the status of a full
 * storage, and commands that act after a delay as on a real printer; folders, the one upload in
 * progress (a transfer, which can be stopped), an attached camera's PNG snapshot.
 */
import pngjs from 'pngjs';
import { parseGcodeInfo, type GcodeInfo } from '../gcodeInfo.ts';
import type { PrinterJob, PrinterState, PrinterStatus, StorageInfo } from '../prusaLink.ts';
import { PROFILES, type SimProfile, type SimProfileName } from './simProfiles.ts';

export interface SimOptions {
  /** Simulated seconds per real second (default 1). */
  speed?: number;
  /** Size of the storage in bytes (default 64 MB). */
  storageBytes?: number;
  /** Print time when a G-code carries no estimate, simulated seconds (default 600). */
  defaultPrintSeconds?: number;
  /** Real-time clock in ms (tests pass their own). */
  now?: () => number;
  /** Which printer it behaves as (default `sim`). */
  profile?: SimProfileName;
  /** Real ms before start, pause, resume and stop act (default: the profile's). */
  commandDelayMs?: number;
  /** A camera is attached (on profiles that have camera routes); default none. */
  camera?: boolean;
}

/** An upload the printer is receiving (GET /api/v1/transfer). */
interface Transfer {
  id: number;
  path: string;
  size: number;
  transferred: number;
  toPrint: boolean;
  since: number;
  stopped: boolean;
}

interface StoredFile {
  name: string;
  bytes: number;
  mtime: number;
  info: GcodeInfo;
}

interface Job {
  id: number;
  file: StoredFile;
  durationS: number;
  /** Simulated seconds printed before the current run segment. */
  doneS: number;
  /** Real time (ms) the current segment started; null while paused or ended. */
  since: number | null;
  state: 'PRINTING' | 'PAUSED' | 'FINISHED' | 'STOPPED' | 'ERROR';
}

/** Why the simulator refused an operation: the HTTP status and PrusaLink's error title/text. */
export class SimRefusal extends Error {
  constructor(
    readonly status: 400 | 403 | 404 | 409 | 411 | 413 | 415 | 501 | 503 | 507,
    readonly title: string,
    text: string,
  ) {
    super(text);
  }
}

const AMBIENT = 24;
const TAU_S = 30;

export class SimPrinter {
  readonly speed: number;
  readonly storageBytes: number;
  private readonly defaultPrintSeconds: number;
  private readonly now: () => number;
  /** Files by their path on the storage ("part.gcode", "jobs/part.gcode"). */
  private readonly files = new Map<string, StoredFile>();
  /** Folders by path ("jobs", "jobs/2026"); the top of the storage is "". */
  private readonly folders = new Map<string, number>();
  private transfer: Transfer | null = null;
  private nextTransferId = 1;
  readonly camera: boolean;
  private job: Job | null = null;
  private nextJobId = 1;
  private fault: { state: 'ERROR' | 'ATTENTION'; message: string } | null = null;
  private temps = { nozzle: AMBIENT, bed: AMBIENT, at: 0 };
  readonly profile: SimProfile;
  private readonly commandDelayMs: number;
  /** Commands accepted but not yet acted on (real printers queue them). */
  private pending: { at: number; apply: () => void }[] = [];
  private starting = false;
  private startFault: { state: 'ERROR' | 'ATTENTION'; message: string } | null = null;

  constructor(o: SimOptions = {}) {
    this.profile = PROFILES[o.profile ?? 'sim'];
    this.commandDelayMs = o.commandDelayMs ?? this.profile.commandDelayMs;
    this.speed = o.speed ?? 1;
    this.storageBytes = o.storageBytes ?? 64 * 1024 * 1024;
    this.defaultPrintSeconds = o.defaultPrintSeconds ?? 600;
    this.now = o.now ?? Date.now;
    this.temps.at = this.now();
    this.camera = Boolean(o.camera) && this.profile.cameras !== 'none';
  }

  /** Simulated seconds this job has printed so far. */
  private printedS(j: Job): number {
    return Math.min(j.durationS, j.doneS + (j.since === null ? 0 : ((this.now() - j.since) / 1000) * this.speed));
  }

  /** Advances the job to FINISHED when its time is up and the temperatures toward their targets. */
  private tick(): void {
    this.finishIfDone();
    const due = this.pending.filter((c) => c.at <= this.now());
    this.pending = this.pending.filter((c) => c.at > this.now());
    for (const c of due) c.apply();
    this.finishIfDone();
    const t = this.now();
    const k = 1 - Math.exp(-(((t - this.temps.at) / 1000) * this.speed) / TAU_S);
    const target = this.targets();
    this.temps = { nozzle: this.temps.nozzle + ((target.nozzle || AMBIENT) - this.temps.nozzle) * k, bed: this.temps.bed + ((target.bed || AMBIENT) - this.temps.bed) * k, at: t };
  }

  private finishIfDone(): void {
    const j = this.job;
    if (j && j.state === 'PRINTING' && this.printedS(j) >= j.durationS) {
      j.doneS = j.durationS;
      j.since = null;
      j.state = 'FINISHED';
    }
  }

  /** Acts now, or after the command delay (the request is answered before). */
  private later(apply: () => void): void {
    if (this.commandDelayMs <= 0) apply();
    else this.pending.push({ at: this.now() + this.commandDelayMs, apply });
  }

  /** The next accepted start raises this fault instead of printing (a filament sensor, a homing failure). */
  failNextStart(state: 'ERROR' | 'ATTENTION', message: string): void {
    this.startFault = { state, message };
  }

  private get ended(): boolean {
    return Boolean(this.job && (this.job.state === 'FINISHED' || this.job.state === 'STOPPED') && !this.fault);
  }

  private targets(): { nozzle: number; bed: number } {
    const j = this.job;
    if (!j || (j.state !== 'PRINTING' && j.state !== 'PAUSED') || this.fault) return { nozzle: 0, bed: 0 };
    return { nozzle: j.state === 'PAUSED' ? 170 : (j.file.info.temperatureC ?? 215), bed: j.file.info.bedTemperatureC ?? 60 };
  }

  get state(): PrinterState {
    this.tick();
    if (this.fault) return this.fault.state;
    if (this.starting) return 'BUSY';
    return this.job ? this.job.state : 'IDLE';
  }

  get usedBytes(): number {
    return [...this.files.values()].reduce((s, f) => s + f.bytes, 0);
  }

  get freeBytes(): number {
    return this.storageBytes - this.usedBytes;
  }

  private jobView(j: Job) {
    const printed = this.printedS(j);
    return {
      id: j.id,
      progress: Math.round((1000 * printed) / j.durationS) / 10,
      time_printing: Math.round(printed / this.speed),
      time_remaining: Math.round((j.durationS - printed) / this.speed),
    };
  }

  status(): PrinterStatus {
    const state = this.state;
    const target = this.targets();
    const j = this.job;
    const active = j && (j.state === 'PRINTING' || j.state === 'PAUSED');
    return {
      printer: {
        state,
        temp_nozzle: Math.round(this.temps.nozzle * 10) / 10,
        target_nozzle: target.nozzle,
        temp_bed: Math.round(this.temps.bed * 10) / 10,
        target_bed: target.bed,
        axis_z: active ? Math.round((this.printedS(j) / j.durationS) * (j.file.info.layerHeightMm ?? 0.2) * 100 * 10) / 10 : 0,
        flow: 100,
        speed: 100,
        status_printer: this.fault ? { ok: false, message: this.fault.message } : { ok: true, message: 'OK' },
      },
      ...(j && (this.profile.endedJobVisible || !this.ended) ? { job: this.jobView(j) } : {}),
      ...(this.transfer && !this.transfer.stopped ? { transfer: { id: this.transfer.id, time_transferring: Math.round((this.now() - this.transfer.since) / 1000), progress: Math.round((10000 * this.transfer.transferred) / this.transfer.size) / 100, transferred: this.transfer.transferred } } : {}),
      storage: this.profile.statusStorage === 'array' ? (this.storage() as unknown as PrinterStatus['storage']) : this.statusStorage(),
    };
  }

  private statusStorage(): PrinterStatus['storage'] {
    const s = this.profile.storages[0];
    return { name: s.name ?? s.type, path: s.path, read_only: s.read_only ?? false, ...(this.profile.reportsFreeSpace ? { free_space: this.freeBytes } : {}) };
  }

  /** The storage name uploads go to, as in /api/v1/files/NAME/… ("local", "usb"). */
  get storageName(): string {
    return this.profile.storages[0].path.replace(/^\/+|\/+$/g, '');
  }

  jobInfo(): PrinterJob | null {
    this.tick();
    const j = this.job;
    if (!j || (this.ended && !this.profile.endedJobVisible)) return null;
    // an ATTENTION (filament runout, a crash) pauses the job; only an ERROR shows on it
    return { ...this.jobView(j), state: this.fault?.state === 'ERROR' ? 'ERROR' : j.state, file: this.fileView(j.file) };
  }

  storage(): StorageInfo[] {
    const space = this.profile.reportsFreeSpace ? { free_space: this.freeBytes, total_space: this.storageBytes } : {};
    return this.profile.storages.map((s, i) => ({ ...s, ...(i === 0 ? space : {}) }));
  }

  fileView(f: StoredFile) {
    const i = f.info;
    const meta: Record<string, unknown> = {};
    if (i.printTimeText) meta['estimated printing time (normal mode)'] = i.printTimeText;
    if (i.printSeconds !== null) meta.estimated_print_time = i.printSeconds;
    if (i.filamentMm !== null) meta['filament used [mm]'] = i.filamentMm;
    if (i.layerHeightMm !== null) meta.layer_height = i.layerHeightMm;
    if (i.temperatureC !== null) meta.temperature = i.temperatureC;
    if (i.bedTemperatureC !== null) meta.bed_temperature = i.bedTemperatureC;
    if (i.filamentType) meta.filament_type = i.filamentType;
    const base = f.name.split('/').pop()!;
    const folder = f.name.includes('/') ? `/${f.name.slice(0, f.name.lastIndexOf('/'))}` : '';
    const root = this.profile.storages[0].path.replace(/\/+$/, '');
    return { name: base, display_name: base, path: `${root}${folder}`, display_path: `/${this.profile.storages[0].name}${folder}`, size: f.bytes, m_timestamp: Math.floor(f.mtime / 1000), type: 'PRINT_FILE', read_only: false, meta };
  }

  /** GET /api/v1/files/STORAGE/PATH: a file's record, or a folder's (the spec's FolderInfo) with its children. */
  file(name: string) {
    const path = name.replace(/^\/+|\/+$/g, '');
    const f = this.files.get(path);
    if (f) return this.fileView(f);
    if (path === '' || this.folders.has(path)) return this.folderView(path);
    throw new SimRefusal(404, 'Not Found', `File ${name} not found.`);
  }

  isFolder(name: string): boolean {
    const path = name.replace(/^\/+|\/+$/g, '');
    return path === '' || this.folders.has(path);
  }

  private folderView(path: string) {
    const inside = (p: string) => (path === '' ? !p.includes('/') : p.startsWith(`${path}/`) && !p.slice(path.length + 1).includes('/'));
    const base = (p: string) => p.split('/').pop()!;
    const children = [
      ...[...this.folders].filter(([p]) => inside(p)).map(([p, mtime]) => ({ name: base(p), display_name: base(p), type: 'FOLDER', read_only: false, m_timestamp: Math.floor(mtime / 1000) })),
      ...[...this.files.values()].filter((f) => inside(f.name)).map((f) => ({ name: base(f.name), display_name: base(f.name), type: 'PRINT_FILE', read_only: false, size: f.bytes, m_timestamp: Math.floor(f.mtime / 1000) })),
    ];
    const name = path === '' ? this.storageName : base(path);
    return { name, display_name: name, type: 'FOLDER', read_only: false, m_timestamp: Math.floor((this.folders.get(path) ?? this.temps.at) / 1000), children };
  }

  /** PUT with Create-Folder: ?1 (parents made too); an existing folder: the profile's 201 or 409. */
  createFolder(name: string): void {
    const path = name.replace(/^\/+|\/+$/g, '');
    if (!path || path.split('/').some((seg) => !/^[^\0]{1,200}$/.test(seg) || seg === '.' || seg === '..')) throw new SimRefusal(400, 'Bad Request', `${name} is not a folder name.`);
    if (this.files.has(path)) throw new SimRefusal(409, 'Already exists', `${name} is a file.`);
    if (this.folders.has(path) && this.profile.existingFolderStatus === 409) throw new SimRefusal(409, 'Already exists', `Folder ${name} already exists.`);
    this.makeParents(`${path}/x`);
  }

  private makeParents(path: string): void {
    const segs = path.split('/').slice(0, -1);
    for (let i = 1; i <= segs.length; i++) {
      const p = segs.slice(0, i).join('/');
      if (this.files.has(p)) throw new SimRefusal(409, 'Conflict', `${p} is a file, not a folder.`);
      if (!this.folders.has(p)) this.folders.set(p, this.now());
    }
  }

  get busy(): boolean {
    const s = this.state;
    return s === 'PRINTING' || s === 'PAUSED' || s === 'BUSY' || s === 'ERROR' || s === 'ATTENTION';
  }


  currentlyPrinted(name: string): boolean {
    const j = this.job;
    return Boolean(j && j.file.name === name && (j.state === 'PRINTING' || j.state === 'PAUSED'));
  }

  /**
   * Checks an upload before its body is read, with the codes real printers use: an empty body 411,
   * not G-code 415, no room 413 or 507 (the profile's), a name clash 409. A busy printer is not
   * checked here: Print-After-Upload stores the file first and then refuses to start it (409).
   */
  checkUpload(name: string, bytes: number, o: { printAfter: boolean; overwrite: boolean }): void {
    if (bytes === 0) {
      if (this.profile.emptyUploadStatus === 501) throw new SimRefusal(501, 'Not Implemented', "0-sized files aren't implemented");
      throw new SimRefusal(411, 'Length Required', 'Missing Content-Length header or no content in request.');
    }
    const segs = name.split('/');
    if (segs.some((seg) => !/^[^\0]{1,200}$/.test(seg) || seg === '.' || seg === '..') || !/\.(?:gcode|bgcode|gco|g)$/i.test(name)) throw new SimRefusal(415, 'Unsupported Media Type', `Only G-Code for FDM printer can be uploaded (${name}).`);
    if (this.folders.has(name)) throw new SimRefusal(409, 'Conflict', `${name} is a folder.`);
    const old = this.files.get(name);
    if (old && !o.overwrite) throw new SimRefusal(409, 'File Already Exists', `File ${name} already exists.`);
    if (old && this.currentlyPrinted(name)) throw new SimRefusal(409, 'File Currently Printed', `File ${name} is being printed.`);
    const full = this.profile.storageFullStatus;
    if (bytes > this.freeBytes + (old?.bytes ?? 0)) throw new SimRefusal(full, full === 413 ? 'Request Entity Too Large' : 'Insufficient Storage', `Not enough space in storage: ${bytes} bytes needed, ${this.freeBytes} free.`);
  }

  /** Stores the file; with printAfter it then starts it, or answers 409 when the printer is busy (the file stays). */
  store(name: string, data: Uint8Array, o: { printAfter: boolean; overwrite: boolean }): void {
    this.checkUpload(name, data.length, o);
    const text = new TextDecoder().decode(data);
    // a body that is not text G-code (an STL, a zip): refused after reading, as PrusaLink's content sniffing does
    if (/\.(?:gcode|gco|g)$/i.test(name) && (/\0/.test(text.slice(0, 4096)) || /^\s*solid\s/.test(text.slice(0, 200)))) throw new SimRefusal(415, 'Unsupported Media Type', `Only G-Code for FDM printer can be uploaded (${name} is not G-code).`);
    const info = parseGcodeInfo(text);
    this.makeParents(name); // both PrusaLink and the firmware make the folders of an upload's path
    this.files.set(name, { name, bytes: data.length, mtime: this.now(), info });
    if (o.printAfter) this.print(name);
  }

  print(name: string): void {
    const f = this.files.get(name);
    if (!f) throw new SimRefusal(404, 'Not Found', `File ${name} not found.`);
    if (this.busy) throw new SimRefusal(409, 'Not in state to print', `Printer is ${this.state}: it cannot print another file.`);
    this.starting = true;
    this.later(() => {
      this.starting = false;
      const fault = this.startFault;
      this.startFault = null;
      if (fault) {
        this.fault = fault;
        return;
      }
      this.job = { id: this.nextJobId++, file: f, durationS: f.info.printSeconds || this.defaultPrintSeconds, doneS: 0, since: this.now(), state: 'PRINTING' };
    });
  }

  private jobById(id: number): Job {
    this.tick();
    if (!this.job || this.job.id !== id) throw new SimRefusal(404, 'Not Found', `No job with id ${id}.`);
    return this.job;
  }

  pause(id: number): void {
    const j = this.jobById(id);
    if (j.state !== 'PRINTING' || this.fault) throw new SimRefusal(409, 'Printer Is Not Printing', `Job ${id} is ${this.fault ? 'in error' : j.state}: only a printing job can be paused.`);
    this.later(() => {
      if (j.state !== 'PRINTING') return;
      j.doneS = this.printedS(j);
      j.since = null;
      j.state = 'PAUSED';
    });
  }

  resume(id: number): void {
    const j = this.jobById(id);
    if (j.state !== 'PAUSED' || this.fault) throw new SimRefusal(409, 'Printer Is Not Paused', `Job ${id} is ${this.fault ? 'in error' : j.state}: only a paused job can be resumed.`);
    this.later(() => {
      if (j.state !== 'PAUSED') return;
      j.since = this.now();
      j.state = 'PRINTING';
    });
  }

  /** PUT …/continue: "continue after a timelapse capture"; PrusaLink does nothing (204), it is not a resume; the firmware has no such command (400). */
  continueJob(id: number): void {
    this.jobById(id);
    if (this.profile.continueStatus === 400) throw new SimRefusal(400, 'Bad Request', 'continue is not a job command on this printer.');
  }

  stop(id: number): void {
    const j = this.jobById(id);
    if (j.state !== 'PRINTING' && j.state !== 'PAUSED' && !this.fault) throw new SimRefusal(409, 'Printer Is Not Printing', `Job ${id} is ${j.state}: it is not running.`);
    this.later(() => {
      j.doneS = this.printedS(j);
      j.since = null;
      j.state = 'STOPPED';
      this.fault = null;
    });
  }

  /** DELETE a file, or a folder: empty, or with Force where the profile honours it (else its 409 or 404). */
  deleteFile(name: string, force = false): void {
    const path = name.replace(/^\/+|\/+$/g, '');
    if (this.transfer && this.transfer.path === path) throw new SimRefusal(409, 'Conflict', `File ${name} is being transferred.`);
    if (this.folders.has(path)) {
      const under = (p: string) => p.startsWith(`${path}/`);
      const nonEmpty = [...this.files.keys()].some(under) || [...this.folders.keys()].some(under);
      const rule = this.profile.nonEmptyFolderDelete;
      if (nonEmpty && !(force && rule.force)) throw rule.status === 409 ? new SimRefusal(409, 'Directory is not empty', "Directory can't be deleted, because it's not empty.") : new SimRefusal(404, 'Not Found', `${name} could not be deleted.`);
      if ([...this.files.keys()].some((p) => under(p) && this.currentlyPrinted(p))) throw new SimRefusal(409, 'File Currently Printed', `A file in ${name} is being printed.`);
      for (const p of [...this.files.keys()]) if (under(p)) this.files.delete(p);
      for (const p of [...this.folders.keys()]) if (under(p) || p === path) this.folders.delete(p);
      return;
    }
    if (!this.files.has(path)) throw new SimRefusal(404, 'Not Found', `File ${name} not found.`);
    if (this.currentlyPrinted(path)) throw new SimRefusal(409, 'File Currently Printed', `File ${name} is being printed.`);
    this.files.delete(path);
  }

  /** An upload starts (its checks passed): one at a time, as on the firmware and PrusaLink (409, each with its own words). */
  beginTransfer(path: string, size: number, toPrint: boolean): number {
    if (this.transfer) throw new SimRefusal(409, this.profile.transferConflict.title, this.profile.transferConflict.text);
    this.transfer = { id: this.nextTransferId++, path, size, transferred: 0, toPrint, since: this.now(), stopped: false };
    return this.transfer.id;
  }

  /** Bytes of the running upload received so far; false once it was stopped. */
  transferProgress(id: number, transferred: number): boolean {
    const t = this.transfer;
    if (!t || t.id !== id) return false;
    t.transferred = transferred;
    return !t.stopped;
  }

  endTransfer(id: number): void {
    if (this.transfer?.id === id) this.transfer = null;
  }

  /** Stop the running upload (a person on the printer's web page or in Prusa Connect); with an id, only that one. */
  stopTransfer(id?: number): boolean {
    const t = this.transfer;
    if (!t || t.stopped || (id !== undefined && t.id !== id)) return false;
    t.stopped = true;
    return true;
  }

  get transferId(): number | null {
    return this.transfer && !this.transfer.stopped ? this.transfer.id : null;
  }

  /** GET /api/v1/transfer: the spec's Transfer, or null (204) when none runs. */
  transferInfo() {
    const t = this.transfer;
    if (!t || t.stopped) return null;
    const seconds = Math.round((this.now() - t.since) / 1000);
    const progress = Math.round((10000 * t.transferred) / t.size) / 100;
    const rate = seconds > 0 ? t.transferred / seconds : 0;
    return {
      type: 'FROM_CLIENT',
      display_name: t.path.split('/').pop()!,
      path: this.profile.storages[0].path,
      size: this.profile.transferSizeAs === 'string' ? String(t.size) : t.size,
      progress,
      transferred: t.transferred,
      time_remaining: rate > 0 ? Math.round((t.size - t.transferred) / rate) : 0,
      time_transferring: seconds,
      to_print: t.toPrint,
    };
  }

  /** Raise a fault (a thermal runaway, a filament runout): the job stops advancing. */
  raiseFault(state: 'ERROR' | 'ATTENTION', message: string): void {
    const j = this.job;
    if (j && j.state === 'PRINTING') {
      j.doneS = this.printedS(j);
      j.since = null;
      j.state = state === 'ERROR' ? 'ERROR' : 'PAUSED';
    }
    this.fault = { state, message };
  }

  clearFault(): void {
    this.fault = null;
  }

  /** The attached cameras as /api/v1/cameras lists them (the spec's Camera; PrusaLink says registered, the spec linked). */
  cameraList() {
    if (!this.camera) return [];
    const config = { path: '/dev/video0', name: 'Sim camera', driver: 'V4L2', resolution: '640x480' };
    return [{ camera_id: 'simcam0', config, connected: true, detected: true, stored: true, ...(this.profile.cameras === 'camera_list' ? { registered: false } : { linked: false }) }];
  }

  /** A PNG of the bed (a grey frame, the part's progress as an orange bar), or null without a camera. */
  snapshot(): Buffer | null {
    if (!this.camera) return null;
    const w = 64;
    const h = 48;
    const png = new pngjs.PNG({ width: w, height: h });
    const done = this.job ? this.printedS(this.job) / this.job.durationS : 0;
    for (let y = 0; y < h; y++) {
      for (let x = 0; x < w; x++) {
        const i = 4 * (y * w + x);
        const bar = y >= h - 8 && x < Math.round(done * w);
        png.data.set(bar ? [250, 104, 49, 255] : [60 + y, 60 + y, 64 + y, 255], i);
      }
    }
    return pngjs.PNG.sync.write(png);
  }

  fileNames(): string[] {
    return [...this.files.keys()];
  }
}
