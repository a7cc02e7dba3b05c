/** The printer simulator's state machine on a clock the test moves: PrusaLink states, jobs, storage, faults. */
import { describe, expect, it } from 'vitest';
import { SimPrinter, SimRefusal } from '../../../tools/prusa/printerSim/simPrinter.ts';
import type { SimProfileName } from '../../../tools/prusa/printerSim/simProfiles.ts';

const gcode = (seconds: string, extra = '') => new TextEncoder().encode(`G1 X1\n; estimated printing time (normal mode) = ${seconds}\n; temperature = 215\n; bed_temperature = 60\n${extra}`);

const text = (n: number) => new TextEncoder().encode('G1 X1\n'.repeat(Math.ceil(n / 6)).slice(0, n));

function printer(o: { speed?: number; storageBytes?: number; profile?: SimProfileName; commandDelayMs?: number; camera?: boolean } = {}) {
  let now = 1_000_000;
  const p = new SimPrinter({ ...o, now: () => now });
  return { p, advance: (ms: number) => (now += ms) };
}

function refused(fn: () => void): SimRefusal {
  try {
    fn();
  } catch (err) {
    expect(err).toBeInstanceOf(SimRefusal);
    return err as SimRefusal;
  }
  throw new Error('expected a refusal');
}

const opts = { printAfter: false, overwrite: false };

describe('SimPrinter', () => {
  it('IDLE → PRINTING with progress and heating → FINISHED at the G-code estimate (scaled by speed)', () => {
    const { p, advance } = printer({ speed: 10 });
    expect(p.state).toBe('IDLE');
    expect(p.jobInfo()).toBeNull();
    p.store('part.gcode', gcode('10m 0s'), opts);
    p.print('part.gcode');
    expect(p.state).toBe('PRINTING');
    advance(30_000); // 300 simulated seconds of 600
    const s = p.status();
    expect(s.job).toMatchObject({ id: 1, progress: 50, time_remaining: 30 });
    expect(s.printer).toMatchObject({ state: 'PRINTING', target_nozzle: 215, target_bed: 60 });
    expect(s.printer.temp_nozzle!).toBeGreaterThan(200);
    advance(30_001);
    expect(p.state).toBe('FINISHED');
    expect(p.jobInfo()).toMatchObject({ id: 1, state: 'FINISHED', progress: 100, file: { name: 'part.gcode', meta: { estimated_print_time: 600 } } });
    // a finished printer takes the next job
    p.print('part.gcode');
    expect(p.jobInfo()).toMatchObject({ id: 2, state: 'PRINTING', progress: 0 });
  });

  it('pause stops the progress, resume continues it; a wrong job id or state is refused', () => {
    const { p, advance } = printer();
    p.store('a.gcode', gcode('100s'), { printAfter: true, overwrite: false });
    advance(20_000);
    p.pause(1);
    advance(50_000);
    expect(p.status().job?.progress).toBe(20);
    expect(p.state).toBe('PAUSED');
    expect(refused(() => p.pause(1)).status).toBe(409);
    expect(refused(() => p.resume(7)).status).toBe(404);
    p.resume(1);
    advance(10_000);
    expect(p.status().job?.progress).toBe(30);
    p.stop(1);
    expect(p.state).toBe('STOPPED');
    expect(refused(() => p.stop(1)).status).toBe(409);
  });

  it('a second print while one runs is refused and changes nothing', () => {
    const { p, advance } = printer();
    p.store('a.gcode', gcode('100s'), { printAfter: true, overwrite: false });
    p.store('b.gcode', gcode('100s'), opts);
    advance(10_000);
    const r = refused(() => p.print('b.gcode'));
    expect(r.status).toBe(409);
    expect(r.message).toMatch(/PRINTING/);
    // Print-After-Upload on a busy printer: the file is stored, then the start is refused (409), as PrusaLink does
    expect(refused(() => p.store('c.gcode', gcode('5s'), { printAfter: true, overwrite: false })).status).toBe(409);
    expect(p.fileNames()).toEqual(['a.gcode', 'b.gcode', 'c.gcode']);
    expect(p.jobInfo()).toMatchObject({ id: 1, file: { name: 'a.gcode' } });
  });

  it('full storage (413), existing names (409), non-G-code (415) and empty files (411) are refused; nothing is stored', () => {
    const { p } = printer({ storageBytes: 200 });
    p.store('a.gcode', text(150), opts);
    const full = refused(() => p.store('b.gcode', text(100), opts));
    expect([full.status, full.message]).toEqual([413, expect.stringMatching(/Not enough space.*100 bytes needed, 50 free/)]);
    expect(refused(() => p.store('a.gcode', text(10), opts)).message).toMatch(/already exists/);
    p.store('a.gcode', text(10), { printAfter: false, overwrite: true });
    expect(p.freeBytes).toBe(190);
    expect(refused(() => p.store('x.exe', text(1), opts)).status).toBe(415);
    expect(refused(() => p.store('zeros.gcode', new Uint8Array(8), opts)).status).toBe(415);
    expect(refused(() => p.store('part.gcode', new TextEncoder().encode('solid cube\n facet normal 0 0 1\n'), opts)).status).toBe(415);
    expect(refused(() => p.store('empty.gcode', new Uint8Array(0), opts)).status).toBe(411);
    expect(p.fileNames()).toEqual(['a.gcode']);
  });

  it('a fault stops the job and blocks new prints until cleared; status says why', () => {
    const { p, advance } = printer();
    p.store('a.gcode', gcode('100s'), { printAfter: true, overwrite: false });
    advance(40_000);
    p.raiseFault('ERROR', 'thermal runaway');
    advance(40_000);
    expect(p.state).toBe('ERROR');
    expect(p.status().printer.status_printer).toEqual({ ok: false, message: 'thermal runaway' });
    expect(p.status().job?.progress).toBe(40);
    expect(p.status().printer.target_nozzle).toBe(0);
    expect(refused(() => p.print('a.gcode')).status).toBe(409);
    p.stop(1);
    expect(p.state).toBe('STOPPED');
    p.print('a.gcode');
    expect(p.state).toBe('PRINTING');
  });
});

