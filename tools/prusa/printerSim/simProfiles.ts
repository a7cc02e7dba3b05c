/**
 * How each kind of real printer answers PrusaLink's v1 API where it differs from the spec or from
 * another kind: the facts `engiai printer-sim --profile` plays. Written by us as data; the sources
 * are named per fact (PrusaLink's OpenAPI spec, prusa3d/Prusa-Link-Web spec/openapi.yaml, version
 * "1.0.0-draft" at commit 54a54b418edff78f911490744cb851a2e7682d6e; Python PrusaLink's web handlers,
 * prusa3d/Prusa-Link at commit 58d09dad9a9ceed9a6cb48c564a32c727feb31ec; and the firmware behaviour
 * listed in issue 23 for MK4, MINI and XL).
 *
 * - `sim`: the simulator's own default (kind: one local storage with its free space, instant
 *   commands, a finished job stays visible); the upload codes are the real ones.
 * - `prusalink`: Python PrusaLink (MK3S and older behind a Raspberry Pi): `status.storage` is an
 *   array, a finished job is gone (GET /api/v1/job answers 204), HEAD booleans are Python's
 *   `True`/`False`, full storage 413; commands are queued, so they act after a delay.
 * - `mk4`, `mini`, `xl`: Buddy firmware: only a `usb` storage; MK4 and MINI report no free space;
 *   full storage 507; commands act after a delay.
 * - `legacy`: a host with only the old OctoPrint-style API (Prusa-Link-Web's own mock): /api/v1/*
 *   is an HTML 404 page and a password is asked for with HTTP Basic.
 */
import type { StorageInfo } from '../prusaLink.ts';

export const SIM_PROFILES = ['sim', 'prusalink', 'mk4', 'mini', 'xl', 'legacy'] as const;
export type SimProfileName = (typeof SIM_PROFILES)[number];

export interface SimProfile {
  name: SimProfileName;
  /** What `/api/version` says (text, firmware). */
  version: { text: string; firmware: string; api: string };
  /** The storages /api/v1/storage lists; the first is where uploads go. */
  storages: readonly Omit<StorageInfo, 'free_space' | 'total_space'>[];
  /** Whether free_space (and total_space) are reported, in /api/v1/storage and status.storage. */
  reportsFreeSpace: boolean;
  /** status.storage: the spec's object, or Python PrusaLink's array. */
  statusStorage: 'object' | 'array';
  /** Status of an upload that does not fit (spec: unlisted; PrusaLink 413, firmware 507). */
  storageFullStatus: 413 | 507;
  /** Whether GET /api/v1/job still shows a FINISHED or STOPPED job (PrusaLink: 204 instead). */
  endedJobVisible: boolean;
  /** HEAD /api/v1/files/…: how Read-Only and Currently-Printed spell a boolean. */
  headBoolean: (v: boolean) => string;
  /** Real milliseconds before start, pause, resume and stop take effect (the command is queued). */
  commandDelayMs: number;
  /** Only the OctoPrint-style API: /api/v1/* is an HTML 404, a password is asked for with Basic. */
  legacy: boolean;
}

const LOCAL = { name: 'PrusaLink gcodes', type: 'LOCAL', path: '/local', available: true, read_only: false } as const;
const USB = { name: 'usb', type: 'USB', path: '/usb', available: true, read_only: false } as const;
const lower = (v: boolean) => String(v);

const firmware = (name: 'mk4' | 'mini' | 'xl', text: string, reportsFreeSpace: boolean): SimProfile => ({
  name,
  version: { text, firmware: '6.1.3+8240', api: '2.0.0' },
  storages: [USB],
  reportsFreeSpace,
  statusStorage: 'object',
  storageFullStatus: 507,
  endedJobVisible: true,
  headBoolean: lower,
  commandDelayMs: 400,
  legacy: false,
});

export const PROFILES: Readonly<Record<SimProfileName, SimProfile>> = {
  sim: {
    name: 'sim',
    version: { text: 'PrusaLink (EngiAI printer simulator)', firmware: '6.1.3+sim', api: '2.0.0' },
    storages: [LOCAL],
    reportsFreeSpace: true,
    statusStorage: 'object',
    storageFullStatus: 413,
    endedJobVisible: true,
    headBoolean: lower,
    commandDelayMs: 0,
    legacy: false,
  },
  prusalink: {
    name: 'prusalink',
    version: { text: 'PrusaLink', firmware: '3.14.1-8237', api: '2.0.0' },
    storages: [LOCAL, { name: 'SD Card', type: 'SDCARD', path: '/sdcard', available: false, read_only: true }],
    reportsFreeSpace: true,
    statusStorage: 'array',
    storageFullStatus: 413,
    endedJobVisible: false,
    headBoolean: (v) => (v ? 'True' : 'False'),
    commandDelayMs: 400,
    legacy: false,
  },
  mk4: firmware('mk4', 'PrusaLink MK4', false),
  mini: firmware('mini', 'PrusaLink MINI', false),
  xl: firmware('xl', 'PrusaLink XL', true),
  legacy: {
    name: 'legacy',
    version: { text: 'Prusa-Link-Web mock (OctoPrint-style API)', firmware: '4.4.0', api: '0.1' },
    storages: [LOCAL],
    reportsFreeSpace: true,
    statusStorage: 'object',
    storageFullStatus: 413,
    endedJobVisible: true,
    headBoolean: lower,
    commandDelayMs: 0,
    legacy: true,
  },
};

export function simProfile(name: string): SimProfile {
  if (!(SIM_PROFILES as readonly string[]).includes(name)) throw new Error(`unknown printer profile "${name}": one of ${SIM_PROFILES.join(', ')}`);
  return PROFILES[name as SimProfileName];
}
