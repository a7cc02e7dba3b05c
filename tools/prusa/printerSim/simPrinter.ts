/**
 * The simulated printer behind `engiai printer-sim`: storage, jobs and temperatures with the
 * states PrusaLink reports (IDLE → PRINTING with progress → FINISHED; PAUSED; STOPPED; ERROR and
 * ATTENTION when a fault is raised). Time is read from a clock and scaled by `speed` (simulated
 * seconds per real second), so a 20-minute print can finish in a test's second. No I/O: the HTTP
 * face is simServer.ts. The answers are PrusaLink's JSON shapes (spec/openapi.yaml), as the chosen
 * profile (simProfiles.ts) gives them: storages, free space, ended jobs, the status of a full
 * storage, and commands that act after a delay as on a real printer.
 */
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
    readonly status: 400 | 404 | 409 | 411 | 413 | 415 | 507,
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
  private readonly files = new Map<string, StoredFile>();
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
      storage: this.profile.statusStorage === 'array' ? (this.storage() as unknown as PrinterStatus['storage']) : this.statusStorage(),
    };
  }

  private statusStorage(): PrinterStatus['storage'] {
    const s = this.profile.storages[0];
    return { name: s.name ?? s.type, path: s.path, read_only: s.read_only ?? false, ...(this.profile.reportsFreeSpace ? { free_space: this.freeBytes } : {}) };
  }

  /** The storage name uploads go to, as in /api/v1/files/NAME/… ("local", "usb"). */
  get storageName(): string {
    return this.profile.storages[0].path.replace(/^\//, '');
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
    return { name: f.name, display_name: f.name, path: this.profile.storages[0].path, display_path: `/${this.profile.storages[0].name}`, size: f.bytes, m_timestamp: Math.floor(f.mtime / 1000), type: 'PRINT_FILE', read_only: false, meta };
  }

  file(name: string) {
    const f = this.files.get(name);
    if (!f) throw new SimRefusal(404, 'Not Found', `File ${name} not found.`);
    return this.fileView(f);
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
    if (bytes === 0) throw new SimRefusal(411, 'Length Required', 'Missing Content-Length header or no content in request.');
    if (!/^[^/\0]{1,200}$/.test(name) || !/\.(?:gcode|bgcode|gco|g)$/i.test(name)) throw new SimRefusal(415, 'Unsupported Media Type', `Only G-Code for FDM printer can be uploaded (${name}).`);
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

  /** PUT …/continue: "continue after a timelapse capture"; PrusaLink does nothing (204), it is not a resume. */
  continueJob(id: number): void {
    this.jobById(id);
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

  deleteFile(name: string): void {
    if (!this.files.has(name)) throw new SimRefusal(404, 'Not Found', `File ${name} not found.`);
    if (this.currentlyPrinted(name)) throw new SimRefusal(409, 'File Currently Printed', `File ${name} is being printed.`);
    this.files.delete(name);
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

  fileNames(): string[] {
    return [...this.files.keys()];
  }
}