describe('SimPrinter profiles: as real printers answer', () => {
  // Buddy firmware 818d812f: basic_gets.cpp get_storage and status_renderer.cpp answer one "/usb/" storage without free space, on every model
  it('mk4, mini and xl have only a usb storage at /usb/ and none gives free space (firmware source); a full one is 507, an empty upload 501', () => {
    for (const profile of ['mk4', 'mini', 'xl'] as const) {
      const { p } = printer({ profile, storageBytes: 100 });
      expect(p.storage().map((s) => [s.type, s.path])).toEqual([['USB', '/usb/']]);
      expect(p.storageName).toBe('usb');
      const st = p.status().storage as { path: string; free_space?: number };
      expect(st.path).toBe('/usb/');
      expect(st.free_space).toBeUndefined();
      expect(p.storage()[0].free_space).toBeUndefined();
      expect(p.storage()[0].total_space).toBeUndefined();
      expect(refused(() => p.store('big.gcode', text(200), opts)).status).toBe(507);
      expect(refused(() => p.store('empty.gcode', new Uint8Array(0), opts))).toMatchObject({ status: 501, message: "0-sized files aren't implemented" });
    }
    expect(refused(() => printer({ profile: 'prusalink' }).p.store('empty.gcode', new Uint8Array(0), opts)).status).toBe(411);
  });

  it('prusalink: status.storage is an array, a full storage is 413, an ended job is gone', () => {
    const { p, advance } = printer({ profile: 'prusalink', commandDelayMs: 0 });
    expect(Array.isArray(p.status().storage)).toBe(true);
    p.store('a.gcode', gcode('10s'), { printAfter: true, overwrite: false });
    expect(p.jobInfo()).toMatchObject({ id: 1, state: 'PRINTING' });
    advance(11_000);
    expect(p.state).toBe('FINISHED');
    expect(p.jobInfo()).toBeNull();
    expect(p.status().job).toBeUndefined();
  });

  it('start, pause, resume and stop act after the command delay, not at once', () => {
    const { p, advance } = printer({ profile: 'mk4' });
    expect(p.profile.commandDelayMs).toBeGreaterThan(0);
    p.store('a.gcode', gcode('100s'), opts);
    p.print('a.gcode');
    expect(p.state).toBe('BUSY');
    expect(p.jobInfo()).toBeNull();
    advance(p.profile.commandDelayMs);
    expect(p.state).toBe('PRINTING');
    p.pause(1);
    expect(p.state).toBe('PRINTING');
    advance(p.profile.commandDelayMs);
    expect(p.state).toBe('PAUSED');
    p.resume(1);
    expect(p.state).toBe('PAUSED');
    advance(p.profile.commandDelayMs);
    expect(p.state).toBe('PRINTING');
    p.stop(1);
    expect(p.state).toBe('PRINTING');
    advance(p.profile.commandDelayMs);
    expect(p.state).toBe('STOPPED');
  });

  it('continue is not resume: a paused job stays paused; PrusaLink takes it as a no-op, the firmware refuses it (400)', () => {
    const { p } = printer();
    p.store('a.gcode', gcode('100s'), { printAfter: true, overwrite: false });
    p.pause(1);
    p.continueJob(1);
    expect(p.state).toBe('PAUSED');
    expect(refused(() => p.continueJob(9)).status).toBe(404);
    for (const profile of ['mk4', 'mini', 'xl'] as const) {
      const fw = printer({ profile, commandDelayMs: 0 }).p;
      fw.store('a.gcode', gcode('100s'), { printAfter: true, overwrite: false });
      fw.pause(1);
      // prusa_link_api_v1.cpp handle_command: only pause and resume are commands
      expect(refused(() => fw.continueJob(1)).status).toBe(400);
      expect(fw.state).toBe('PAUSED');
    }
  });

  it('a stop in ATTENTION aborts the job (firmware stop_print), pause and resume there are refused', () => {
    const { p } = printer({ profile: 'mk4', commandDelayMs: 0 });
    p.store('a.gcode', gcode('100s'), { printAfter: true, overwrite: false });
    p.raiseFault('ATTENTION', 'Filament runout');
    expect(refused(() => p.pause(1)).status).toBe(409);
    expect(refused(() => p.resume(1)).status).toBe(409);
    p.stop(1);
    expect(p.state).toBe('STOPPED');
  });

  it('an ATTENTION fault (filament runout) shows the job PAUSED; an ERROR shows it ERROR', () => {
    const { p } = printer();
    p.store('a.gcode', gcode('100s'), { printAfter: true, overwrite: false });
    p.raiseFault('ATTENTION', 'Filament runout');
    expect(p.state).toBe('ATTENTION');
    expect(p.jobInfo()?.state).toBe('PAUSED');
    p.clearFault();
    p.raiseFault('ERROR', 'thermal runaway');
    expect(p.jobInfo()?.state).toBe('ERROR');
  });

  it('a start that the printer takes but never prints (failNextStart): the printer shows the fault', () => {
    const { p } = printer();
    p.store('a.gcode', gcode('100s'), opts);
    p.failNextStart('ATTENTION', 'Filament not loaded');
    p.print('a.gcode');
    expect(p.state).toBe('ATTENTION');
    expect(p.jobInfo()).toBeNull();
  });
});

