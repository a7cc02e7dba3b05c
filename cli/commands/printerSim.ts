/**
 * `engiai printer-sim [--profile P] [--port P] [--api-key K] [--password W] [--speed S] [--storage-mb N] [--camera] [--upload-kbps N]`:
 * a PrusaLink-compatible printer on loopback (same endpoints, auth and JSON shapes) for demos and
 * tests without hardware, answering as a real kind of printer does with --profile (mk4, mini, xl:
 * Buddy firmware; prusalink: Python PrusaLink; legacy: the old OctoPrint-style API only; see
 * tools/prusa/printerSim/simProfiles.ts). Prints its URL; point ENGIAI_PRINTER_URL and
 * ENGIAI_PRINTER_KEY at it.
 */
import type { Command } from 'commander';

export interface PrinterSimOptions {
  host?: string;
  port?: string;
  apiKey?: string;
  password?: string;
  speed?: string;
  storageMb?: string;
  profile?: string;
  camera?: boolean;
  uploadKbps?: string;
}

function numberOption(name: string, raw: string | undefined, min: number, max: number, fallback: number): number {
  if (raw === undefined) return fallback;
  const v = Number(raw);
  if (!Number.isFinite(v) || v < min || v > max) throw Object.assign(new Error(`--${name} must be a number in [${min}, ${max}], got "${raw}"`), { field: name });
  return v;
}

export async function runPrinterSim(o: PrinterSimOptions): Promise<void> {
  const { InputError } = await import('../../tools/errors.ts');
  const { randomBytes } = await import('node:crypto');
  const { SIM_PROFILES } = await import('../../tools/prusa/printerSim/simProfiles.ts');
  const profile = o.profile ?? 'sim';
  if (!(SIM_PROFILES as readonly string[]).includes(profile)) throw new InputError(`--profile must be one of ${SIM_PROFILES.join(', ')}, got "${profile}"`, { field: 'profile' });
  let port: number, speed: number, storageMb: number, uploadKbps: number;
  try {
    port = numberOption('port', o.port, 0, 65535, 0);
    speed = numberOption('speed', o.speed, 0.01, 1e6, 1);
    storageMb = numberOption('storage-mb', o.storageMb, 0, 1e6, 64);
    uploadKbps = numberOption('upload-kbps', o.uploadKbps, 0, 1e7, 0);
  } catch (err) {
    throw new InputError((err as Error).message, { field: (err as { field?: string }).field });
  }
  const apiKey = o.apiKey ?? (o.password ? undefined : randomBytes(9).toString('base64url'));
  const { startPrinterSim } = await import('../../tools/prusa/printerSim/simServer.ts');
  const sim = await startPrinterSim({ host: o.host ?? '127.0.0.1', port, apiKey, password: o.password, speed, storageBytes: Math.round(storageMb * 1024 * 1024), profile: profile as (typeof SIM_PROFILES)[number], camera: Boolean(o.camera), uploadBytesPerSecond: uploadKbps ? uploadKbps * 1000 : undefined });
  process.stdout.write(`${sim.url}\n`);
  process.stderr.write(
    `printer simulator on ${sim.url} (profile ${profile}, speed ×${speed}, ${storageMb} MB storage${sim.printer.camera ? ', a camera' : o.camera ? ', no camera: this profile serves none' : ''})\n` +
      (apiKey ? `  export ENGIAI_PRINTER_URL=${sim.url} ENGIAI_PRINTER_KEY=${o.apiKey ? '<the key you gave>' : apiKey}\n` : `  export ENGIAI_PRINTER_URL=${sim.url} ENGIAI_PRINTER_PASSWORD=…  (digest user maker)\n`),
  );
  await new Promise<void>((resolve) => {
    const stop = () => void sim.close().then(resolve);
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
  });
}

export function register(program: Command): void {
  program
    .command('printer-sim')
    .description('run a PrusaLink-compatible printer simulator (IDLE → PRINTING → FINISHED, pause, stop, full storage) for demos and tests')
    .option('--profile <name>', '[string] answer as this printer does: sim (default), prusalink, mk4, mini, xl, legacy')
    .option('--host <host>', '[string] listen address (default 127.0.0.1)')
    .option('--port <port>', '[integer] listen port, 0 = any free port (default 0)')
    .option('--api-key <key>', '[string] X-Api-Key it accepts (default: a random key, printed)')
    .option('--password <password>', '[string] accept HTTP digest auth for user maker with this password')
    .option('--speed <factor>', '[number] simulated seconds per real second (default 1)')
    .option('--storage-mb <mb>', '[number] storage size in MB (default 64)')
    .option('--camera', 'attach a camera (sim and prusalink; Buddy firmware profiles serve none)')
    .option('--upload-kbps <kbps>', '[number] read uploads at this many kB/s, as a real printer over Wi-Fi (default: as fast as they come)')
    .action(async (o: PrinterSimOptions) => {
      await runPrinterSim(o);
    });
}
