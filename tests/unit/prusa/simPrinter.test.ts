/** The printer simulator's state machine on a clock the test moves: PrusaLink states, jobs, storage, faults. */
import { describe, expect, it } from 'vitest';
import { SimPrinter, SimRefusal } from '../../../tools/prusa/printerSim/simPrinter.ts';
import type { SimProfileName } from '../../../tools/prusa/printerSim/simProfiles.ts';

const gcode = (seconds: string, extra = '') => new TextEncoder().encode(`G1 X1\n; estimated printing time (normal mode) = ${seconds}\n; temperature = 215\n; bed_temperature = 60\n${extra}`);

const text = (n: number) => new TextEncoder().encode('G1 X1\n'.repeat(Math.ceil(n / 6)).slice(0, n));

function printer(o: { speed?: number; storageBytes?: number; profile?: SimProfileName; commandDelayMs?: number } = {}) {
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
  it('mk4, mini and xl have only a usb storage; mk4 and mini give no free space, xl does; a full one is 507', () => {
    for (const profile of ['mk4', 'mini', 'xl'] as const) {
      const { p } = printer({ profile, storageBytes: 100 });
      expect(p.storage().map((s) => [s.type, s.path])).toEqual([['USB', '/usb']]);
      expect(p.storageName).toBe('usb');
      const st = p.status().storage as { path: string; free_space?: number };
      expect(st.path).toBe('/usb');
      expect(st.free_space === undefined).toBe(profile !== 'xl');
      expect(p.storage()[0].free_space === undefined).toBe(profile !== 'xl');
      expect(refused(() => p.store('big.gcode', text(200), opts)).status).toBe(507);
    }
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

  it('continue is not resume: a paused job stays paused', () => {
    const { p } = printer();
    p.store('a.gcode', gcode('100s'), { printAfter: true, overwrite: false });
    p.pause(1);
    p.continueJob(1);
    expect(p.state).toBe('PAUSED');
    expect(refused(() => p.continueJob(9)).status).toBe(404);
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