describe('SimPrinter folders, transfers and cameras', () => {
  it('an upload into a folder makes its folders; a folder lists its children (the spec\'s FolderInfo)', () => {
    const { p } = printer();
    p.store('jobs/2026/part.gcode', gcode('10s'), opts);
    expect(p.isFolder('jobs')).toBe(true);
    expect(p.file('')).toMatchObject({ type: 'FOLDER', children: [{ name: 'jobs', type: 'FOLDER' }] });
    expect(p.file('jobs/2026')).toMatchObject({ name: '2026', type: 'FOLDER', read_only: false, children: [{ name: 'part.gcode', type: 'PRINT_FILE', size: expect.any(Number) }] });
    expect(p.file('jobs/2026/part.gcode')).toMatchObject({ name: 'part.gcode', path: '/local/jobs/2026', type: 'PRINT_FILE' });
    p.print('jobs/2026/part.gcode');
    expect(p.state).toBe('PRINTING');
    expect(refused(() => p.store('jobs', gcode('1s'), opts)).status).toBe(415);
  });

  it('Create-Folder: a second time 409 on the firmware and the spec, 201 (no error) on PrusaLink; a file in the way 409', () => {
    for (const [profile, again] of [['mk4', 409], ['sim', 409], ['prusalink', 201]] as const) {
      const { p } = printer({ profile });
      p.createFolder('jobs');
      if (again === 409) expect(refused(() => p.createFolder('jobs'))).toMatchObject({ status: 409, title: 'Already exists' });
      else p.createFolder('jobs');
      p.store('a.gcode', gcode('1s'), opts);
      expect(refused(() => p.createFolder('a.gcode')).status).toBe(409);
      expect(refused(() => p.createFolder('../up')).status).toBe(400);
    }
  });

  it('a non-empty folder: PrusaLink 409 unless Force, the firmware 404 (its remove() fails), Force ignored there', () => {
    const link = printer({ profile: 'prusalink' }).p;
    link.store('jobs/a.gcode', gcode('1s'), opts);
    expect(refused(() => link.deleteFile('jobs')).status).toBe(409);
    link.deleteFile('jobs', true);
    expect(link.isFolder('jobs')).toBe(false);
    expect(link.fileNames()).toEqual([]);
    const fw = printer({ profile: 'xl' }).p;
    fw.store('jobs/a.gcode', gcode('1s'), opts);
    expect(refused(() => fw.deleteFile('jobs', true)).status).toBe(404);
    fw.deleteFile('jobs/a.gcode');
    fw.deleteFile('jobs');
    expect(fw.isFolder('jobs')).toBe(false);
  });

  it('a transfer shows while it runs (size a string on the firmware, a number on PrusaLink), one at a time, and can be stopped', () => {
    for (const [profile, size] of [['mk4', '1000'], ['prusalink', 1000]] as const) {
      const { p, advance } = printer({ profile });
      expect(p.transferInfo()).toBeNull();
      const id = p.beginTransfer('jobs/a.gcode', 1000, true);
      expect(refused(() => p.beginTransfer('b.gcode', 10, false))).toMatchObject({ status: 409, message: profile === 'mk4' ? 'Another transfer in progress' : 'Only one file at time can be transferred.' });
      advance(2000);
      expect(p.transferProgress(id, 250)).toBe(true);
      expect(p.transferInfo()).toEqual({ type: 'FROM_CLIENT', display_name: 'a.gcode', path: p.profile.storages[0].path, size, progress: 25, transferred: 250, time_remaining: 6, time_transferring: 2, to_print: true });
      expect(p.status().transfer).toMatchObject({ id, progress: 25, time_transferring: 2 });
      expect(p.stopTransfer(id + 1)).toBe(false);
      expect(p.stopTransfer(id)).toBe(true);
      expect(p.transferProgress(id, 500)).toBe(false);
      expect(p.transferInfo()).toBeNull();
      p.endTransfer(id);
      expect(p.beginTransfer('b.gcode', 10, false)).toBe(id + 1);
    }
  });

  it('cameras: none on the firmware (no routes) even when asked for; a PNG snapshot where one is attached', () => {
    expect(printer({ profile: 'mk4', camera: true }).p.camera).toBe(false);
    const { p } = printer({ profile: 'prusalink', camera: true });
    expect(p.cameraList()).toMatchObject([{ camera_id: 'simcam0', connected: true, registered: false }]);
    const png = p.snapshot()!;
    expect([...png.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    expect(printer({ profile: 'sim' }).p.snapshot()).toBeNull();
  });
});
