/** The printer simulator's state machine on a clock the test moves: PrusaLink states, jobs, storage, faults. */
import { describe, expect, it } from 'vitest';
import { SimPrinter, SimRefusal } from '../../../tools/prusa/printerSim/simPrinter.ts';

const gcode = (seconds: string, extra = '') => new TextEncoder().encode(`G1 X1\n; estimated printing time (normal mode) = ${seconds}\n; temperature = 215\n; bed_temperature = 60\n${extra}`);

function printer(o: { speed?: number; storageBytes?: number } = {}) {
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
    expect(refused(() => p.store('c.gcode', gcode('5s'), { printAfter: true, overwrite: false })).status).toBe(409);
    expect(p.fileNames()).toEqual(['a.gcode', 'b.gcode']);
    expect(p.jobInfo()).toMatchObject({ id: 1, file: { name: 'a.gcode' } });
  });

  it('full storage, existing names and bad names are refused before anything is stored', () => {
    const { p } = printer({ storageBytes: 200 });
    p.store('a.gcode', new Uint8Array(150), opts);
    expect(refused(() => p.store('b.gcode', new Uint8Array(100), opts)).message).toMatch(/Not enough space.*100 bytes needed, 50 free/);
    expect(refused(() => p.store('a.gcode', new Uint8Array(10), opts)).message).toMatch(/already exists/);
    p.store('a.gcode', new Uint8Array(10), { printAfter: false, overwrite: true });
    expect(p.freeBytes).toBe(190);
    expect(refused(() => p.store('x.exe', new Uint8Array(1), opts)).status).toBe(409);
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
