/**
 * `engiai printer-sim --profile`: the real process answers as the chosen printer does (an MK4: only
 * a `usb` storage, no free space; Python PrusaLink: status.storage an array, a camera with --camera), and an unknown profile
 * is refused with the list and exit code 2, before anything listens.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { rmSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { BIN, engiai, tempHome } from './helpers.ts';

const home = tempHome('engiai-printer-sim-');
const children: ChildProcess[] = [];
afterAll(() => {
  for (const c of children) c.kill('SIGTERM');
  rmSync(home, { recursive: true, force: true });
});

/** Starts the simulator and resolves with the URL it prints on stdout. */
function startSim(args: string[]): Promise<string> {
  const child = spawn(process.execPath, [BIN, 'printer-sim', ...args], { env: { ...process.env, ENGIAI_HOME: home }, stdio: ['ignore', 'pipe', 'pipe'] });
  children.push(child);
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (d: Buffer) => {
      out += d.toString();
      const url = /^(http:\/\/127\.0\.0\.1:\d+)\n/m.exec(out)?.[1];
      if (url) resolve(url);
    });
    child.once('exit', (code) => reject(new Error(`printer-sim exited (${code}) before printing its URL`)));
  });
}

const get = async (url: string, path: string) => (await fetch(`${url}${path}`, { headers: { 'X-Api-Key': 'cli-key-0123456789', Accept: 'application/json' } })).json();

describe('engiai printer-sim --profile', () => {
  it('mk4: only a usb storage, no free space reported', async () => {
    const url = await startSim(['--profile', 'mk4', '--api-key', 'cli-key-0123456789']);
    const storage = (await get(url, '/api/v1/storage')) as { storage_list: { type: string; path: string; free_space?: number }[] };
    expect(storage.storage_list).toEqual([expect.objectContaining({ type: 'USB', path: '/usb/' })]);
    expect(storage.storage_list[0].free_space).toBeUndefined();
    expect(((await get(url, '/api/v1/status')) as { storage: { path: string } }).storage).toMatchObject({ path: '/usb/' });
  }, 60_000);

  it('prusalink: status.storage is an array; --camera attaches a camera ({camera_list}, a PNG snapshot)', async () => {
    const url = await startSim(['--profile', 'prusalink', '--api-key', 'cli-key-0123456789', '--camera', '--upload-kbps', '500']);
    expect(Array.isArray(((await get(url, '/api/v1/status')) as { storage: unknown }).storage)).toBe(true);
    expect(((await get(url, '/api/v1/cameras')) as { camera_list: unknown[] }).camera_list).toHaveLength(1);
    const snap = await fetch(`${url}/api/v1/cameras/snap`, { headers: { 'X-Api-Key': 'cli-key-0123456789' } });
    expect([snap.status, snap.headers.get('content-type')]).toEqual([200, 'image/png']);
  }, 60_000);

  it('an unknown profile is refused with the list, exit code 2', () => {
    const r = engiai(home, ['printer-sim', '--profile', 'mk3', '--api-key', 'k']);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/--profile must be one of sim, prusalink, mk4, mini, xl, legacy, got "mk3"/);
  }, 60_000);
});
